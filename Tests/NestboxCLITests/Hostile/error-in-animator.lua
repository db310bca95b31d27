-- expect: 1
-- message: in animator
local p, a, b = ui.ViewController{}, ui.ViewController{}, ui.ViewController{}
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(a); p.view:addSubview(a.view); p:addChild(b)
p:transition{ from = a, to = b, animator = { transitionDuration = 0.3, animateTransition = function() error('in animator') end } }
