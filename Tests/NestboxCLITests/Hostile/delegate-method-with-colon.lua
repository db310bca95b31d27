-- expect: 1
-- message: delegate-method-with-colon.lua:9: willShow is called as willShow(nav, vc, animated), without its table, but its first parameter is self: define it with '.', not ':' (docs/api-conventions.md)
-- A delegate method defined with ':' would take the navigation controller for `self`
-- and every argument one place late; the convention passes UIKit's parameters only,
-- so the definition is refused where it is written.
local d = {}
local nav = ui.NavigationController{ root = ui.ViewController{} }
nav.delegate = d
function d:willShow(nav, vc, animated)
  print(vc.name)
end
ui.window.rootViewController = nav
ui.window:makeKeyAndVisible()
nav:pushViewController(ui.ViewController{}, false)
