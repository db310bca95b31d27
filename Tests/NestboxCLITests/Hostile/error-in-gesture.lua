-- expect: 1
-- message: in gesture
local p = ui.ViewController{}
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p.view:addGestureRecognizer(ui.TapGestureRecognizer{ action = function() error('in gesture') end })
ui.tap({ 100, 100 })
