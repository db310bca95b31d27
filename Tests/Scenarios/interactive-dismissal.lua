-- Q15c: a custom presentation with a presentation controller, dismissed by a drag
-- that is cancelled, then by one that finishes (policy Q15c). Not an S-number: run by
-- ContainerBindingTests.
local t, n, a = require("present")()
local Half = ui.PresentationController:extend("Half")
function Half:frameOfPresentedViewInContainerView()
  local b = self.containerView.bounds
  return { 0, b.height / 2, b.width, b.height / 2 }
end
function Half:containerViewWillLayoutSubviews()
  self:presentedView().frame = self:frameOfPresentedViewInContainerView()
end
local slide = { transitionDuration = 0.3, animateTransition = function(ctx)
  local presenting = ctx.toViewController == ctx.fromViewController.presentedViewController
  local v = presenting and ctx:view("to") or ctx:view("from")
  assert(ctx:view(presenting and "from" or "to") == nil, "the presenting view stays: the context does not give it")
  local final = presenting and ctx:finalFrame(ctx.toViewController) or v.frame
  if presenting then ctx.containerView:addSubview(v) end
  v.frame = { final.x, presenting and ui.screen.height or final.y, final.width, final.height }
  ui.animate{ duration = 0.3, animations = function()
    v.frame = { final.x, presenting and final.y or ui.screen.height, final.width, final.height }
  end, completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
end }
local drag
local m = ui.ViewController{ name = "m", modalPresentationStyle = "custom", transitioningDelegate = {
  presentationController = function(presented, presenting, source) return Half{ name = "half" } end,
  animationControllerForPresented = function() return slide end,
  animationControllerForDismissed = function() return slide end,
  interactionControllerForDismissal = function(animator) return drag end,
} }
local log = {}
a:present(m, true, function() log[#log + 1] = "presented" end)
ui.settle()
ui.expectTrace [[
  [0.000] m.loadView()
  [0.000] m.viewDidLoad()
  [0.000] m.viewWillAppear(animated: true)
  [0.000] half.presentationTransitionWillBegin()
  [0.000] m.viewIsAppearing(animated: true)
  [0.300] m.viewDidAppear(animated: true)
  [0.300] half.presentationTransitionDidEnd(completed: true)
]]
assert(a.presentedViewController == m and n.visibleViewController == m and t.presentedViewController == m)
assert(m.view.frame.y == 426 and m.view.superview == m.presentationController.containerView)

-- A drag that goes back: the sheet stays, its callbacks balanced; no completion.
drag = ui.PercentDrivenInteractiveTransition{ name = "drag" }
ui.trace.mark()
m:dismiss(true, function() log[#log + 1] = "dismissed" end)
drag:update(0.25)
ui.advance(0.1)
drag:cancel()
ui.settle()
ui.expectTrace [[
  m.viewWillDisappear(animated: true)
  half.dismissalTransitionWillBegin()
  m.viewWillAppear(animated: true)
  m.viewIsAppearing(animated: true)
  m.viewDidAppear(animated: true)
  half.dismissalTransitionDidEnd(completed: false)
]]
assert(t.presentedViewController == m and m.view.frame.y == 426 and m.view.window == ui.window)

-- Rotated, the container lays out and the override puts the sheet in the new bottom half.
ui.rotate("landscapeLeft")
ui.settle()
assert(m.view.frame.y == 196.5 and m.view.frame.width == 852, tostring(m.view.frame.y))

-- A drag that goes through dismisses.
ui.trace.mark()
m:dismiss(true, function() log[#log + 1] = "dismissed" end)
drag:update(0.6)
drag:finish()
ui.settle()
ui.expectTrace [[
  m.viewWillDisappear(animated: true)
  half.dismissalTransitionWillBegin()
  m.viewDidDisappear(animated: true)
  half.dismissalTransitionDidEnd(completed: true)
]]
assert(table.concat(log, ",") == "presented,dismissed", table.concat(log, ","))
assert(t.presentedViewController == nil and m.presentationController == nil and m.view.window == nil)
print("OK")
