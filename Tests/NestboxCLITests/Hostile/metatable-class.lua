-- expect: 1
-- message: cannot change a protected metatable
setmetatable(ui.ViewController, {})
