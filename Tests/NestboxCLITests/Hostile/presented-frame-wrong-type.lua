-- expect: 1
-- message: presented-frame-wrong-type.lua:9: frameOfPresentedViewInContainerView(self) returned a string, not a rect with finite numbers or nil
-- A presentation controller's frame must be a rect; the error names the override where
-- it is defined, and the presented view takes the container's bounds.
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local Half = ui.PresentationController:extend("Half")
function Half:frameOfPresentedViewInContainerView()
  return "bottom half"
end
local m = ui.ViewController{ name = "m", modalPresentationStyle = "custom", transitioningDelegate = {
  presentationController = function() return Half{} end } }
root:present(m, false)
ui.settle()
