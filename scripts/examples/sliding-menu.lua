-- sliding-menu.lua: the article's RootController (seeds/sliding-menu-containment.es.txt):
-- a menu table under the content, each child in a navigation controller with a "Menu"
-- button, 0.5 s slides, and, as the article suggests, a pan that drags the content.

local kExposedWidth = 200

---@class RootController: ViewController
local RootController = ui.ViewController:extend("RootController")

function RootController:init(args)
  local viewControllers, menuTitles = args.viewControllers or {}, args.menuTitles or {}
  -- The article asserts on its properties before setting them (nil == nil always
  -- holds); checking the arguments makes the check work.
  assert(#viewControllers == #menuTitles, "There must be one and only one menu title corresponding to every view controller!")
  self.menuTitles = menuTitles
  local wrapped = {}
  for _, vc in ipairs(viewControllers) do
    local nav = vc
    if vc.className ~= "NavigationController" then nav = ui.NavigationController{ name = vc.name .. ".nav", root = vc } end
    wrapped[#wrapped + 1] = nav
    -- "Menu" goes leftmost; any existing left buttons move right.
    local topVC = nav.topViewController
    local items = { ui.BarButtonItem{ name = "menuButton." .. vc.name, title = "Menu", action = function() self:toggleMenuVisibility() end } }
    for _, item in ipairs(topVC.navigationItem.leftBarButtonItems) do items[#items + 1] = item end
    topVC.navigationItem.leftBarButtonItems = items
  end
  self.viewControllers = wrapped
  self.menu = ui.TableView{ name = "menu", rows = menuTitles,
    delegate = { didSelectRow = function(table, row) self:replaceVisibleViewControllerWithViewControllerAtIndex(row) end } }
end

-- The article's suggestion: drag the content to open or close the menu (attached when a
-- page's view is first used, so no view loads before it is needed).
function RootController:attachDrag(nav)
  if nav.dragAttached then return end
  nav.dragAttached = true
  nav.view:addGestureRecognizer(ui.PanGestureRecognizer{ name = "drag." .. nav.name, action = function(g) self:drag(g, nav) end })
end

function RootController:viewDidLoad()
  self.menu.frame = self.view.bounds
  self.view:addSubview(self.menu)
  self.indexOfVisibleController = 1
  local visible = self.viewControllers[1]
  visible.view.frame = self:offScreenFrame()
  self:attachDrag(visible)
  self:addChild(visible)
  self.view:addSubview(visible.view)
  self.isMenuVisible = true
  self:adjustContentFrameAccordingToMenuVisibility()
  visible:didMove(self)
end

function RootController:offScreenFrame()
  return { self.view.bounds.width, 0, self.view.bounds.width, self.view.bounds.height }
end

function RootController:toggleMenuVisibility()
  self.isMenuVisible = not self.isMenuVisible
  self:adjustContentFrameAccordingToMenuVisibility()
end

function RootController:adjustContentFrameAccordingToMenuVisibility()
  local view = self.viewControllers[self.indexOfVisibleController].view
  local size = view.frame
  local x = self.isMenuVisible and kExposedWidth or 0
  ui.animate{ duration = 0.5, animations = function() view.frame = { x, 0, size.width, size.height } end }
end

-- The swap: the outgoing content slides away with transition(from:to:), then the
-- incoming one slides in; interaction is ignored meanwhile.
function RootController:replaceVisibleViewControllerWithViewControllerAtIndex(index)
  if index == self.indexOfVisibleController then return end
  local incoming = self.viewControllers[index]
  incoming.view.frame = self:offScreenFrame()
  self:attachDrag(incoming)
  local outgoing = self.viewControllers[self.indexOfVisibleController]
  local visibleFrame = self.view.bounds
  outgoing:willMove(nil)
  self:addChild(incoming)
  ui.beginIgnoringInteractionEvents()
  self:transition{ from = outgoing, to = incoming, duration = 0.5,
    animations = function() outgoing.view.frame = self:offScreenFrame() end,
    completion = function()
      ui.animate{ duration = 0.5, animations = function()
        outgoing.view:removeFromSuperview()
        self.view:addSubview(incoming.view)
        incoming.view.frame = visibleFrame
        ui.endIgnoringInteractionEvents()
      end }
      incoming:didMove(self)
      outgoing:removeFromParent()
      self.isMenuVisible = false
      self.indexOfVisibleController = index
    end }
end

function RootController:drag(g, nav)
  local view = nav.view
  if g.state == "began" then self.dragStart = view.frame.x end
  local x = math.min(math.max(self.dragStart + g.translation.x, 0), kExposedWidth)
  if g.state == "began" or g.state == "changed" then
    view.frame = { x, 0, view.frame.width, view.frame.height }
  elseif g.state == "ended" then
    self.isMenuVisible = x > kExposedWidth / 2
    self:adjustContentFrameAccordingToMenuVisibility()
  end
end

-- The article's ViewController: it logs its containment, appearance and rotation calls.
---@class LoggingController: ViewController
local LoggingController = ui.ViewController:extend("ViewController")
local function log(self, what) print(string.format("%s (%s) - %s", self.className, self.name, what)) end
function LoggingController:willMove(parent) log(self, "willMoveToParentViewController:") end
function LoggingController:didMove(parent) log(self, "didMoveToParentViewController:") end
function LoggingController:viewWillAppear() log(self, "viewWillAppear:") end
function LoggingController:viewDidAppear() log(self, "viewDidAppear:") end
-- As the article's rotation methods, super first: it tells the children (S36).
function LoggingController:viewWillTransition(size, coordinator)
  ui.ViewController.viewWillTransition(self, size, coordinator)
  log(self, "viewWillTransitionToSize:")
end

-- The Tab and Nav children of the article (its storyboards, in code).
local tabController = ui.TabBarController{ name = "tab", viewControllers = {
  ui.ViewController{ name = "first", title = "First" }, ui.ViewController{ name = "second", title = "Second" } } }
local tableVC = ui.ViewController{ name = "table", title = "Table" }
tableVC.navigationItem.leftBarButtonItems = { ui.BarButtonItem{ name = "left", title = "Left" } }
local navController = ui.NavigationController{ name = "navigation", root = tableVC }
local redVC, greenVC = LoggingController{ name = "red" }, LoggingController{ name = "green" }
redVC.view.backgroundColor = "red"
greenVC.view.backgroundColor = "green"

assert(not pcall(RootController, { viewControllers = { redVC }, menuTitles = {} }), "the count check works")

local menuController = RootController{ name = "root",
  viewControllers = { tabController, redVC, greenVC, navController }, menuTitles = { "Tab", "Red", "Green", "Nav" } }
ui.window.rootViewController = menuController
ui.window:makeKeyAndVisible()
ui.advance(0.5)
local tabNav = menuController.viewControllers[1]
assert(tabNav.view.frame.x == kExposedWidth, "the menu shows first")

-- The Menu button (leftmost) hides and shows the menu.
ui.tap("Menu")
ui.advance(0.5)
assert(tabNav.view.frame.x == 0 and not menuController.isMenuVisible)
ui.tap("Menu")
ui.advance(0.5)
assert(tabNav.view.frame.x == kExposedWidth)

-- Picking "Red": out slides away (0.5 s), then Red slides in (0.5 s); taps are ignored.
ui.trace.mark("red")
ui.tap("Red")
ui.advance(0.25)
assert(ui.tap("Green") == nil)
ui.advance(0.75)
ui.expectTrace [[
  [1.500] menu.delegate.didSelectRow(row: 2)
  [1.500] red.nav.loadView()
  [1.500] red.nav.viewDidLoad()
  [1.500] tab.nav.willMove(toParent: nil)
  [1.500] red.nav.willMove(toParent: root)
  [1.500] tab.nav.viewWillDisappear(animated: true)
  [1.500] tab.viewWillDisappear(animated: true)
  [1.500] first.viewWillDisappear(animated: true)
  [1.500] red.nav.viewWillAppear(animated: true)
  [1.500] red.viewWillAppear(animated: true)
  [1.500] red.nav.viewIsAppearing(animated: true)
  [1.500] red.viewIsAppearing(animated: true)
  [2.000] tab.nav.viewDidDisappear(animated: true)
  [2.000] tab.viewDidDisappear(animated: true)
  [2.000] first.viewDidDisappear(animated: true)
  [2.000] red.nav.viewDidAppear(animated: true)
  [2.000] red.viewDidAppear(animated: true)
  [2.000] red.didMove(toParent: red.nav)
  [2.000] red.nav.didMove(toParent: root)
  [2.000] tab.nav.didMove(toParent: nil)
]]
local redNav = menuController.viewControllers[2]
assert(redNav.view.frame.x == 0 and menuController.indexOfVisibleController == 2 and not menuController.isMenuVisible)
local reasons = {}
for _, e in ipairs(ui.trace.events("input")) do if e.event == "ignored" then reasons[#reasons + 1] = e.args.reason end end
assert(reasons[#reasons] == "interaction events are ignored")

-- Rotation reaches the visible child.
ui.trace.mark("rotate")
ui.rotate("landscapeLeft")
ui.advance(0.3)
ui.expectTrace [[
  root.viewWillTransition(size: "852 x 393")
  red.nav.viewWillTransition(size: "852 x 393")
  red.viewWillTransition(size: "852 x 393")
  root.willTransition(traits: "compact x compact")
  red.nav.willTransition(traits: "compact x compact")
  red.willTransition(traits: "compact x compact")
  menu.delegate.didChangeAdjustedContentInset(adjustedContentInset: "(0 0 480 0)")
  menu.delegate.didScroll(contentOffset: "(0 0)")
  root.traitCollectionDidChange()
  red.nav.traitCollectionDidChange()
  red.traitCollectionDidChange()
]]
ui.rotate("portrait")
ui.advance(0.3)

-- Dragging the content opens the menu past half way, and closes it again.
ui.pan{ from = { 200, 400 }, to = { 320, 400 }, steps = 4, duration = 0.2 }
ui.advance(0.5)
assert(menuController.isMenuVisible and redNav.view.frame.x == kExposedWidth)
ui.pan{ from = { 300, 400 }, to = { 200, 400 }, steps = 4, duration = 0.2 }
ui.advance(0.5)
assert(not menuController.isMenuVisible and redNav.view.frame.x == 0)

-- Nav: the existing "Left" button moved right of "Menu".
local left = tableVC.navigationItem.leftBarButtonItems
assert(left[1].title == "Menu" and left[2].title == "Left")
print("OK")
