-- expect: 1
-- message: in viewIsAppearing
local p = ui.ViewController{ name = 'p' }
local c = ui.ViewController{ name = 'c', viewIsAppearing = function() error('in viewIsAppearing') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
