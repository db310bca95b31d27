-- Shared set-up for the page view controller scenarios: P on screen showing `cur`, a
-- data source with `prev` before it and `new` after it, a delegate, trace marked.
return function(options)
  local pages = { prev = ui.ViewController{ name = "prev" }, cur = ui.ViewController{ name = "cur" },
                  new = ui.ViewController{ name = "new" } }
  local order = { pages.prev, pages.cur, pages.new }
  local function at(vc, d)
    for i, p in ipairs(order) do if p == vc then return order[i + d] end end
  end
  options = options or {}
  options.name = "p"
  options.dataSource = {
    viewControllerBefore = function(_, vc) return at(vc, -1) end,
    viewControllerAfter = function(_, vc) return at(vc, 1) end }
  options.delegate = { willTransitionTo = function() end, didFinishAnimating = function() end }
  local p = ui.PageViewController(options)
  p:setViewControllers({ pages.cur })
  ui.window.rootViewController = p
  ui.window:makeKeyAndVisible()
  ui.settle()
  ui.trace.mark()
  return p, pages
end
