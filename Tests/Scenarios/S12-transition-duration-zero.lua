-- S12 / policy Q2: duration 0 is not animated and completes on the next run-loop turn
local p, a, b = ui.ViewController{ name = "p" }, ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(a); p.view:addSubview(a.view); a:didMove(p)
ui.trace.mark()
p:addChild(b)
a:willMove(nil)
p:transition{ from = a, to = b, duration = 0, completion = function() a:removeFromParent(); b:didMove(p) end }
assert(a.appearanceState == "disappearing", "not done before the next turn")
ui.advance(0)
ui.expectTrace [[
  b.willMove(toParent: p)
  a.willMove(toParent: nil)
  b.loadView()
  b.viewDidLoad()
  a.viewWillDisappear(animated: false)
  b.viewWillAppear(animated: false)
  b.viewIsAppearing(animated: false)
  a.viewDidDisappear(animated: false)
  b.viewDidAppear(animated: false)
  a.didMove(toParent: nil)
  b.didMove(toParent: p)
]]
print("OK")
