-- expect: 1
-- message: in layoutSubviews
local p = ui.ViewController{}
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
local v = ui.View{ layoutSubviews = function() error('in layoutSubviews') end }
p.view:addSubview(v)
ui.settle()
