-- tab-bar-wheel-icon.lua: the article's WheelView (seeds/tab-bar-wheel-icon.zh.txt): a
-- tab's icon replaced by a two-label "number wheel" that a table's scrolling turns.

-- WheelView: at most two labels are ever visible; progress (clamped to 0…1) picks them
-- and squeezes them (scale, then translate) so one rolls into the other.
---@class WheelView: View
local WheelView = ui.View:extend("WheelView")

function WheelView:init()
  self.contents = {}
  self.progress = 0
  self.topLabel = ui.Label{ name = self.name .. ".top", textAlignment = "center" }
  self.bottomLabel = ui.Label{ name = self.name .. ".bottom", textAlignment = "center" }
  for _, label in ipairs{ self.topLabel, self.bottomLabel } do self:addSubview(label) end
  self:setBorderWidth(0)
end

-- The labels fill the layout margins (the article's constraints).
function WheelView:layoutSubviews()
  local m = self.layoutMargins
  for _, label in ipairs{ self.topLabel, self.bottomLabel } do
    label.frame = { m.left, m.top, self.bounds.width - m.left - m.right, self.bounds.height - m.top - m.bottom }
  end
end

function WheelView:setBorderWidth(w)
  self.borderWidth = w
  self.layoutMargins = { w, w, w, w }
  self:setNeedsLayout()
end

function WheelView:setProgress(p)
  self.progress = math.min(math.max(p, 0), 1)
  local n = #self.contents
  if n == 0 then return end
  -- Example (the article's): progress 0.4 over {"A","B","C","D"}: topIndex 1.6 shows
  -- "B" squeezed to 0.4 and moved up; bottomIndex 2.6 shows "C" at 0.6, moved down.
  local topIndex = math.min(math.max(0, n * self.progress), n - 1)
  local bottomIndex = math.min(topIndex + 1, n - 1)
  local indexOffset = topIndex % 1
  local h = self.topLabel.bounds.height
  self.topLabel.text = self.contents[math.floor(topIndex) + 1]
  self.topLabel.transform = ui.Transform.scale(1, 1 - indexOffset):concat(ui.Transform.translate(0, -(h / 2) * indexOffset))
  self.bottomLabel.text = self.contents[math.floor(bottomIndex) + 1]
  self.bottomLabel.transform = ui.Transform.scale(1, indexOffset):concat(ui.Transform.translate(0, (h / 2) * (1 - indexOffset)))
end

-- The article's worked example, first.
local sample = WheelView{ name = "sample", frame = { 0, 0, 25, 25 } }
sample:layoutIfNeeded()
sample.contents = { "A", "B", "C", "D" }
sample:setProgress(0.4)
assert(sample.topLabel.text == "B" and math.abs(sample.topLabel.transform.d - 0.4) < 1e-9)
assert(sample.bottomLabel.text == "C" and math.abs(sample.bottomLabel.transform.d - 0.6) < 1e-9)
sample:setProgress(7)
assert(sample.progress == 1 and sample.topLabel.text == "D")

-- FirstViewController: a table of numbers; its wheel replaces its tab's icon.
local data = {}
for i = 1, 30 do data[i] = tostring(i) end

---@class FirstViewController: ViewController
local FirstViewController = ui.ViewController:extend("FirstViewController")

function FirstViewController:viewDidLoad()
  self.tableView = ui.TableView{ name = self.name .. ".table", rows = data, rowHeight = 44,
    frame = self.view.bounds, autoresizingMask = { "flexibleWidth", "flexibleHeight" },
    delegate = { didScroll = function(scrollView) self:scrollViewDidScroll(scrollView) end } }
  self.view:addSubview(self.tableView)
  self.wheelView = WheelView{ name = self.name .. ".wheel", frame = { 0, 0, 25, 25 }, isUserInteractionEnabled = false }
  self.wheelView:setBorderWidth(1)
  self.wheelView.contents = data
  self:mountWheel()
end

-- The article's search: up to the tab bar controller, then breadth-first through each
-- tab's controllers for this one (so it works inside a navigation controller too).
function FirstViewController:mountWheel()
  local tabBarController = self.parent
  while tabBarController and tabBarController.className ~= "TabBarController" do tabBarController = tabBarController.parent end
  if not tabBarController then return end
  local controllerIndex
  for i, child in ipairs(tabBarController.children) do
    local queue = { child }
    while #queue > 0 and not controllerIndex do
      local vc = table.remove(queue, 1)
      if vc == self then controllerIndex = i break end
      for _, c in ipairs(vc.children) do queue[#queue + 1] = c end
    end
    if controllerIndex then break end
  end
  if not controllerIndex then return end
  local buttons = {}
  for _, v in ipairs(tabBarController.tabBar.subviews) do if v.className == "TabBarButton" then buttons[#buttons + 1] = v end end
  local button = buttons[controllerIndex]
  if not button then return end
  local swappable
  for _, v in ipairs(button.subviews) do if v.className == "TabBarSwappableImageView" then swappable = v end end
  if not swappable then return end
  button:addSubview(self.wheelView)
  swappable.isHidden = true
  self.wheelView.center = swappable.center
  self.mountedAt = controllerIndex
end

-- The article's progress: the two bottom-most visible rows' numbers. The rows the tab
-- bar covers are not visible: the table's adjusted inset says how far up they end.
function FirstViewController:scrollViewDidScroll(scrollView)
  local visibleBottom = scrollView.contentOffset.y + scrollView.bounds.height - scrollView.adjustedContentInset.bottom
  local progress = (visibleBottom - self.tableView.rowHeight) / scrollView.contentSize.height
  self.wheelView:setProgress(progress)
end

local home = ui.ViewController{ name = "home", title = "Home" }
local first = FirstViewController{ name = "first", title = "Numbers" }
local nav = ui.NavigationController{ name = "nav", root = first }
nav.tabBarItem = ui.TabBarItem{ title = "Numbers" }
local direct = FirstViewController{ name = "direct", title = "Direct" }
local tabs = ui.TabBarController{ name = "tabs", viewControllers = { home, nav, direct } }
ui.window.rootViewController = tabs
ui.window:makeKeyAndVisible()

-- The wheel mounts when the controller loads: on its tab's first selection.
assert(first.isViewLoaded == false)
ui.tap("Numbers")
assert(first.mountedAt == 2 and first.wheelView.superview == tabs.tabBar.subviews[2])
assert(tabs.tabBar.subviews[2].subviews[1].isHidden, "the original icon is hidden")
assert(first.wheelView.frame.width == 25)

-- Scrolling turns the wheel with the article's formula.
local t = first.tableView
ui.scroll(t, { x = 0, y = 440 })
local expected = (440 + t.bounds.height - t.adjustedContentInset.bottom - 44) / (30 * 44)
assert(math.abs(first.wheelView.progress - expected) < 1e-9)
local top = math.floor(30 * expected) + 1
assert(first.wheelView.topLabel.text == data[top], first.wheelView.topLabel.text)
ui.pan{ view = first.view, from = { 100, 300 }, to = { 100, 100 }, steps = 4, duration = 0.2 }
-- The fling carries the content past its end; it springs back to rest with the last row
-- above the tab bar (the table's adjusted inset), the wheel following every frame.
assert(t.isDecelerating)
ui.advance(2)
assert(not t.isDecelerating and t.contentOffset.y == 30 * 44 + t.adjustedContentInset.bottom - 852)
assert(first.wheelView.topLabel.text == data[math.floor(30 * first.wheelView.progress) + 1])

-- The same view as a direct tab finds its own button.
ui.tap("Direct")
assert(direct.mountedAt == 3 and direct.wheelView.superview == tabs.tabBar.subviews[3])
ui.tap("Numbers")
assert(first.wheelView.superview == tabs.tabBar.subviews[2], "the wheel stays through selection changes")
print("OK")
