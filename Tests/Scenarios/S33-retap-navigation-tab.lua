-- S33 / Q12: re-tapping a navigation tab: didSelect, then an animated pop to its root
local a, b = ui.ViewController{ name = "a", title = "A" }, ui.ViewController{ name = "b", title = "B" }
local n = ui.NavigationController{ name = "n", root = a }
n.tabBarItem = ui.TabBarItem{ title = "Mail" }
local t = ui.TabBarController{ name = "t", viewControllers = { n, ui.ViewController{ title = "Other" } }, delegate = {} }
ui.window.rootViewController = t
ui.window:makeKeyAndVisible()
n:pushViewController(b, false)
ui.settle()
ui.trace.mark()
ui.tap("Mail")
ui.settle()
ui.expectTrace [[
  t.delegate.shouldSelect(viewController: n) -> true
  t.delegate.didSelect(viewController: n)
  b.willMove(toParent: nil)
  b.viewWillDisappear(animated: true)
  a.viewWillAppear(animated: true)
  a.viewIsAppearing(animated: true)
  b.viewDidDisappear(animated: true)
  a.viewDidAppear(animated: true)
  b.didMove(toParent: nil)
]]
print("OK")
