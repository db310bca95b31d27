-- expect: 1
-- message: in willShow
local n = ui.NavigationController{ root = ui.ViewController{}, delegate = { willShow = function() error('in willShow') end } }
ui.window.rootViewController = n
ui.window:makeKeyAndVisible()
