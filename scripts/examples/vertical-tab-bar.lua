-- vertical-tab-bar.lua: the article's AGTVerticalTabBar (seeds/vertical-tab-bar.es.txt),
-- rebuilt on the ui API: an item (title, button, controller), the tab bar view pinned
-- to the left, the controller view that slides content in, and the container.

local TAB_BAR_WIDTH, STATUS_BAR_HEIGHT, BUTTON_HEIGHT = 80, 20, 60

-- AGTVerticalTabBarItem: a title, its button and its view controller.
local function TabBarItem(title, controller)
  return { title = title, controller = controller, button = ui.Button{ name = "tab" .. title, title = title } }
end

-- AGTVerticalTabBarView: the buttons; the first is selected by default; buttons fire on
-- touchDown and tell the delegate, unless the button is already the selected one.
---@class VerticalTabBarView: View
local TabBarView = ui.View:extend("VerticalTabBarView")

function TabBarView:setTabBarButtons(buttons)
  for _, b in ipairs(self.tabBarButtons or {}) do b:removeFromSuperview() end   -- new buttons replace old ones
  self.tabBarButtons = buttons
  for _, b in ipairs(buttons) do
    self:addSubview(b)
    b:addTarget(function(sender) self:selectTabIfAllowed(sender) end, "touchDown")
  end
  if #buttons > 0 then
    buttons[1].isSelected = true
    self.selectedTabBarButton = buttons[1]
    if self.delegate then self.delegate:tabBarDidSelectTabAtIndex(self, 1) end
  end
  self:setNeedsLayout()
end

function TabBarView:selectTabIfAllowed(sender)
  if self.selectedTabBarButton == sender then return end                     -- re-selection: nothing
  for _, b in ipairs(self.tabBarButtons) do b.isSelected = false end
  sender.isSelected = true
  self.selectedTabBarButton = sender
  for i, b in ipairs(self.tabBarButtons) do
    if b == sender and self.delegate then self.delegate:tabBarDidSelectTabAtIndex(self, i) end
  end
end

