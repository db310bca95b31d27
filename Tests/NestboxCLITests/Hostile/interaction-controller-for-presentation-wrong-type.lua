-- expect: 1
-- message: interaction-controller-for-presentation-wrong-type.lua:10: interactionControllerForPresentation(animator) returned a number, not a PercentDrivenInteractiveTransition or nil
-- The presentation's interaction controller is checked as the dismissal's is.
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local slide = { transitionDuration = 0.3, animateTransition = function(ctx) ctx:completeTransition(true) end }
local m = ui.ViewController{ name = "m", modalPresentationStyle = "fullScreen", transitioningDelegate = {
  animationControllerForPresented = function() return slide end,
  interactionControllerForPresentation = function(animator)
    return 0.5
  end } }
root:present(m, true)
ui.settle()
