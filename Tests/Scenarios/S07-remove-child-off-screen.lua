-- S07: removing a child while the parent is off screen
local p, c = ui.ViewController{ name = "p" }, ui.ViewController{ name = "c" }
p:addChild(c); p.view:addSubview(c.view); c:didMove(p)
ui.trace.mark()
c:willMove(nil)
c.view:removeFromSuperview()
c:removeFromParent()
ui.expectTrace [[
  c.willMove(toParent: nil)
  c.didMove(toParent: nil)
]]
print("OK")