-- The items, centred vertically.
function TabBarView:layoutSubviews()
  local buttons = self.tabBarButtons or {}
  local top = (self.bounds.height - #buttons * BUTTON_HEIGHT) / 2
  for i, b in ipairs(buttons) do b.frame = { 0, top + (i - 1) * BUTTON_HEIGHT, TAB_BAR_WIDTH, BUTTON_HEIGHT } end
end

-- AGTVerticalTabBarControllerView: the tab bar and the content; new content slides in
-- from the left in 0.3 s, ease-out, with interaction disabled until it lands.
---@class VerticalTabBarControllerView: View
local ControllerView = ui.View:extend("VerticalTabBarControllerView")

function ControllerView:init()
  self.tabBarView = TabBarView{ name = "tabBarView", frame = { 0, 0, TAB_BAR_WIDTH, self.frame.height } }
  self:addSubview(self.tabBarView)
end

function ControllerView:setContentView(newContentView, animated)
  local w, h = self.bounds.width - TAB_BAR_WIDTH, self.bounds.height
  if not self.contentView then                         -- the first content
    newContentView.frame = { TAB_BAR_WIDTH, 0, w, h }
    self.contentView = newContentView
    self:addSubview(newContentView)
    self:sendSubviewToBack(newContentView)
  elseif not animated then
    local old = self.contentView
    newContentView.frame = { TAB_BAR_WIDTH, 0, w, h }
    self.contentView = newContentView
    self:addSubview(newContentView)
    self:sendSubviewToBack(newContentView)
    old:removeFromSuperview()
  else
    local old = self.contentView
    local xAmount = -old.frame.width
    newContentView.frame = { xAmount + TAB_BAR_WIDTH, old.frame.y, old.frame.width, old.frame.height }
    self.contentView = newContentView
    self:addSubview(newContentView)
    self:sendSubviewToBack(newContentView)
    self.isUserInteractionEnabled = false
    ui.animate{ duration = 0.3, options = { "curveEaseOut" },
      animations = function()
        local o, n = old.frame, newContentView.frame
        old.frame = { o.x - xAmount, o.y, o.width, o.height }
        newContentView.frame = { n.x - xAmount, n.y, n.width, n.height }
      end,
      completion = function()
        old:removeFromSuperview()
        self.contentView:setNeedsLayout()
        self.isUserInteractionEnabled = true
      end }
  end
end

-- AGTVerticalTabBarController: the container.
---@class VerticalTabBarController: ViewController
local VerticalTabBarController = ui.ViewController:extend("VerticalTabBarController")

function VerticalTabBarController:init(args)
  self.lastSelectedIndex = 1
  self:setTabBarItems(args.items or {})
end

function VerticalTabBarController:loadView()
  local frame = { 0, STATUS_BAR_HEIGHT, ui.screen.width, ui.screen.height - STATUS_BAR_HEIGHT }
  self.view = ControllerView{ name = "verticalTabBar.view", frame = frame }
  local buttons = {}
  for i, item in ipairs(self.tabBarItems) do buttons[i] = item.button end
  local tabBarView = self.view.tabBarView
  tabBarView:setTabBarButtons(buttons)
  tabBarView.delegate = self
  -- The article's setter returns early for the controller already selected, which would
  -- leave a reloaded view empty: a fresh view starts with nothing selected.
  self.selected = nil
  self:setSelectedIndex(self.lastSelectedIndex)
end

-- New items: the old children leave, the new ones join (addChild, then didMove).
function VerticalTabBarController:setTabBarItems(items)
  if self.tabBarItems == items then return end
  for _, item in ipairs(self.tabBarItems or {}) do
    item.controller:willMove(nil)
    item.controller:removeFromParent()
  end
  self.tabBarItems = items
  for _, item in ipairs(items) do
    self:addChild(item.controller)
    item.controller:didMove(self)
  end
  -- Found by nestbox explore: the article's setter kept the old buttons on screen, and a
  -- tap on one past the new count indexed an item that no longer exists. A loaded view
  -- gets the new buttons and shows the first item.
  if self.isViewLoaded then
    local buttons = {}
    for i, item in ipairs(items) do buttons[i] = item.button end
    self.selected = nil
    self.lastSelectedIndex = 1
    self.view.tabBarView:setTabBarButtons(buttons)
  end
end

function VerticalTabBarController:tabBarDidSelectTabAtIndex(tabBar, index)
  self:setSelectedViewController(self.tabBarItems[index].controller)
end

function VerticalTabBarController:setSelectedIndex(index)
  self:setSelectedViewController(self.tabBarItems[index].controller)
end

function VerticalTabBarController:setSelectedViewController(vc)
  if self.selected == vc then return end
  self.selected = vc
  self.view:setContentView(vc.view, true)
  for i, item in ipairs(self.tabBarItems) do
    item.button.isSelected = item.controller == vc
    if item.button.isSelected then self.lastSelectedIndex = i end
  end
end

-- The demo: three coloured pages.
local function page(name, color) return ui.ViewController{ name = name, title = name, viewDidLoad = function(self) self.view.backgroundColor = color end } end
local red, green, blue = page("Red", "red"), page("Green", "green"), page("Blue", "blue")
local tabs = VerticalTabBarController{ name = "tabs",
  items = { TabBarItem("Red", red), TabBarItem("Green", green), TabBarItem("Blue", blue) } }
ui.window.rootViewController = tabs
ui.window:makeKeyAndVisible()
assert(#tabs.children == 3 and tabs.view.tabBarView.tabBarButtons[1].isSelected)
assert(red.appearanceState == "appeared" and green.isViewLoaded == false)

-- A tab fires on touchDown; the new page slides in from the left in 0.3 s.
ui.trace.mark("green")
ui.tap("Green")
ui.advance(0.15)
assert(ui.tap("Blue") == nil, "a tap during the slide is ignored")
local ignored = ui.trace.events("input")
assert(ignored[#ignored].args.reason == "<VerticalTabBarControllerView: verticalTabBar.view> has isUserInteractionEnabled = false")
ui.advance(0.15)
ui.expectTrace [[
  [0.000] Green.loadView()
  [0.000] Green.viewDidLoad()
  [0.000] Green.viewWillAppear(animated: false)
  [0.000] Green.viewIsAppearing(animated: false)
  [0.000] Green.viewDidAppear(animated: false)
  [0.300] Red.viewWillDisappear(animated: false)
  [0.300] Red.viewDidDisappear(animated: false)
]]
assert(green.view.frame.x == 80 and tabs.lastSelectedIndex == 2 and tabs.view.isUserInteractionEnabled)

-- Selecting the selected tab again does nothing.
ui.trace.mark("again")
ui.tap("Green")
ui.advance(0.3)
ui.expectTrace ""

-- lastSelectedIndex survives a reload of the view.
ui.window.rootViewController = ui.ViewController{ name = "elsewhere" }
tabs.view = nil
assert(tabs.isViewLoaded == false)
ui.window.rootViewController = tabs
assert(tabs.lastSelectedIndex == 2 and tabs.view.contentView == green.view and green.appearanceState == "appeared")
assert(tabs.view.tabBarView.tabBarButtons[2].isSelected)

-- New items: the old children are removed, the new ones added.
ui.trace.mark("items")
local yellow = page("Yellow", "yellow")
tabs:setTabBarItems({ TabBarItem("Yellow", yellow) })
ui.expectTrace [[
  Red.willMove(toParent: nil)
  Red.didMove(toParent: nil)
  Green.willMove(toParent: nil)
  Green.didMove(toParent: nil)
  Blue.willMove(toParent: nil)
  Blue.didMove(toParent: nil)
  Yellow.willMove(toParent: tabs)
  Yellow.didMove(toParent: tabs)
  Yellow.loadView()
  Yellow.viewDidLoad()
  Yellow.viewWillAppear(animated: false)
  Yellow.viewIsAppearing(animated: false)
  Yellow.viewDidAppear(animated: false)
]]
assert(#tabs.children == 1 and tabs.children[1] == yellow)
assert(#tabs.view.tabBarView.tabBarButtons == 1 and tabs.selected == yellow)
print("OK")
