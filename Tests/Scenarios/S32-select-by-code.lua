-- S32: selection by code: no delegate; the same index again does nothing
local t = require("tabs")({ "x", "y" })
t.selectedIndex = 2
t.selectedIndex = 2
ui.expectTrace [[
  y.loadView()
  y.viewDidLoad()
  y.viewWillAppear(animated: false)
  x.viewWillDisappear(animated: false)
  y.viewIsAppearing(animated: false)
  x.viewDidDisappear(animated: false)
  y.viewDidAppear(animated: false)
]]
print("OK")
