-- expect: 1
-- message: in transition completion
local p, a, b = ui.ViewController{}, ui.ViewController{}, ui.ViewController{}
p:addChild(a); p.view:addSubview(a.view); p:addChild(b)
p:transition{ from = a, to = b, duration = 0, completion = function() error('in transition completion') end }
ui.settle()
