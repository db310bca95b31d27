-- S18: a navigation controller shown first, with a delegate (Q9: didMove before didShow)
local a = ui.ViewController{ name = "a" }
local n = ui.NavigationController{ name = "n", root = a, delegate = {} }
ui.window.rootViewController = n
ui.window:makeKeyAndVisible()
ui.expectTrace [[
  a.willMove(toParent: n)
  n.loadView()
  n.viewDidLoad()
  a.loadView()
  a.viewDidLoad()
  n.viewWillAppear(animated: false)
  a.viewWillAppear(animated: false)
  n.delegate.willShow(viewController: a, animated: false)
  n.viewIsAppearing(animated: false)
  a.viewIsAppearing(animated: false)
  n.viewDidAppear(animated: false)
  a.viewDidAppear(animated: false)
  a.didMove(toParent: n)
  n.delegate.didShow(viewController: a, animated: false)
]]
assert(a.navigationController == n and n.topViewController == a)
print("OK")
