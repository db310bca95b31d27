-- expect: 1
-- message: in loadView
local p = ui.ViewController{ name = 'p' }
local c = ui.ViewController{ name = 'c', loadView = function() error('in loadView') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
