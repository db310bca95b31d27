-- S04: a parent that never reaches a window: no appearance callbacks, ever
local p, c = ui.ViewController{ name = "p" }, ui.ViewController{ name = "c" }
p:addChild(c)
local pv = p.view
pv:addSubview(c.view)
c:didMove(p)
ui.settle()
ui.expectTrace [[
  c.willMove(toParent: p)
  p.loadView()
  p.viewDidLoad()
  c.loadView()
  c.viewDidLoad()
  c.didMove(toParent: p)
]]
assert(c.appearanceState == "disappeared" and p.appearanceState == "disappeared")
print("OK")
