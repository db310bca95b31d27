-- S30: the user taps another tab (found by its title)
local t = require("tabs")({ "x", "y" })
ui.tap("Y")
ui.expectTrace [[
  t.delegate.shouldSelect(viewController: y) -> true
  y.loadView()
  y.viewDidLoad()
  y.viewWillAppear(animated: false)
  x.viewWillDisappear(animated: false)
  y.viewIsAppearing(animated: false)
  x.viewDidDisappear(animated: false)
  y.viewDidAppear(animated: false)
  t.delegate.didSelect(viewController: y)
]]
assert(t.selectedIndex == 2)
print("OK")
