-- S09 / policy Q4: addChild of a child of another parent: didMove(nil), then willMove(new)
local p1, p2, c = ui.ViewController{ name = "p1" }, ui.ViewController{ name = "p2" }, ui.ViewController{ name = "c" }
p1:addChild(c); c:didMove(p1)
ui.trace.mark()
p2:addChild(c)
ui.expectTrace [[
  c.didMove(toParent: nil)
  c.willMove(toParent: p2)
]]
assert(c.parent == p2 and #p1.children == 0 and p2.children[1] == c)
print("OK")
