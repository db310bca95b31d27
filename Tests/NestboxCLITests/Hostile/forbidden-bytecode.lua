-- expect: 1
-- message: attempt to load a binary chunk
local f, err = load('\27Lua\84\0\25\147')
error(err, 0)
