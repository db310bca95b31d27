-- android-tabs.lua: the article's Android-like tabs (seeds/android-like-tabs.es.txt): an
-- underline segmented control, a container view, and the children swapped by a slide
-- whose direction follows the tab index (the article's IBAnimatable ContainerTransition).

-- UnderlineSegmentedControl: borderless segments with a coloured bar under the chosen one.
---@class UnderlineSegmentedControl: View
local UnderlineSegmentedControl = ui.View:extend("UnderlineSegmentedControl")

function UnderlineSegmentedControl:init()
  self.segments = {}
  self.targets = {}
  self.selectedSegmentIndex = 0                       -- none yet
  self.underline = ui.View{ name = self.name .. ".underline", backgroundColor = "#2196F3", frame = { 0, self.bounds.height - 3, 0, 3 } }
  self:addSubview(self.underline)
end

function UnderlineSegmentedControl:appendSegment(title)
  local index = #self.segments + 1
  local button = ui.Button{ name = self.name .. "." .. title, title = title }
  button:addTarget(function()
    if index ~= self.selectedSegmentIndex then
      self:setSelectedSegmentIndex(index, true)
      for _, fn in ipairs(self.targets) do fn(self) end   -- valueChanged: user changes only
    end
  end, "touchUpInside")
  self.segments[index] = button
  self:insertSubview(button, { below = self.underline })
  self:layoutSegments()
end

-- UIControl's addTarget for .valueChanged, kept on the Lua side.
function UnderlineSegmentedControl:addTarget(fn) self.targets[#self.targets + 1] = fn end

function UnderlineSegmentedControl:segmentFrame(i)
  local w = self.bounds.width / math.max(#self.segments, 1)
  return { x = (i - 1) * w, y = 0, width = w, height = self.bounds.height }
end

function UnderlineSegmentedControl:layoutSegments()
  for i, b in ipairs(self.segments) do b.frame = self:segmentFrame(i) end
  if self.selectedSegmentIndex > 0 then self:placeUnderline(self.selectedSegmentIndex) end
end

function UnderlineSegmentedControl:placeUnderline(i)
  local f = self:segmentFrame(i)
  self.underline.frame = { f.x, self.bounds.height - 3, f.width, 3 }
end

function UnderlineSegmentedControl:setSelectedSegmentIndex(i, animated)
  self.selectedSegmentIndex = i
  for k, b in ipairs(self.segments) do b.isSelected = k == i end
  if animated then
    ui.animate{ duration = 0.25, animations = function() self:placeUnderline(i) end }
  else
    self:placeUnderline(i)
  end
end

-- AndroidLikeViewController: the control above, the container view below.
---@class AndroidLikeViewController: ViewController
local AndroidLikeViewController = ui.ViewController:extend("AndroidLikeViewController")

function AndroidLikeViewController:init()
  self.tabs = {}
end

function AndroidLikeViewController:addTab(title, controller)
  self.tabs[#self.tabs + 1] = { title = title, controller = controller }
end

function AndroidLikeViewController:viewDidLoad()
  local w = self.view.bounds.width
  local top = ui.screen.safeAreaInsets.top
  self.segmentedControl = UnderlineSegmentedControl{ name = "segments", frame = { 0, top, w, 44 } }
  self.view:addSubview(self.segmentedControl)
  self.containerView = ui.View{ name = "container", frame = { 0, top + 44, w, self.view.bounds.height - top - 44 }, clipsToBounds = true }
  self.view:addSubview(self.containerView)
  for _, tab in ipairs(self.tabs) do self.segmentedControl:appendSegment(tab.title) end
  self.segmentedControl:addTarget(function(control) self:selectPage(control.selectedSegmentIndex) end)
  self.segmentedControl:setSelectedSegmentIndex(1, false)
  -- The first child, by the documented steps: addChild, add the view, didMove.
  local first = self.tabs[1].controller
  self:addChild(first)
  first.view.frame = self.containerView.bounds
  self.containerView:addSubview(first.view)
  first:didMove(self)
  self.current = 1
end

-- The container transition: the new child slides in from the side of its tab.
function AndroidLikeViewController:selectPage(index)
  if index == self.current then return end
  local from, to = self.tabs[self.current].controller, self.tabs[index].controller
  local bounds = self.containerView.bounds
  local direction = index > self.current and 1 or -1     -- later tabs come from the right
  from:willMove(nil)
  self:addChild(to)
  to.view.frame = { direction * bounds.width, 0, bounds.width, bounds.height }
  self.current = index
  -- Found by nestbox explore: a second tab tapped during the slide started a transition
  -- from a child still arriving (unbalanced appearance calls). The tabs wait for it.
  self.segmentedControl.isUserInteractionEnabled = false
  self:transition{ from = from, to = to, duration = 0.3, options = { "curveEaseInOut" },
    animations = function()
      to.view.frame = bounds
      from.view.frame = { -direction * bounds.width, 0, bounds.width, bounds.height }
    end,
    completion = function()
      from:removeFromParent()
      to:didMove(self)
      self.segmentedControl.isUserInteractionEnabled = true
    end }
end

local function page(name) return ui.ViewController{ name = name } end
local one, two, three = page("one"), page("two"), page("three")
local tabs = AndroidLikeViewController{ name = "tabs" }
tabs:addTab("FIRST", one)
tabs:addTab("SECOND", two)
tabs:addTab("THIRD", three)
ui.window.rootViewController = tabs
ui.window:makeKeyAndVisible()

local control = tabs.segmentedControl
assert(#control.segments == 3 and control.segments[1].isSelected)
assert(control.underline.frame.x == 0 and control.underline.frame.width == 131)

-- THIRD: the underline slides under it; the child comes in from the right.
ui.trace.mark("third")
ui.tap("THIRD")
ui.advance(0.15)
assert(three.view.presentation.frame.x > 0 and one.view.presentation.frame.x < 0, "from the right")
assert(control.underline.presentation.frame.x > 0 and control.underline.presentation.frame.x < 262)
ui.advance(0.15)
ui.expectTrace [[
  [0.000] one.willMove(toParent: nil)
  [0.000] three.willMove(toParent: tabs)
  [0.000] three.loadView()
  [0.000] three.viewDidLoad()
  [0.000] one.viewWillDisappear(animated: true)
  [0.000] three.viewWillAppear(animated: true)
  [0.000] three.viewIsAppearing(animated: true)
  [0.300] one.viewDidDisappear(animated: true)
  [0.300] three.viewDidAppear(animated: true)
  [0.300] one.didMove(toParent: nil)
  [0.300] three.didMove(toParent: tabs)
]]
assert(control.underline.frame.x == 262 and three.view.frame.x == 0 and #tabs.children == 1)

-- SECOND, a tab to the left: the child comes in from the left.
ui.tap("SECOND")
ui.advance(0.15)
assert(two.view.presentation.frame.x < 0 and three.view.presentation.frame.x > 0, "from the left")
ui.settle()
assert(tabs.children[1] == two and control.selectedSegmentIndex == 2)

-- Tapping the selected segment does nothing; setting the index by code sends no valueChanged.
ui.trace.mark("same")
ui.tap("SECOND")
control:setSelectedSegmentIndex(1, true)
ui.settle()
ui.expectTrace ""
assert(tabs.children[1] == two and control.underline.frame.x == 0)
print("OK")
