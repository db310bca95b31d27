-- expect: 1
-- message: presented-view-wrong-type.lua:10: presentedView(self) returned a ViewController, not a View or nil
-- presentedView answers a view (UIKit's is the presented controller's view by default),
-- not the controller.
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local m = ui.ViewController{ name = "m", modalPresentationStyle = "custom" }
m.transitioningDelegate = { presentationController = function() return ui.PresentationController{
  presentedView = function(self)
    return self.presentedViewController
  end } end,
  animationControllerForPresented = function() return { animateTransition = function(ctx)
    ctx.containerView:addSubview(ctx:view("to")); ctx:completeTransition(true) end } end }
root:present(m, false)
ui.settle()
