-- S31: shouldSelect refuses
local t = require("tabs")({ "x", "y" }, false)
ui.tap("Y")
ui.expectTrace "t.delegate.shouldSelect(viewController: y) -> false"
assert(t.selectedIndex == 1)
print("OK")
