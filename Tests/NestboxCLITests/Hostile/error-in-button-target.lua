-- expect: 1
-- message: in target
local p = ui.ViewController{}
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
local b = ui.Button{ title = 'Go', frame = { 0, 100, 80, 40 } }
b:addTarget(function() error('in target') end)
p.view:addSubview(b)
ui.tap('Go')
