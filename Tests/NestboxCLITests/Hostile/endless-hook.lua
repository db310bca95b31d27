-- expect: 3
-- options: --timeout 0.5
-- message: time limit exceeded at
local vc = ui.ViewController{ viewDidLoad = function() while true do end end }
local _ = vc.view
