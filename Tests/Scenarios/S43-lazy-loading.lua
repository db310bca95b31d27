-- S43: lazy loading
local x, p = ui.ViewController{ name = "x" }, ui.ViewController{ name = "p" }
assert(x.isViewLoaded == false and x.viewIfLoaded == nil)
assert(#ui.trace.events() == 0)
x:loadViewIfNeeded()
x:loadViewIfNeeded()
local _ = x.view
ui.expectTrace [[
  x.loadView()
  x.viewDidLoad()
]]
ui.trace.mark()
local y = ui.ViewController{ name = "y" }
p:addChild(y)
ui.expectTrace "y.willMove(toParent: p)"
assert(y.isViewLoaded == false)
-- loadView is the one hook that replaces: it must set self.view
local z = ui.ViewController{ name = "z", loadView = function(self) self.view = ui.Label{ name = "zlabel", text = "hi" } end }
assert(z.view.className == "Label" and z.view.text == "hi")
print("OK")
