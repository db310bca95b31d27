-- S11: transition(from:to:) animated, both children, container on screen
local p, a, b = ui.ViewController{ name = "p" }, ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(a); p.view:addSubview(a.view); a:didMove(p)
ui.trace.mark()
p:addChild(b)
a:willMove(nil)
local finishedWith
p:transition{ from = a, to = b, duration = 0.3, options = { "curveEaseOut" },
  animations = function() b.view.alpha = 1 end,
  completion = function(finished)
    a:removeFromParent()
    b:didMove(p)
    finishedWith = finished
  end }
assert(b.view.superview == p.view, "to.view goes into from.view's superview at once")
ui.advance(0.3)
ui.expectTrace [[
  [0.000] b.willMove(toParent: p)
  [0.000] a.willMove(toParent: nil)
  [0.000] b.loadView()
  [0.000] b.viewDidLoad()
  [0.000] a.viewWillDisappear(animated: true)
  [0.000] b.viewWillAppear(animated: true)
  [0.000] b.viewIsAppearing(animated: true)
  [0.300] a.viewDidDisappear(animated: true)
  [0.300] b.viewDidAppear(animated: true)
  [0.300] a.didMove(toParent: nil)
  [0.300] b.didMove(toParent: p)
]]
assert(finishedWith == true and a.view.superview == nil)
print("OK")
