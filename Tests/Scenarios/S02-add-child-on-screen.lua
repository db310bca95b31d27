-- S02: addChild + addSubview + didMove while the parent is on screen
local p = ui.ViewController{ name = "p" }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
ui.trace.mark()
local seen = {}
local c = ui.ViewController{ name = "c",
  viewWillAppear = function(self) seen[#seen + 1] = self.isMovingToParent end,
  viewDidAppear = function(self) seen[#seen + 1] = self.isMovingToParent end }
p:addChild(c)
p.view:addSubview(c.view)
c:didMove(p)
ui.expectTrace [[
  c.willMove(toParent: p)
  c.loadView()
  c.viewDidLoad()
  c.viewWillAppear(animated: false)
  c.viewIsAppearing(animated: false)
  c.viewDidAppear(animated: false)
  c.didMove(toParent: p)
]]
assert(seen[1] == true and seen[2] == true)
assert(c.isMovingToParent == false, "false outside appearance callbacks")
assert(p.children[1] == c and c.parent == p)
print("OK")
