-- demo.lua: a small custom container that swaps its content child, following
-- UIKit's containment protocol step by step, and checking the callbacks it gets.
-- Run it with `scripts/nestbox` (no arguments) or `nestbox run scripts/examples/demo.lua`.

-- A container with a header and a content area; `show(vc)` swaps the content.
---@class ContainerController: ViewController
local Container = ui.ViewController:extend("ContainerController")

function Container:viewDidLoad()
  self.view.backgroundColor = "systemBackground"
  self.header = ui.Label{ name = "header", text = self.title, frame = { 0, 0, ui.screen.width, 44 } }
  self.view:addSubview(self.header)
end

function Container:display(child)
  local old = self.current
  if old == child then return end
  if old then                               -- removal: willMove(nil), view out, removeFromParent
    old:willMove(nil)
    old.view:removeFromSuperview()
    old:removeFromParent()
  end
  self:addChild(child)                      -- addition: addChild (willMove), view in, didMove
  child.view.frame = { 0, 44, ui.screen.width, ui.screen.height - 44 }
  child.view.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
  self.view:addSubview(child.view)
  child:didMove(self)
  self.current = child
  self.header.text = child.title
end

-- Content controllers: one class, with a hook that looks at isMovingToParent.
---@class PageController: ViewController
local Page = ui.ViewController:extend("PageController")
function Page:viewWillAppear(animated)
  self.appearedAsNewChild = self.isMovingToParent
end

local inbox = Page{ name = "inbox", title = "Inbox" }
local archive = Page{ name = "archive", title = "Archive" }
local container = Container{ name = "container", title = "Mail" }

-- Before the window shows it, the container adds its first child: no appearance yet.
container:display(inbox)
ui.expectTrace [[
  inbox.willMove(toParent: container)
  inbox.loadView()
  inbox.viewDidLoad()
  container.loadView()
  container.viewDidLoad()
  inbox.didMove(toParent: container)
]]

-- Installing the root: parent first, then the child (docs/scenarios.md, S03).
ui.trace.mark("window")
ui.window.rootViewController = container
ui.window:makeKeyAndVisible()
ui.expectTrace [[
  container.viewWillAppear(animated: false)
  inbox.viewWillAppear(animated: false)
  container.viewIsAppearing(animated: false)
  inbox.viewIsAppearing(animated: false)
  container.viewDidAppear(animated: false)
  inbox.viewDidAppear(animated: false)
]]
assert(inbox.appearanceState == "appeared")
assert(inbox.appearedAsNewChild == false)

-- Swapping on screen: the old child leaves (S06), the new one arrives (S02).
ui.trace.mark("swap")
container:display(archive)
ui.expectTrace [[
  inbox.willMove(toParent: nil)
  inbox.viewWillDisappear(animated: false)
  inbox.viewDidDisappear(animated: false)
  inbox.didMove(toParent: nil)
  archive.willMove(toParent: container)
  archive.loadView()
  archive.viewDidLoad()
  archive.viewWillAppear(animated: false)
  archive.viewIsAppearing(animated: false)
  archive.viewDidAppear(animated: false)
  archive.didMove(toParent: container)
]]
assert(archive.appearedAsNewChild == true, "isMovingToParent is true between willMove and didMove")
assert(archive.parent == container and inbox.parent == nil)
assert(container.header.text == "Archive")

-- UIKit's exceptions are catchable Lua errors with UIKit's text.
local ok, err = pcall(function() container:addChild(container) end)
assert(not ok and err:find("NSInvalidArgumentException", 1, true))

ui.printViews()
print("OK")
