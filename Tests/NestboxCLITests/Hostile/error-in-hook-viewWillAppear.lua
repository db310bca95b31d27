-- expect: 1
-- message: in viewWillAppear
local p = ui.ViewController{ name = 'p' }
local c = ui.ViewController{ name = 'c', viewWillAppear = function() error('in viewWillAppear') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
