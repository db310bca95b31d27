-- expect: 1
-- message: Can't add self as subview
local v = ui.View{}
v:addSubview(v)
