-- page-book.lua: a book in a page view controller, the container the sliding-menu
-- article contrasts with navigation and tabs: no stack and no tab list, only the page on
-- screen, its neighbours asked for as a swipe needs them (docs/page.md).

local colors = { "#FFF8E1", "#E3F2FD", "#E8F5E9", "#FCE4EC", "#EDE7F6" }

-- A page: its number, a label, and a log of what UIKit tells it.
---@class PageController: ViewController
local Page = ui.ViewController:extend("PageController")

function Page:init(args) self.number = args.number end

function Page:viewDidLoad()
  self.view.backgroundColor = colors[self.number]
  self.view:addSubview(ui.Label{ name = self.name .. ".label", text = "Page " .. self.number,
                                 textAlignment = "center", frame = { 0, 380, ui.screen.width, 44 } })
end

-- The book: pages are made the first time a swipe reaches them.
local pages = {}
local function page(i)
  if i < 1 or i > #colors then return nil end
  pages[i] = pages[i] or Page{ name = "page" .. i, number = i }
  return pages[i]
end

local turns = {}
local book = ui.PageViewController{ name = "book", interPageSpacing = 8,
  dataSource = {
    viewControllerBefore = function(_, vc) return page(vc.number - 1) end,
    viewControllerAfter = function(_, vc) return page(vc.number + 1) end },
  delegate = {
    willTransitionTo = function(_, pending) turns[#turns + 1] = "to " .. pending[1].number end,
    didFinishAnimating = function(_, _, previous, completed)
      turns[#turns + 1] = (completed and "left " or "stayed on ") .. previous[1].number end } }
book:setViewControllers({ page(1) })
ui.window.rootViewController = book
ui.window:makeKeyAndVisible()

-- Two pages forward, a hesitant swipe that springs back, one page back.
local forward = { from = { 320, 500 }, to = { 40, 500 }, steps = 6, duration = 0.3 }
ui.pan(forward)
ui.settle()
ui.pan(forward)
ui.settle()
ui.trace.mark("hesitant")
ui.pan{ from = { 320, 500 }, to = { 250, 500 }, steps = 7, duration = 0.7 }
ui.settle()
ui.expectTrace [[
  book.dataSource.viewControllerAfter(page3) -> page4
  page4.willMove(toParent: book)
  page4.loadView()
  page4.viewDidLoad()
  book.delegate.willTransitionTo("page4")
  page4.viewWillAppear(animated: true)
  page3.viewWillDisappear(animated: true)
  page4.viewIsAppearing(animated: true)
  page3.viewWillAppear(animated: true)
  page3.viewIsAppearing(animated: true)
  page3.viewDidAppear(animated: true)
  page4.viewWillDisappear(animated: true)
  page4.viewDidDisappear(animated: true)
  page4.willMove(toParent: nil)
  page4.didMove(toParent: nil)
  book.delegate.didFinishAnimating(finished: true, previousViewControllers: "page3", transitionCompleted: false)
]]
ui.pan{ from = { 40, 500 }, to = { 320, 500 }, steps = 6, duration = 0.3 }
ui.settle()
assert(table.concat(turns, ", ") == "to 2, left 1, to 3, left 2, to 4, stayed on 3, to 2, left 3", table.concat(turns, ", "))

-- The table of contents jumps to the last page by code: no delegate calls, a 0.3 s turn.
book:setViewControllers({ page(5) }, "forward", true, function(finished) print("at the end", finished) end)
ui.settle()
assert(book.viewControllers[1] == pages[5] and #book.children == 1 and #turns == 8)

-- At the last page a swipe forward asks, hears nil, and turns nothing.
ui.trace.mark("last")
ui.pan(forward)
ui.settle()
ui.expectTrace [[
  book.dataSource.viewControllerAfter(page5) -> nil
]]

-- The picture: a finger holding page 4 two thirds in view, the gap between the pages.
local finger = ui.pan{ from = { 40, 500 }, to = { 300, 500 }, steps = 4, duration = 0.2, release = false }
assert(finger.isActive and book.isTurning and pages[4].view.superview == book.scrollView)
print("OK")
