-- expect: 1
-- message: presenters-view-as-value.lua:9: hook 'shouldRemovePresentersView' must be a function, got boolean (docs/api-conventions.md)
-- An overridden property is a method, as every override is: a plain value in its place
-- used to be read quietly by one override and not by the others; it is refused where set.
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local Cover = ui.PresentationController:extend("Cover")
Cover.shouldRemovePresentersView = true
local m = ui.ViewController{ name = "m", modalPresentationStyle = "custom", transitioningDelegate = {
  presentationController = function() return Cover{} end } }
root:present(m, false)
ui.settle()
