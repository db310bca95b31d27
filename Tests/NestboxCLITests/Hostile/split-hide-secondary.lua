-- expect: 1
-- message: split-hide-secondary.lua:8: NSInvalidArgumentException: Nestbox: hide(_:) does not support hiding the secondary column (UIKit's documentation)
-- Apple's documentation of hide(_:): the secondary column cannot be hidden (Q45).
ui.setDevice("iPad")
local svc = ui.SplitViewController{ name = "svc", primary = ui.ViewController{ name = "p" }, secondary = ui.ViewController{ name = "s" } }
ui.window.rootViewController = svc
ui.window:makeKeyAndVisible()
svc:hide("secondary")
