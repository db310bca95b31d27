-- S25: the edge swipe goes through
local n = require("nav")({ "a", "b" })
ui.pan{ from = { 5, 400 }, to = { 300, 400 }, steps = 3, duration = 0.3 }
ui.settle()
ui.expectTrace [[
  b.willMove(toParent: nil)
  b.viewWillDisappear(animated: true)
  a.viewWillAppear(animated: true)
  n.delegate.willShow(viewController: a, animated: true)
  a.viewIsAppearing(animated: true)
  b.viewDidDisappear(animated: true)
  a.viewDidAppear(animated: true)
  b.didMove(toParent: nil)
  n.delegate.didShow(viewController: a, animated: true)
]]
assert(#n.viewControllers == 1)
print("OK")
