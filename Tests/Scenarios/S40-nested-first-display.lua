-- S40: a tab bar inside a navigation controller inside a custom container
local x, y = ui.ViewController{ name = "x" }, ui.ViewController{ name = "y" }
local t = ui.TabBarController{ name = "t", viewControllers = { x, y } }
local n = ui.NavigationController{ name = "n", root = t }
local p = ui.ViewController{ name = "p", viewDidLoad = function(self)
  self:addChild(n); self.view:addSubview(n.view); n:didMove(self) end }
ui.trace.mark()
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
ui.expectTrace [[
  p.loadView()
  p.viewDidLoad()
  n.willMove(toParent: p)
  n.loadView()
  n.viewDidLoad()
  t.loadView()
  t.viewDidLoad()
  n.didMove(toParent: p)
  p.viewWillAppear(animated: false)
  n.viewWillAppear(animated: false)
  x.loadView()
  x.viewDidLoad()
  t.viewWillAppear(animated: false)
  x.viewWillAppear(animated: false)
  p.viewIsAppearing(animated: false)
  n.viewIsAppearing(animated: false)
  t.viewIsAppearing(animated: false)
  x.viewIsAppearing(animated: false)
  p.viewDidAppear(animated: false)
  n.viewDidAppear(animated: false)
  t.viewDidAppear(animated: false)
  x.viewDidAppear(animated: false)
  t.didMove(toParent: n)
]]
assert(not y.isViewLoaded)
assert(ui.printHierarchy() == [[
<ViewController: p>, state: appeared, view: <View: p.view>
   | <NavigationController: n>, state: appeared, view: <LayoutContainerView: n.view>
   |    | <TabBarController: t>, state: appeared, view: <View: t.view>
   |    |    | <ViewController: x>, state: appeared, view: <View: x.view>
   |    |    | <ViewController: y>, state: disappeared, view: (view not loaded)]])
print("OK")
