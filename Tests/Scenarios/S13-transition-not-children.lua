-- S13: transition between controllers that are not both children of the receiver: W2
local p, a, b = ui.ViewController{ name = "p" }, ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
p:addChild(a); p.view:addSubview(a.view); a:didMove(p)
ui.trace.mark()
local ok, err = pcall(function() p:transition{ from = a, to = b, duration = 0.3 } end)
assert(not ok)
local text = "NSInvalidArgumentException: Children view controllers <ViewController: a> and <ViewController: b> must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]"
assert(err:sub(-#text) == text, err)
ui.expectTrace ""
assert(b.isViewLoaded == false)
print("OK")
