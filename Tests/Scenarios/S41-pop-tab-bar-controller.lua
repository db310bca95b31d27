-- S41: popping a tab bar controller off a navigation stack: the grandchild gets no willMove/didMove
local a, x = ui.ViewController{ name = "a" }, ui.ViewController{ name = "x" }
local t = ui.TabBarController{ name = "t", viewControllers = { x } }
local n = ui.NavigationController{ name = "n", root = a }
ui.window.rootViewController = n
ui.window:makeKeyAndVisible()
n:pushViewController(t, false)
ui.settle()
ui.trace.mark()
n:popViewController(true)
ui.settle()
ui.expectTrace [[
  t.willMove(toParent: nil)
  t.viewWillDisappear(animated: true)
  x.viewWillDisappear(animated: true)
  a.viewWillAppear(animated: true)
  a.viewIsAppearing(animated: true)
  t.viewDidDisappear(animated: true)
  x.viewDidDisappear(animated: true)
  a.viewDidAppear(animated: true)
  t.didMove(toParent: nil)
]]
print("OK")
