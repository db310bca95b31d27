-- S15: a container with automatic forwarding off forwards appearance by hand; the
-- child's view enters the window with the container's, so its viewIsAppearing follows
-- the container's (Q66)
local c = ui.ViewController{ name = "c" }
local P = ui.ViewController:extend("ManualContainer")
function P:viewWillAppear(animated) c:beginAppearanceTransition(true, animated) end
function P:viewDidAppear() c:endAppearanceTransition() end
function P:viewWillDisappear(animated) c:beginAppearanceTransition(false, animated) end
function P:viewDidDisappear() c:endAppearanceTransition() end
local p = P{ name = "p", shouldAutomaticallyForwardAppearanceMethods = false }
p:addChild(c); p.view:addSubview(c.view); c:didMove(p)
ui.trace.mark()
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
ui.window.rootViewController = ui.ViewController{ name = "other" }
ui.expectTrace [[
  p.viewWillAppear(animated: false)
  c.viewWillAppear(animated: false)
  p.viewIsAppearing(animated: false)
  c.viewIsAppearing(animated: false)
  p.viewDidAppear(animated: false)
  c.viewDidAppear(animated: false)
  p.viewWillDisappear(animated: false)
  c.viewWillDisappear(animated: false)
  p.viewDidDisappear(animated: false)
  c.viewDidDisappear(animated: false)
  other.loadView()
  other.viewDidLoad()
  other.viewWillAppear(animated: false)
  other.viewIsAppearing(animated: false)
  other.viewDidAppear(animated: false)
]]
-- without the hooks the child gets nothing
ui.trace.clear()
local q = ui.ViewController{ name = "q", shouldAutomaticallyForwardAppearanceMethods = false }
local d = ui.ViewController{ name = "d" }
q:addChild(d); q.view:addSubview(d.view); d:didMove(q)
ui.window.rootViewController = q
for _, e in ipairs(ui.trace.events("lifecycle")) do
  assert(not (e.object == "d" and e.event:find("Appear")), "d got " .. e.event)
end
print("OK")
