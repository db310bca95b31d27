-- expect: 1
-- message: window-as-view.lua:6: NSInvalidArgumentException: Nestbox: <Window: window> cannot be the view of <ViewController: vc>: the window is the root of every view hierarchy
-- A controller whose view is the window would be installed inside the window itself
-- (this hung the host).
local vc = ui.ViewController{ name = "vc" }
vc.view = ui.window
ui.window.rootViewController = vc
ui.window:makeKeyAndVisible()
