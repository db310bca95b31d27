-- S40: a tab bar inside a navigation controller inside a custom container
local x, y = ui.ViewController{ name = "x" }, ui.ViewController{ name = "y" }
local t = ui.TabBarController{ name = "t", viewControllers = { x, y } }
local n = ui.NavigationController{ name = "n", root = t }
local p = ui.ViewController{ name = "p", viewDidLoad = function(self)
  self:addChild(n); self.view:addSubview(n.view); n:didMove(self) end }
ui.trace.mark()
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
local seen = {}
for _, e in ipairs(ui.trace.events("lifecycle")) do
  if e.seq > 0 and (e.event == "viewWillAppear" or e.event == "viewDidAppear") then seen[#seen + 1] = e.object .. "." .. e.event end
end
assert(table.concat(seen, " ") == "p.viewWillAppear n.viewWillAppear t.viewWillAppear x.viewWillAppear p.viewDidAppear n.viewDidAppear t.viewDidAppear x.viewDidAppear", table.concat(seen, " "))
assert(not y.isViewLoaded)
assert(ui.printHierarchy() == [[
<ViewController: p>, state: appeared, view: <View: p.view>
   | <NavigationController: n>, state: appeared, view: <LayoutContainerView: n.view>
   |    | <TabBarController: t>, state: appeared, view: <View: t.view>
   |    |    | <ViewController: x>, state: appeared, view: <View: x.view>
   |    |    | <ViewController: y>, state: disappeared, view: (view not loaded)]])
print("OK")
