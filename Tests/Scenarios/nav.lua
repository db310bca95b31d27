-- Shared set-up for the navigation scenarios: N on screen with the given stack and a
-- delegate that records, trace marked.
return function(names)
  local vcs = {}
  for i, name in ipairs(names) do vcs[i] = ui.ViewController{ name = name, title = name:upper() } end
  local log = {}
  local n = ui.NavigationController{ name = "n", root = vcs[1], delegate = {
    willShow = function(nav, vc) log[#log + 1] = "willShow " .. vc.name end,
    didShow = function(nav, vc) log[#log + 1] = "didShow " .. vc.name end } }
  ui.window.rootViewController = n
  ui.window:makeKeyAndVisible()
  for i = 2, #vcs do n:pushViewController(vcs[i], false) end
  ui.settle()
  ui.trace.mark()
  return n, vcs, log
end
