-- S29 / Q40-Q42: a swipe turns the page (scroll style), completed and cancelled; then
-- the same in page-curl style
local setup = require("page")

-- scroll, completed: dragged past half the width
local p, pg = setup()
ui.pan{ from = { 300, 400 }, to = { 60, 400 }, steps = 4, duration = 0.2 }
ui.settle()
ui.expectTrace [[
  p.dataSource.viewControllerAfter(cur) -> new
  new.willMove(toParent: p)
  new.loadView()
  new.viewDidLoad()
  p.delegate.willTransitionTo("new")
  new.viewWillAppear(animated: true)
  cur.viewWillDisappear(animated: true)
  new.viewIsAppearing(animated: true)
  new.viewDidAppear(animated: true)
  cur.viewDidDisappear(animated: true)
  cur.willMove(toParent: nil)
  cur.didMove(toParent: nil)
  new.didMove(toParent: p)
  p.delegate.didFinishAnimating(finished: true, previousViewControllers: "cur", transitionCompleted: true)
]]
assert(p.viewControllers[1] == pg.new and pg.new.parent == p and pg.cur.parent == nil)
ui.window.rootViewController = nil

-- scroll, cancelled: a short drag, released slowly
p, pg = setup()
ui.pan{ from = { 300, 400 }, to = { 240, 400 }, steps = 6, duration = 0.6 }
ui.settle()
ui.expectTrace [[
  p.dataSource.viewControllerAfter(cur) -> new
  new.willMove(toParent: p)
  new.loadView()
  new.viewDidLoad()
  p.delegate.willTransitionTo("new")
  new.viewWillAppear(animated: true)
  cur.viewWillDisappear(animated: true)
  new.viewIsAppearing(animated: true)
  cur.viewWillAppear(animated: true)
  cur.viewIsAppearing(animated: true)
  cur.viewDidAppear(animated: true)
  new.viewWillDisappear(animated: true)
  new.viewDidDisappear(animated: true)
  new.willMove(toParent: nil)
  new.didMove(toParent: nil)
  p.delegate.didFinishAnimating(finished: true, previousViewControllers: "cur", transitionCompleted: false)
]]
assert(p.viewControllers[1] == pg.cur and pg.new.parent == nil and not p.isTurning)
ui.window.rootViewController = nil

-- page curl, completed: the old page's did-disappear comes before the new one's did-appear
p, pg = setup{ transitionStyle = "pageCurl" }
ui.pan{ from = { 60, 400 }, to = { 300, 400 }, steps = 4, duration = 0.2 }
ui.settle()
ui.expectTrace [[
  p.dataSource.viewControllerBefore(cur) -> prev
  prev.willMove(toParent: p)
  prev.loadView()
  prev.viewDidLoad()
  p.delegate.willTransitionTo("prev")
  prev.viewWillAppear(animated: true)
  cur.viewWillDisappear(animated: true)
  prev.viewIsAppearing(animated: true)
  cur.viewDidDisappear(animated: true)
  prev.viewDidAppear(animated: true)
  cur.willMove(toParent: nil)
  cur.didMove(toParent: nil)
  prev.didMove(toParent: p)
  p.delegate.didFinishAnimating(finished: true, previousViewControllers: "cur", transitionCompleted: true)
]]
assert(p.viewControllers[1] == pg.prev and pg.cur.parent == nil)
ui.window.rootViewController = nil

-- page curl, cancelled
p, pg = setup{ transitionStyle = "pageCurl" }
ui.pan{ from = { 300, 400 }, to = { 240, 400 }, steps = 6, duration = 0.6 }
ui.settle()
ui.expectTrace [[
  p.dataSource.viewControllerAfter(cur) -> new
  new.willMove(toParent: p)
  new.loadView()
  new.viewDidLoad()
  p.delegate.willTransitionTo("new")
  new.viewWillAppear(animated: true)
  cur.viewWillDisappear(animated: true)
  new.viewIsAppearing(animated: true)
  new.viewWillDisappear(animated: true)
  cur.viewWillAppear(animated: true)
  new.viewDidDisappear(animated: true)
  cur.viewIsAppearing(animated: true)
  cur.viewDidAppear(animated: true)
  new.willMove(toParent: nil)
  new.didMove(toParent: nil)
  p.delegate.didFinishAnimating(finished: true, previousViewControllers: "cur", transitionCompleted: false)
]]
assert(p.viewControllers[1] == pg.cur and pg.new.parent == nil)
print("OK")
