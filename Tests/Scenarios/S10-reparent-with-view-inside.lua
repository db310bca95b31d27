-- S10: addChild while the child's view is still in the old parent's tree raises W4
local p1, p2, c = ui.ViewController{ name = "p1" }, ui.ViewController{ name = "p2" }, ui.ViewController{ name = "c" }
p1:addChild(c); p1.view:addSubview(c.view); c:didMove(p1)
ui.trace.mark()
local ok, err = pcall(function()
  p2:addChild(c)   -- line 6
end)
assert(not ok)
local expected = "UIViewControllerHierarchyInconsistency: child view controller:<ViewController: c> should have parent view controller:<ViewController: p1> but requested parent is:<ViewController: p2>"
assert(err:sub(-#expected) == expected, err)
assert(err:find("%.lua:6: UIViewControllerHierarchyInconsistency"), "the error carries the caller's position: " .. err)
ui.expectTrace ""
assert(c.parent == p1)
print("OK")
