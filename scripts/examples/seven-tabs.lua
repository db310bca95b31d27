-- seven-tabs.lua: the article's seven tabs (seeds/more-than-five-tabs.it.txt). A tab bar
-- controller with seven controllers shows four tabs and More; the article's way round it
-- is a bare UITabBar whose delegate swaps views without containment, which Nestbox flags;
-- the same design with containment gets its appearance callbacks.

local titles = { "One", "Two", "Three", "Four", "Five", "Six", "Seven" }
local function pages(prefix)
  local list = {}
  for i, t in ipairs(titles) do list[i] = ui.ViewController{ name = prefix .. t, title = t } end
  return list
end

-- 1. UITabBarController: only four tabs and "More" (UITabBarController.h).
local tbc = ui.TabBarController{ name = "tbc", viewControllers = pages("tbc") }
ui.window.rootViewController = tbc
ui.window:makeKeyAndVisible()
local shown = {}
for _, b in ipairs(tbc.tabBar.subviews) do shown[#shown + 1] = b.subviews[2].text end
assert(table.concat(shown, ",") == "One,Two,Three,Four,More", table.concat(shown, ","))

-- 2. The article's MainViewController: a bare UITabBar, its delegate, and views swapped in
--    and out with insertSubview/removeFromSuperview. No addChild anywhere.
---@class MainViewController: ViewController
local MainViewController = ui.ViewController:extend("MainViewController")

function MainViewController:viewDidLoad()
  local items = {}
  for i, t in ipairs(titles) do items[i] = ui.TabBarItem{ name = self.name .. ".item" .. i, title = t, tag = i - 1 } end
  local h = self.view.bounds.height
  self.tabBar = ui.TabBar{ name = self.name .. ".tabBar", frame = { 0, h - 49, self.view.bounds.width, 49 }, items = items,
    delegate = { didSelectItem = function(bar, item) self:selectTab(item.tag) end } }
  self.view:addSubview(self.tabBar)
  self:selectTab(0)
end

function MainViewController:selectTab(tag)
  local viewController = self.viewControllers[tag + 1]
  if viewController == self.currentView then return end          -- already showing
  self:display(viewController)
  self.currentView = viewController
end

function MainViewController:display(viewController)
  self.view:insertSubview(viewController.view, { below = self.tabBar })
  if self.currentView then self.currentView.view:removeFromSuperview() end
end

local plain = MainViewController{ name = "main", viewControllers = pages("plain") }
ui.window.rootViewController = plain
assert(#plain.tabBar.subviews == 7, "all seven tabs are shown")
ui.trace.mark("plain")
ui.tap("Seven")
assert(plain.currentView == plain.viewControllers[7])
-- The views swap, but the pages get no appearance callbacks (policy Q10), and Nestbox says why.
ui.expectTrace [[
  main.tabBar.delegate.didSelectItem(item: main.item7)
  plainSeven.loadView()
  plainSeven.viewDidLoad()
]]
local lint = ui.trace.events("lint")               -- the first page, in viewDidLoad, and Seven
assert(#lint == 2 and lint[1].object == "plainOne" and lint[2].object == "plainSeven", #lint)
assert(lint[2].message == "<View: plainSeven.view> of <ViewController: plainSeven> was added to the view of <MainViewController: main> without addChild: UIKit sends it no appearance callbacks")
assert(plain.viewControllers[7].appearanceState == "disappeared")

-- 3. The corrected design: the same bar, with containment (the documented steps).
---@class ContainedMainViewController: MainViewController
local ContainedViewController = MainViewController:extend("ContainedMainViewController")

function ContainedViewController:display(viewController)
  local old = self.currentView
  self:addChild(viewController)
  self.view:insertSubview(viewController.view, { below = self.tabBar })
  viewController:didMove(self)
  if old then
    old:willMove(nil)
    old.view:removeFromSuperview()
    old:removeFromParent()
  end
end

local contained = ContainedViewController{ name = "contained", viewControllers = pages("boxed") }
ui.window.rootViewController = contained
ui.trace.mark("contained")
ui.tap("Seven")
ui.expectTrace [[
  contained.tabBar.delegate.didSelectItem(item: contained.item7)
  boxedSeven.willMove(toParent: contained)
  boxedSeven.loadView()
  boxedSeven.viewDidLoad()
  boxedSeven.viewWillAppear(animated: false)
  boxedSeven.viewIsAppearing(animated: false)
  boxedSeven.viewDidAppear(animated: false)
  boxedSeven.didMove(toParent: contained)
  boxedOne.willMove(toParent: nil)
  boxedOne.viewWillDisappear(animated: false)
  boxedOne.viewDidDisappear(animated: false)
  boxedOne.didMove(toParent: nil)
]]
assert(#ui.trace.events("lint") == 2, "no new lint")
assert(#contained.children == 1 and contained.children[1] == contained.viewControllers[7])
ui.printHierarchy()
print("OK")
