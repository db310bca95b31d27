-- sliding-container.lua: a container written in Lua that slides between two children,
-- with transition(from:to:) on a button and with a pan gesture that drives a custom,
-- interactive transition. It checks the trace and the frames, and prints OK last.

local W, H = ui.screen.width, ui.screen.height
local function rect(x) return { x, 0, W, H } end
local function fmt(r) return string.format("(%.1f %.1f; %.1f %.1f)", r.x, r.y, r.width, r.height) end

-- The custom animator the pan uses: to.view slides in from the right, linearly.
local slideIn = { transitionDuration = 0.4, animateTransition = function(ctx)
  local to, from = ctx:view("to"), ctx:view("from")
  ctx.containerView:insertSubview(to, { above = from })
  to.frame = rect(W)
  ui.animate{ duration = 0.4, options = { "curveLinear" },
    animations = function() to.frame = rect(0); from.frame = rect(-W) end,
    completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
end }

---@class SlidingContainer: ViewController
local Slider = ui.ViewController:extend("SlidingContainer")

function Slider:viewDidLoad()
  self.current = self.pages[1]
  self:addChild(self.current)
  self.current.view.frame = rect(0)
  self.view:addSubview(self.current.view)
  self.current:didMove(self)
  self.nextButton = ui.Button{ name = "next", title = "Next", frame = { W - 90, H - 80, 80, 44 } }
  self.nextButton:addTarget(function() self:slide() end, "touchUpInside")
  self.view:addSubview(self.nextButton)
  self.interaction = ui.PercentDrivenInteractiveTransition()
  self.view:addGestureRecognizer(ui.PanGestureRecognizer{ name = "drag", action = function(g) self:drag(g) end })
end

function Slider:other() return self.current == self.pages[1] and self.pages[2] or self.pages[1] end

-- The containment protocol around transition(from:to:), input ignored meanwhile.
function Slider:slide()
  local from, to = self.current, self:other()
  self:addChild(to)
  from:willMove(nil)
  to.view.frame = rect(W)
  ui.beginIgnoringInteractionEvents()
  self:transition{ from = from, to = to, duration = 0.3, options = { "curveEaseOut" },
    animations = function() to.view.frame = rect(0); from.view.frame = rect(-W) end,
    completion = function()
      from:removeFromParent()
      to:didMove(self)
      self.current = to
      self.view:bringSubviewToFront(self.nextButton)
      ui.endIgnoringInteractionEvents()
    end }
end

-- Dragging left pulls the other page in; past half way it finishes, else it cancels.
function Slider:drag(g)
  if g.state == "began" then
    self.from, self.to = self.current, self:other()
    self:addChild(self.to)
    self.from:willMove(nil)
    self:transition{ from = self.from, to = self.to, animator = slideIn, interactionController = self.interaction,
      completion = function(completed)
        if completed then
          self.from:removeFromParent(); self.to:didMove(self); self.current = self.to
        else
          self.to:willMove(nil); self.to:removeFromParent(); self.from:didMove(self)
        end
        self.view:bringSubviewToFront(self.nextButton)
      end }
  elseif g.state == "changed" then
    self.interaction:update(-g.translation.x / W)
  elseif g.state == "ended" then
    if self.interaction.percentComplete > 0.5 then self.interaction:finish() else self.interaction:cancel() end
  end
end

local red, green = ui.ViewController{ name = "red", title = "Red" }, ui.ViewController{ name = "green", title = "Green" }
local slider = Slider{ name = "slider", pages = { red, green } }
ui.window.rootViewController = slider
ui.window:makeKeyAndVisible()

-- 1. The button: a 0.3 s ease-out slide; a second tap in flight is ignored.
ui.trace.mark("slide")
assert(ui.tap("Next") == slider.nextButton)
ui.advance(0.15)
assert(fmt(green.view.presentation.frame) == "(123.9 0.0; 393.0 852.0)", fmt(green.view.presentation.frame))
assert(ui.tap("Next") == nil)
local ignored = ui.trace.events("input")
assert(ignored[#ignored].event == "ignored" and ignored[#ignored].args.reason == "interaction events are ignored")
ui.advance(0.15)
ui.expectTrace [[
  [0.000] green.willMove(toParent: slider)
  [0.000] red.willMove(toParent: nil)
  [0.000] green.loadView()
  [0.000] green.viewDidLoad()
  [0.000] red.viewWillDisappear(animated: true)
  [0.000] green.viewWillAppear(animated: true)
  [0.000] green.viewIsAppearing(animated: true)
  [0.300] red.viewDidDisappear(animated: true)
  [0.300] green.viewDidAppear(animated: true)
  [0.300] red.didMove(toParent: nil)
  [0.300] green.didMove(toParent: slider)
]]
assert(slider.current == green and fmt(green.view.frame) == "(0.0 0.0; 393.0 852.0)")

-- 2. The pan: dragged to 40 %, held, then released short of half way: it cancels.
ui.trace.mark("drag")
ui.pan{ from = { 300, 400 }, to = { 300 - W * 0.4, 400 }, steps = 4, duration = 0.2, release = false }
assert(slider.interaction.percentComplete == 0.4)
assert(fmt(red.view.presentation.frame) == "(235.8 0.0; 393.0 852.0)", fmt(red.view.presentation.frame))
assert(fmt(green.view.presentation.frame) == "(-157.2 0.0; 393.0 852.0)", fmt(green.view.presentation.frame))
slider.interaction:cancel()
ui.settle()
ui.expectTrace [[
  [0.350] red.willMove(toParent: slider)
  [0.350] green.willMove(toParent: nil)
  [0.350] green.viewWillDisappear(animated: true)
  [0.350] red.viewWillAppear(animated: true)
  [0.350] red.viewIsAppearing(animated: true)
  [0.500] green.viewWillAppear(animated: false)
  [0.500] red.viewWillDisappear(animated: false)
  [0.660] green.viewIsAppearing(animated: false)
  [0.660] green.viewDidAppear(animated: false)
  [0.660] red.viewDidDisappear(animated: false)
  [0.660] red.willMove(toParent: nil)
  [0.660] red.didMove(toParent: nil)
  [0.660] green.didMove(toParent: slider)
]]
assert(slider.current == green and red.parent == nil and red.view.superview == nil)
assert(fmt(green.view.frame) == "(0.0 0.0; 393.0 852.0)", "cancel restores the start state")
assert(fmt(red.view.frame) == "(393.0 0.0; 393.0 852.0)")

ui.printHierarchy()
print("OK")
