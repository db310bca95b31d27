-- S37: a full-screen presentation over a tab bar controller
local t, _, a = require("present")()
local m = ui.ViewController{ name = "m", modalPresentationStyle = "fullScreen",
  viewWillAppear = function(self) assert(self.isBeingPresented) end }
local done
a:present(m, true, function() done = ui.now() end)
ui.advance(0.35)
ui.expectTrace [[
  m.loadView()
  m.viewDidLoad()
  t.viewWillDisappear(animated: true)
  n.viewWillDisappear(animated: true)
  a.viewWillDisappear(animated: true)
  m.viewWillAppear(animated: true)
  m.viewIsAppearing(animated: true)
  m.viewDidAppear(animated: true)
  t.viewDidDisappear(animated: true)
  n.viewDidDisappear(animated: true)
  a.viewDidDisappear(animated: true)
]]
assert(done == 0.35 and m.presentingViewController == t and t.presentedViewController == m)
print("OK")
