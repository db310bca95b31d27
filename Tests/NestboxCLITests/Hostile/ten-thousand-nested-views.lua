-- expect: 0
-- options: --timeout 120
local top = ui.View{}
local v = top
for i = 1, 10000 do local w = ui.View{}; v:addSubview(w); v = w end
local text = ui.printViews(top)
assert(select(2, text:gsub('\n', '')) == 10000)
