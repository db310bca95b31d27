-- expect: 1
-- message: over the 16 MiB cap
local s = string.rep('x', 1e9)
