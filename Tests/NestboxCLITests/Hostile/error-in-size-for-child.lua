-- expect: 1
-- message: in sizeForChildContentContainer
local p = ui.ViewController{ sizeForChildContentContainer = function() error('in sizeForChildContentContainer') end }
local c = ui.ViewController{}
ui.window.rootViewController = p
ui.window:makeKeyAndVisible()
p:addChild(c); p.view:addSubview(c.view); c:didMove(p)
ui.rotate('landscapeLeft')
