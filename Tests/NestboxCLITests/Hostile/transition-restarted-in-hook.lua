-- expect: 0
local p, a = ui.ViewController{}, ui.ViewController{}
local b
b = ui.ViewController{ viewWillAppear = function() pcall(function() p:transition{ from = a, to = b, duration = 0.1 } end) end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(a); p.view:addSubview(a.view); p:addChild(b)
p:transition{ from = a, to = b, duration = 0.1 }
ui.settle()
print('OK')
