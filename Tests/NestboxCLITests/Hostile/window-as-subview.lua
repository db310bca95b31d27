-- expect: 1
-- message: window-as-subview.lua:11: NSInvalidArgumentException: Nestbox: <Window: window> cannot be a subview of <View: holder>: the window is the root of every view hierarchy
-- Found by fuzzing: a window inside a view, then a root controller whose view holds
-- that view, made the window its own ancestor; every later walk up the tree hung.
local root = ui.ViewController{ name = "root" }
local holder = ui.View{ name = "holder" }
root.view:addSubview(holder)
assert(not pcall(function() holder:insertSubview(ui.window, 1) end))
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
holder:addSubview(ui.window)
