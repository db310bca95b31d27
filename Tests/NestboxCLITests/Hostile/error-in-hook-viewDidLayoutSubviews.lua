-- expect: 1
-- message: in viewDidLayoutSubviews
local p = ui.ViewController{ name = 'p' }
local c = ui.ViewController{ name = 'c', viewDidLayoutSubviews = function() error('in viewDidLayoutSubviews') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
