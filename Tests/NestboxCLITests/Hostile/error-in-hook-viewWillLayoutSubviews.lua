-- expect: 1
-- message: in viewWillLayoutSubviews
local p = ui.ViewController{ name = 'p' }
local c = ui.ViewController{ name = 'c', viewWillLayoutSubviews = function() error('in viewWillLayoutSubviews') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
