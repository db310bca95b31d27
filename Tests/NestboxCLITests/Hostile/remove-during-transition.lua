-- expect: 0
local p, a, b = ui.ViewController{}, ui.ViewController{}, ui.ViewController{}
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(a); p.view:addSubview(a.view); p:addChild(b)
p:transition{ from = a, to = b, duration = 0.3, animations = function() b:removeFromParent(); a.view:removeFromSuperview() end }
ui.settle()
print('OK')
