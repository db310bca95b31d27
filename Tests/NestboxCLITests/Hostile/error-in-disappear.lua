-- expect: 1
-- message: in viewWillDisappear
local p = ui.ViewController{}
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p.viewWillDisappear = function() error('in viewWillDisappear') end
ui.window.rootViewController = ui.ViewController{}
