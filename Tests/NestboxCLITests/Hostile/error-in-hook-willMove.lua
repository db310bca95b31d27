-- expect: 1
-- message: in willMove
local p = ui.ViewController{ name = 'p' }
local c = ui.ViewController{ name = 'c', willMove = function() error('in willMove') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
