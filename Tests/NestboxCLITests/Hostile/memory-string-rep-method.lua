-- expect: 1
-- message: over the 16 MiB cap
local s = ('x'):rep(1e9)
