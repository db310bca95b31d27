-- expect: 1
-- message: in viewDidLoad
local p = ui.ViewController{ name = 'p' }
local c = ui.ViewController{ name = 'c', viewDidLoad = function() error('in viewDidLoad') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
