-- Shared set-up for the tab scenarios: T on screen with controllers titled by name,
-- a delegate that can refuse, trace marked.
return function(names, allow)
  local vcs = {}
  for i, name in ipairs(names) do vcs[i] = ui.ViewController{ name = name, title = name:upper() } end
  local t = ui.TabBarController{ name = "t", viewControllers = vcs,
    delegate = { shouldSelect = function(tbc, vc) return allow ~= false end } }
  ui.window.rootViewController = t
  ui.window:makeKeyAndVisible()
  ui.trace.mark()
  return t, vcs
end
