-- S01: root view controller installed in a window
local a = ui.ViewController{ name = "a" }
ui.window.rootViewController = a
ui.window:makeKeyAndVisible()
ui.expectTrace [[
  a.loadView()
  a.viewDidLoad()
  a.viewWillAppear(animated: false)
  a.viewIsAppearing(animated: false)
  a.viewDidAppear(animated: false)
]]
assert(a.appearanceState == "appeared")
assert(a.view.window == ui.window)
print("OK")
