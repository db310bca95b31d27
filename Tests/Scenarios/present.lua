-- Shared set-up for the presentation scenarios: T (tab bar) on screen, its tab N with [A].
return function()
  local a = ui.ViewController{ name = "a" }
  local n = ui.NavigationController{ name = "n", root = a }
  local t = ui.TabBarController{ name = "t", viewControllers = { n } }
  ui.window.rootViewController = t
  ui.window:makeKeyAndVisible()
  ui.trace.mark()
  return t, n, a
end
