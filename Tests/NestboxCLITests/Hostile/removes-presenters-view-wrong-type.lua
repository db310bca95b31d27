-- expect: 1
-- message: removes-presenters-view-wrong-type.lua:9: shouldRemovePresentersView(self) returned a number, not a boolean or nil
-- shouldRemovePresentersView decides whether the presenting side disappears: a number
-- is not taken for true (the custom default, false, is used).
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local Cover = ui.PresentationController:extend("Cover")
function Cover:shouldRemovePresentersView()
  return 1
end
local m = ui.ViewController{ name = "m", modalPresentationStyle = "custom", transitioningDelegate = {
  presentationController = function() return Cover{} end } }
root:present(m, false)
ui.settle()
