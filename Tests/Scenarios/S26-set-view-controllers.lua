-- S26: setViewControllers with a new top: push-style; the old top gets no willMove/didMove
local n = require("nav")({ "a", "b", "c" })
local x = ui.ViewController{ name = "x" }
n:setViewControllers({ x }, true)
ui.advance(0.35)
ui.expectTrace [[
  x.willMove(toParent: n)
  x.loadView()
  x.viewDidLoad()
  c.viewWillDisappear(animated: true)
  x.viewWillAppear(animated: true)
  n.delegate.willShow(viewController: x, animated: true)
  x.viewIsAppearing(animated: true)
  c.viewDidDisappear(animated: true)
  x.viewDidAppear(animated: true)
  x.didMove(toParent: n)
  a.didMove(toParent: nil)
  b.didMove(toParent: nil)
  n.delegate.didShow(viewController: x, animated: true)
]]
print("OK")
