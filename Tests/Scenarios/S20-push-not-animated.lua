-- S20 / Q9: push, not animated: the stack at once, the views on the next turn
local n = require("nav")({ "a" })
local b = ui.ViewController{ name = "b" }
n:pushViewController(b, false)
assert(n.topViewController == b and not b.isViewLoaded)
ui.advance(0)
ui.expectTrace [[
  b.willMove(toParent: n)
  b.loadView()
  b.viewDidLoad()
  a.viewWillDisappear(animated: false)
  b.viewWillAppear(animated: false)
  n.delegate.willShow(viewController: b, animated: false)
  b.viewIsAppearing(animated: false)
  a.viewDidDisappear(animated: false)
  b.viewDidAppear(animated: false)
  b.didMove(toParent: n)
  n.delegate.didShow(viewController: b, animated: false)
]]
print("OK")
