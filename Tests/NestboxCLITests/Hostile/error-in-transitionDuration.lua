-- expect: 1
-- message: error-in-transitionDuration.lua:9: in transitionDuration
-- An animator's failing transitionDuration used to become a duration of 0 without a
-- word; it is reported as any callback's error is.
local p, a, b = ui.ViewController{}, ui.ViewController{}, ui.ViewController{}
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(a); p.view:addSubview(a.view); p:addChild(b)
p:transition{ from = a, to = b, animator = { transitionDuration = function() error('in transitionDuration') end,
  animateTransition = function(ctx) ctx:completeTransition(true) end } }
