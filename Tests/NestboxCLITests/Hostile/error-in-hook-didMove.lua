-- expect: 1
-- message: in didMove
local p = ui.ViewController{ name = 'p' }
local c = ui.ViewController{ name = 'c', didMove = function() error('in didMove') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
