-- split-mail.lua: a master/detail mail client on ui.SplitViewController (docs/split.md).
-- The mailboxes' table is the primary column, a message the secondary. On an iPad in
-- landscape both show side by side; in portrait the message fills the screen and the
-- list comes over it; on an iPhone the split collapses into one navigation stack,
-- the list on top until a message is chosen (the delegate's topColumnForCollapsing).

local messages = { "Lunch on Friday?", "Build is green", "Quarterly report" }

-- A message: its subject in a label.
---@class MessageController: ViewController
local MessageController = ui.ViewController:extend("MessageController")

function MessageController:viewDidLoad()
  self.view.backgroundColor = "white"
  self.subject = ui.Label{ name = self.name .. ".subject", text = self.title,
    frame = { 20, 120, 400, 30 }, autoresizingMask = { "flexibleWidth" } }
  self.view:addSubview(self.subject)
end

-- The inbox: a table of subjects; a tap shows that message in the secondary column
-- (pushed on the one stack while collapsed: UIKit's show(.secondary)).
-- The inbox starts below the navigation bar (edgesForExtendedLayout = {}): its rows are
-- never under the bar.
---@class InboxController: ViewController
local InboxController = ui.ViewController:extend("InboxController")

function InboxController:viewDidLoad()
  self.view.backgroundColor = "systemGroupedBackground"
  self.table = ui.TableView{ name = "inbox.table", rows = messages, rowHeight = 44,
    frame = self.view.bounds, autoresizingMask = { "flexibleWidth", "flexibleHeight" },
    delegate = { didSelectRow = function(_, row) self:open(row) end } }
  self.view:addSubview(self.table)
end

function InboxController:open(row)
  local svc = self.splitViewController
  svc:setViewController(MessageController{ name = "message" .. row, title = messages[row] }, "secondary")
  svc:show("secondary")
  self.chosen = row
end

ui.setDevice("iPad")
ui.rotate("landscapeLeft")
local inbox = InboxController{ name = "inbox", title = "Inbox", edgesForExtendedLayout = {} }
local empty = ui.ViewController{ name = "empty", title = "No Message" }
local svc = ui.SplitViewController{ name = "mail", style = "doubleColumn", primary = inbox, secondary = empty,
  delegate = {
    -- Collapsed with nothing chosen, the inbox stays on top (as Mail does).
    topColumnForCollapsing = function(svc, proposed) return inbox.chosen and proposed or "primary" end,
  } }
ui.window.rootViewController = svc
ui.window:makeKeyAndVisible()

-- Landscape: inbox and message side by side, the inbox 320 points wide.
assert(svc.displayMode == "oneBesideSecondary" and not svc.isCollapsed)
assert(inbox.view.window and empty.view.window, "both columns on screen")
assert(svc:columnNavigationController("primary").view.frame.width == 320)

-- A tap on a subject replaces the secondary column's controller.
ui.trace.mark()
ui.tap("Build is green")
ui.expectTrace [[
  inbox.table.delegate.didSelectRow(row: 2)
  message2.willMove(toParent: message2.nav)
  empty.nav.viewWillDisappear(animated: false)
  empty.viewWillDisappear(animated: false)
  empty.nav.willMove(toParent: nil)
  empty.nav.viewDidDisappear(animated: false)
  empty.viewDidDisappear(animated: false)
  empty.nav.didMove(toParent: nil)
  message2.nav.willMove(toParent: mail)
  message2.nav.didMove(toParent: mail)
  message2.nav.loadView()
  message2.nav.viewDidLoad()
  message2.loadView()
  message2.viewDidLoad()
  message2.nav.viewWillAppear(animated: false)
  message2.viewWillAppear(animated: false)
  message2.nav.viewIsAppearing(animated: false)
  message2.viewIsAppearing(animated: false)
  message2.nav.viewDidAppear(animated: false)
  message2.viewDidAppear(animated: false)
  message2.didMove(toParent: message2.nav)
]]
assert(svc:viewController("secondary").title == "Build is green")

-- Portrait: the message alone; show("primary") brings the inbox over it.
ui.rotate("portrait")
ui.advance(0.3)
assert(svc.displayMode == "secondaryOnly" and inbox.view.window == nil)
svc:show("primary")
assert(svc.displayMode == "oneOverSecondary" and inbox.appearanceState == "appeared")
svc:hide("primary")

-- On an iPhone: one stack, the chosen message pushed on the inbox.
ui.setDevice("iPhone 15")
ui.advance(0.3)
local stack = svc:columnNavigationController("primary")
assert(svc.isCollapsed and #stack.viewControllers == 2 and stack.topViewController.title == "Build is green")
stack:popViewController(true)
ui.advance(0.5)
ui.tap("Quarterly report")
ui.advance(0.5)
assert(stack.topViewController.title == "Quarterly report", "the new message is pushed on the one stack")

-- Back on the iPad, in landscape: the message returns to its column.
ui.setDevice("iPad")
ui.rotate("landscapeLeft")
ui.advance(0.3)
assert(not svc.isCollapsed and svc.displayMode == "oneBesideSecondary")
assert(svc:viewController("secondary").title == "Quarterly report" and #stack.viewControllers == 1)
assert(svc:viewController("secondary").appearanceState == "appeared")
print("OK")
