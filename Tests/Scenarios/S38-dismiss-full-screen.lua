-- S38 / Q15: dismissing the full-screen presentation
local t, _, a = require("present")()
local m = ui.ViewController{ name = "m", modalPresentationStyle = "fullScreen" }
a:present(m, true)
ui.settle()
ui.trace.mark()
local order = {}
m.viewWillDisappear = function(self) order[#order + 1] = tostring(self.isBeingDismissed) end
m:dismiss(true, function() order[#order + 1] = "K" end)
ui.settle()
ui.expectTrace [[
  m.viewWillDisappear(animated: true)
  t.viewWillAppear(animated: true)
  n.viewWillAppear(animated: true)
  a.viewWillAppear(animated: true)
  t.viewIsAppearing(animated: true)
  n.viewIsAppearing(animated: true)
  a.viewIsAppearing(animated: true)
  t.viewDidAppear(animated: true)
  n.viewDidAppear(animated: true)
  a.viewDidAppear(animated: true)
  m.viewDidDisappear(animated: true)
]]
assert(table.concat(order, ",") == "true,K" and t.presentedViewController == nil)
print("OK")
