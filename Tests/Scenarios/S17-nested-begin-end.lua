-- S17: nested begin/end calls are counted; an end with nothing open logs W1
local c = ui.ViewController{ name = "c" }
c:loadViewIfNeeded()
ui.trace.mark()
c:beginAppearanceTransition(true, false)
c:beginAppearanceTransition(true, false)
c:endAppearanceTransition()
assert(c.appearanceState == "appearing")
c:endAppearanceTransition()
ui.expectTrace [[
  c.viewWillAppear(animated: false)
  c.viewIsAppearing(animated: false)
  c.viewDidAppear(animated: false)
]]
c:endAppearanceTransition()
local w = ui.trace.events("warning")
assert(#w == 1 and w[1].message == "Unbalanced calls to begin/end appearance transitions for <ViewController: c>.")
print("OK")
