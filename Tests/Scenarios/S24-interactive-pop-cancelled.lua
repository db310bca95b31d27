-- S24 / Q11: the edge swipe starts a pop and gives up
local n, vcs = require("nav")({ "a", "b" })
ui.pan{ from = { 5, 400 }, to = { 120, 400 }, steps = 3, duration = 0.3 }
ui.settle()
ui.expectTrace [[
  b.willMove(toParent: nil)
  b.viewWillDisappear(animated: true)
  a.viewWillAppear(animated: true)
  n.delegate.willShow(viewController: a, animated: true)
  a.viewIsAppearing(animated: true)
  a.viewWillDisappear(animated: true)
  a.viewDidDisappear(animated: true)
  b.viewWillAppear(animated: true)
  b.viewIsAppearing(animated: true)
  b.viewDidAppear(animated: true)
]]
assert(#n.viewControllers == 2 and vcs[2].parent == n and n.topViewController == vcs[2])
print("OK")
