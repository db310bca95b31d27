-- S42 / policy Q3: a container off screen swaps children without appearance callbacks;
-- they catch up when it appears
local p, a, b = ui.ViewController{ name = "p" }, ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
p:addChild(a); p.view:addSubview(a.view); a:didMove(p)
ui.trace.mark()
p:addChild(b)
a:willMove(nil)
p:transition{ from = a, to = b, duration = 0, completion = function() a:removeFromParent(); b:didMove(p) end }
ui.advance(0)
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
ui.expectTrace [[
  b.willMove(toParent: p)
  a.willMove(toParent: nil)
  b.loadView()
  b.viewDidLoad()
  a.didMove(toParent: nil)
  b.didMove(toParent: p)
  p.viewWillAppear(animated: false)
  b.viewWillAppear(animated: false)
  p.viewIsAppearing(animated: false)
  b.viewIsAppearing(animated: false)
  p.viewDidAppear(animated: false)
  b.viewDidAppear(animated: false)
]]
print("OK")
