-- expect: 1
-- message: string-rep-numeric-string.lua:5: string.rep: result of 50000000 bytes is over the 16 MiB cap
-- rep reads a numeric string as its count, so the cap must too (it let this one
-- through and built 50 MB).
local s = string.rep("x", "50000000")
