-- expect: 1
-- message: interaction-controller-wrong-type.lua:12: interactionControllerForDismissal(animator) returned a table, not a PercentDrivenInteractiveTransition or nil
-- An interaction controller must be a ui.PercentDrivenInteractiveTransition: a plain
-- table with update/cancel functions drives nothing, and the dismissal would go on alone.
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local slide = { transitionDuration = 0.3, animateTransition = function(ctx) ctx:completeTransition(not ctx.transitionWasCancelled) end }
local m = ui.ViewController{ name = "m", transitioningDelegate = {
  animationControllerForPresented = function() return slide end,
  animationControllerForDismissed = function() return slide end,
  interactionControllerForDismissal = function(animator)
    return { update = function() end, cancel = function() end }
  end,
  interactionControllerForPresentation = function(animator) return nil end } }
root:present(m, false)
ui.settle()
m:dismiss(true)
ui.settle()
