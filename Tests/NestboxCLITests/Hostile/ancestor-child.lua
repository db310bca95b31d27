-- expect: 1
-- message: it is that controller or one of its ancestors
local a, b = ui.ViewController{ name = 'a' }, ui.ViewController{ name = 'b' }
a:addChild(b)
b:addChild(a)
