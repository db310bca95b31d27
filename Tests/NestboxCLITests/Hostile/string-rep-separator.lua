-- expect: 1
-- message: string-rep-separator.lua:5: string.rep: result of 59999995 bytes is over the 16 MiB cap
-- The size is n * (#s + #sep) - #sep, with a number for sep counted as its string
-- ("12345", 5 bytes): the cap once counted only the string separators.
local s = ("x"):rep(10000000, 12345)
