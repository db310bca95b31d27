-- S06: removing a child while the parent is on screen
local p = ui.ViewController{ name = "p" }
local moving = {}
local c = ui.ViewController{ name = "c",
  viewWillDisappear = function(self) moving[#moving + 1] = self.isMovingFromParent end,
  viewDidDisappear = function(self) moving[#moving + 1] = self.isMovingFromParent end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c); p.view:addSubview(c.view); c:didMove(p)
ui.trace.mark()
c:willMove(nil)
c.view:removeFromSuperview()
c:removeFromParent()
ui.expectTrace [[
  c.willMove(toParent: nil)
  c.viewWillDisappear(animated: false)
  c.viewDidDisappear(animated: false)
  c.didMove(toParent: nil)
]]
assert(moving[1] == true and moving[2] == true)
assert(#p.children == 0 and c.parent == nil)
print("OK")
