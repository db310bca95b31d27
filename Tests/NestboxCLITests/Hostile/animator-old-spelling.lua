-- expect: 1
-- message: animator-old-spelling.lua:8: bad argument #1 to 'transition' (field 'animator' is an animator with 'animate', which is now animateTransition(ctx) (docs/api-conventions.md))
-- The animator's old spelling (`duration`, `animate`) is refused with its new name: read
-- silently as "no animateTransition" it would leave the transition waiting forever.
local p, a, b = ui.ViewController{}, ui.ViewController{}, ui.ViewController{}
p:addChild(a); p:addChild(b)
ui.window.rootViewController = p
p:transition{ from = a, to = b, animator = { duration = 0.3, animate = function(ctx) ctx:completeTransition(true) end } }
