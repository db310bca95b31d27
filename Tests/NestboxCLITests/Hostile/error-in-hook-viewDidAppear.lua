-- expect: 1
-- message: in viewDidAppear
local p = ui.ViewController{ name = 'p' }
local c = ui.ViewController{ name = 'c', viewDidAppear = function() error('in viewDidAppear') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
