-- S05 / policy Q10: a controller's view added without addChild gets no appearance
-- callbacks, and Nestbox says so with a lint event.
local x = ui.ViewController{ name = "x" }
local p = ui.ViewController{ name = "p", viewDidLoad = function(self) self.view:addSubview(x.view) end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
ui.expectTrace [[
  p.loadView()
  p.viewDidLoad()
  x.loadView()
  x.viewDidLoad()
  p.viewWillAppear(animated: false)
  p.viewIsAppearing(animated: false)
  p.viewDidAppear(animated: false)
]]
local lint = ui.trace.events("lint")
assert(#lint == 1 and lint[1].object == "x", "one lint for x")
assert(lint[1].message:find("without addChild", 1, true))
assert(x.appearanceState == "disappeared")
print("OK")
