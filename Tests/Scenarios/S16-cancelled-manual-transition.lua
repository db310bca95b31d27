-- S16: manual forwarding with a cancelled transition reverses the appearance
local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
a:beginAppearanceTransition(true, false); a:endAppearanceTransition()
ui.trace.mark()
a:beginAppearanceTransition(false, true)
b:beginAppearanceTransition(true, true)
-- cancel:
a:beginAppearanceTransition(true, false)
b:beginAppearanceTransition(false, false)
a:endAppearanceTransition()
b:endAppearanceTransition()
ui.expectTrace [[
  a.viewWillDisappear(animated: true)
  b.loadView()
  b.viewDidLoad()
  b.viewWillAppear(animated: true)
  a.viewWillAppear(animated: false)
  b.viewWillDisappear(animated: false)
  a.viewIsAppearing(animated: false)
  a.viewDidAppear(animated: false)
  b.viewDidDisappear(animated: false)
]]
assert(a.appearanceState == "appeared" and b.appearanceState == "disappeared")
assert(#ui.trace.events("warning") == 0)
print("OK")
