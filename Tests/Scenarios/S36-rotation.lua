-- S36: a size transition forwarded through a custom container
local log = {}
local P = ui.ViewController:extend("Container")
function P:sizeForChildContentContainer(child, parentSize)
  if child.name == "narrow" then return { width = 200, height = parentSize.height } end
  if child.name == "c3" then return { width = 100, height = 100 } end      -- unchanged: skipped
  return parentSize
end
function P:viewWillTransition(size, coordinator)
  log[#log + 1] = "p " .. size.width .. "x" .. size.height
  coordinator:animate(function() log[#log + 1] = "alongside" end, function() log[#log + 1] = "completion" end)
  -- UIKit tells the children inside super's implementation: an override that skips it
  -- keeps the change from them (UIViewController.h).
  ui.ViewController.viewWillTransition(self, size, coordinator)
end
local p = P{ name = "p" }
local wide = ui.ViewController{ name = "wide" }
local c3 = ui.ViewController{ name = "c3" }
local narrow = ui.ViewController{ name = "narrow",
  traitCollectionDidChange = function(self, previous) log[#log + 1] = "traits were " .. previous.verticalSizeClass end }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
for _, c in ipairs{ wide, narrow, c3 } do p:addChild(c); p.view:addSubview(c.view); c:didMove(p) end
narrow.view.frame = { 0, 0, 200, ui.screen.height }
c3.view.frame = { 0, 0, 100, 100 }
c3.view.autoresizingMask = {}
ui.trace.mark()
ui.rotate("landscapeLeft")
ui.expectTrace [[
  p.viewWillTransition(size: "852 x 393")
  wide.viewWillTransition(size: "852 x 393")
  narrow.viewWillTransition(size: "200 x 393")
  -- the vertical size class changes: willTransition(to:with:) after the sizes (Q8)
  p.willTransition(traits: "compact x compact")
  wide.willTransition(traits: "compact x compact")
  narrow.willTransition(traits: "compact x compact")
  c3.willTransition(traits: "compact x compact")
]]
assert(ui.screen.width == 852 and ui.screen.orientation == "landscapeLeft")
ui.advance(0.3)
assert(table.concat(log, "; ") == "p 852.0x393.0; alongside; completion; traits were regular", table.concat(log, "; "))
assert(p.view.frame.width == 852, "the root view follows the window")
print("OK")
