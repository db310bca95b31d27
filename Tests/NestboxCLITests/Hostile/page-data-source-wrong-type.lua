-- expect: 1
-- message: page-data-source-wrong-type.lua:6: viewControllerAfter(pvc, vc) returned a string, not a ViewController or nil
-- A data source's answer that is not a controller is the method's error, at its line.
local a = ui.ViewController{ name = "a" }
local p = ui.PageViewController{ name = "p", dataSource = {
  viewControllerAfter = function() return "next" end } }
p:setViewControllers({ a })
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
ui.pan{ from = { 300, 400 }, to = { 60, 400 } }
