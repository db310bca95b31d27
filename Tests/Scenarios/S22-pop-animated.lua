-- S22: pop, animated
local n, vcs = require("nav")({ "a", "b" })
local fromParent
vcs[2].viewWillDisappear = function(self) fromParent = self.isMovingFromParent end
assert(n:popViewController(true) == vcs[2])
ui.advance(0.35)
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
assert(fromParent == true and #n.children == 1)
assert(n:popViewController(true) == nil, "the root stays")
print("OK")
