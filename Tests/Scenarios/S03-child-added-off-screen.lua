-- S03: a child added in viewDidLoad catches up when the parent appears, parent first
local P = ui.ViewController:extend("Parent")
function P:viewDidLoad()
  local c = ui.ViewController{ name = "c" }
  self:addChild(c)
  self.view:addSubview(c.view)
  c:didMove(self)
end
ui.window.rootViewController = P{ name = "p" }
ui.window:makeKeyAndVisible()
ui.expectTrace [[
  p.loadView()
  p.viewDidLoad()
  c.willMove(toParent: p)
  c.loadView()
  c.viewDidLoad()
  c.didMove(toParent: p)
  p.viewWillAppear(animated: false)
  c.viewWillAppear(animated: false)
  p.viewIsAppearing(animated: false)
  c.viewIsAppearing(animated: false)
  p.viewDidAppear(animated: false)
  c.viewDidAppear(animated: false)
]]
print("OK")
