-- S21: push while the navigation controller is off screen: only willMove
local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
local n = ui.NavigationController{ name = "n", root = a }
ui.trace.mark()
n:pushViewController(b, false)
ui.settle()
ui.expectTrace "b.willMove(toParent: n)"
assert(not b.isViewLoaded)
ui.window.rootViewController = n
ui.window:makeKeyAndVisible()
assert(not a.isViewLoaded and b.appearanceState == "appeared")
print("OK")
