-- expect: 1
-- message: in viewWillTransition
local p = ui.ViewController{ viewWillTransition = function() error('in viewWillTransition') end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
ui.rotate('landscapeLeft')
