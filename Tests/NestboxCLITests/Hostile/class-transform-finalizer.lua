-- expect: 1
-- message: class-transform-finalizer.lua:6: cannot set '__gc' on ui.Transform (classes from ui are read-only)
-- ui.Transform was the metatable the host gives every transform it makes, through
-- lua_setmetatable, past the sandbox's check: an endless __gc hung the process at exit.
local v = ui.View{}
ui.Transform.__gc = function() while true do end end
local t = v.transform
