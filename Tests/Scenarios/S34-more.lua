-- S34: six controllers: four tabs and More; the More list pushes what did not fit
local t, vcs = require("tabs")({ "v1", "v2", "v3", "v4", "v5", "v6" })
local labels = {}
for _, button in ipairs(t.tabBar.subviews) do labels[#labels + 1] = button.subviews[2].text end
assert(table.concat(labels, ",") == "V1,V2,V3,V4,More", table.concat(labels, ","))
assert(#t.viewControllers == 6 and #t.customizableViewControllers == 6)
ui.tap("More")
assert(t.selectedViewController == t.moreNavigationController and t.selectedIndex == nil)
local d = ui.trace.events("delegate")
assert(d[1].event == "shouldSelect" and d[1].args.viewController == "t.more")
ui.tap("V5")                                         -- a row of the More list
ui.settle()
assert(t.moreNavigationController.topViewController == vcs[5] and vcs[5].parent == t.moreNavigationController)
assert(vcs[5].appearanceState == "appeared")
t.selectedIndex = 1
t.selectedIndex = 6                                  -- by code: More, showing v6 (Q13b)
ui.settle()
assert(t.selectedViewController == t.moreNavigationController and t.moreNavigationController.topViewController == vcs[6])
print("OK")
