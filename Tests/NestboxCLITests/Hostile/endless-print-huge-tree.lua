-- expect: 3
-- options: --timeout 1
-- message: time limit exceeded at
-- Printing a deep tree over and over: each print checks the deadline itself.
local root = ui.View{}
local v = root
for i = 1, 5000 do local w = ui.View{} v:addSubview(w) v = w end
while true do ui.printViews(root) end
