-- S14: the caller added to.view itself before transition: UIKit logs W1 for it
local p, a, b = ui.ViewController{ name = "p" }, ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(a); p.view:addSubview(a.view); a:didMove(p)
ui.trace.mark()
p:addChild(b)
p.view:addSubview(b.view)
b:didMove(p)
a:willMove(nil)
p:transition{ from = a, to = b, duration = 0.3, completion = function() a:removeFromParent() end }
ui.advance(0.3)
ui.expectTrace [[
  b.willMove(toParent: p)
  b.loadView()
  b.viewDidLoad()
  b.viewWillAppear(animated: false)
  b.viewIsAppearing(animated: false)
  b.viewDidAppear(animated: false)
  b.didMove(toParent: p)
  a.willMove(toParent: nil)
  a.viewWillDisappear(animated: true)
  a.viewDidDisappear(animated: true)
  a.didMove(toParent: nil)
]]
local w = ui.trace.events("warning")
assert(#w == 1 and w[1].message == "Unbalanced calls to begin/end appearance transitions for <ViewController: b>.")
print("OK")
