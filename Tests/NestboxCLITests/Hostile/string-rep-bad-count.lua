-- expect: 1
-- message: string-rep-bad-count.lua:4: bad argument #2 to 'rep' (number expected, got table)
-- The cap is checked in C with rep's own argument checks: errors name the script's line.
local s = string.rep("x", {})
