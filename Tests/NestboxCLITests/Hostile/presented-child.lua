-- expect: 1
-- message: cannot add <ViewController: b> as a child of <ViewController: a>: it is presented by <ViewController: a>; dismiss it first
-- A presented controller made a child: its view would stay in the window, outside its
-- parent's view tree (found by the fuzzer's invariant check).
local a, b = ui.ViewController{ name = 'a' }, ui.ViewController{ name = 'b' }
ui.window.rootViewController = a
ui.window:makeKeyAndVisible()
a:present(b, false)
ui.settle()
a:addChild(b)
