-- S47: show and hide the primary column on an iPad in portrait: the column appears over
-- the secondary (overlay) and disappears; the delegate's willShow and willHide are not
-- called for show(_:) and hide(_:), as Apple's pages for them say (Q13, Q46)
local svc = require("split")("iPad", nil)
ui.window:makeKeyAndVisible()
assert(svc.displayMode == "secondaryOnly" and svc.splitBehavior == "overlay")
ui.trace.mark()
svc:show("primary")
ui.expectTrace [[
  list.nav.loadView()
  list.nav.viewDidLoad()
  list.loadView()
  list.viewDidLoad()
  list.nav.viewWillAppear(animated: false)
  list.viewWillAppear(animated: false)
  list.nav.viewIsAppearing(animated: false)
  list.viewIsAppearing(animated: false)
  list.nav.viewDidAppear(animated: false)
  list.viewDidAppear(animated: false)
  list.didMove(toParent: list.nav)
]]
assert(svc.displayMode == "oneOverSecondary")
ui.trace.mark()
svc:hide("primary")
ui.expectTrace [[
  list.nav.viewWillDisappear(animated: false)
  list.viewWillDisappear(animated: false)
  list.nav.viewDidDisappear(animated: false)
  list.viewDidDisappear(animated: false)
]]
assert(svc.displayMode == "secondaryOnly")
print("OK")
