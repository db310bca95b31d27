-- expect: 1
-- message: bad argument #1 to 'setmetatable' (table expected, got View)
setmetatable(ui.View{}, {})
