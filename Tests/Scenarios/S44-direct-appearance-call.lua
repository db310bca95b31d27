-- S44: calling an appearance method directly is W19; the hook runs, the state does not change
local ran = 0
local x = ui.ViewController{ name = "x", viewWillAppear = function() ran = ran + 1 end }
x:viewWillAppear(true)
assert(ran == 1)
assert(x.appearanceState == "disappeared")
local w = ui.trace.events("warning")
assert(#w == 1)
assert(w[1].message == "[ViewController] Calling -viewWillAppear: directly on a view controller is not supported, and may result in out-of-order callbacks and other inconsistent behavior. Use the -beginAppearanceTransition:animated: and -endAppearanceTransition APIs on UIViewController to manually drive appearance callbacks instead. Make a symbolic breakpoint at UIViewControllerAlertForAppearanceCallbackMisuse to catch this in the debugger. View controller: <ViewController: x>")
ui.expectTrace ""
print("OK")
