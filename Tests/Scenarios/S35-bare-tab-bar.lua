-- S35 / Q14: a bare tab bar tells its delegate on taps only; a managed one refuses changes
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local picked = {}
local items = {}
for i = 1, 7 do items[i] = ui.TabBarItem{ name = "item" .. i, title = "T" .. i } end
local bar = ui.TabBar{ name = "bar", frame = { 0, 700, ui.screen.width, 49 }, items = items,
  delegate = { didSelectItem = function(b, item) picked[#picked + 1] = item.title end } }
root.view:addSubview(bar)
assert(#bar.subviews == 7 and bar.subviews[1].className == "TabBarButton")
assert(bar.subviews[1].subviews[1].className == "TabBarSwappableImageView" and bar.subviews[1].subviews[2].className == "TabBarButtonLabel")
ui.tap("T7")
bar.selectedItem = items[1]
assert(table.concat(picked, ",") == "T7" and bar.selectedItem == items[1])
local t = ui.TabBarController{ viewControllers = { ui.ViewController{} } }
local ok, err = pcall(function() t.tabBar.items = items end)
assert(not ok and err:find("NSInternalInconsistencyException: Directly modifying a tab bar managed by a tab bar controller is not allowed.", 1, true), err)
ok, err = pcall(function() t.tabBar.delegate = {} end)
assert(not ok and err:find("NSInternalInconsistencyException: Changing the delegate of a tab bar managed by a tab bar controller is not allowed.", 1, true), err)
print("OK")
