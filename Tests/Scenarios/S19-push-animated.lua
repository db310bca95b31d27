-- S19: push, animated
local n, _, log = require("nav")({ "a" })
local moving
local b = ui.ViewController{ name = "b", viewWillAppear = function(self) moving = self.isMovingToParent end }
n:pushViewController(b, true)
assert(n.topViewController == b)
ui.advance(0.35)
ui.expectTrace [[
  [0.000] b.willMove(toParent: n)
  [0.000] b.loadView()
  [0.000] b.viewDidLoad()
  [0.000] a.viewWillDisappear(animated: true)
  [0.000] b.viewWillAppear(animated: true)
  [0.000] n.delegate.willShow(viewController: b, animated: true)
  [0.000] b.viewIsAppearing(animated: true)
  [0.350] a.viewDidDisappear(animated: true)
  [0.350] b.viewDidAppear(animated: true)
  [0.350] b.didMove(toParent: n)
  [0.350] n.delegate.didShow(viewController: b, animated: true)
]]
assert(moving == true and log[#log] == "didShow b")
print("OK")
