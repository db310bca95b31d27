-- expect: 0
-- options: --timeout 2
-- rawset is refused on ui.Transform, the read-only view (which is no object's metatable
-- either), and the real metatable stays hidden behind it.
local function forever() while true do end end
assert(not pcall(rawset, ui.Transform, "__gc", forever), "rawset on ui.Transform is refused")
local mt = getmetatable(ui.View{}.transform)
assert(mt == ui.Transform, "getmetatable answers with ui.Transform")
assert(not pcall(setmetatable, ui.Transform.identity, {}), "a transform's metatable is protected")
for i = 1, 100 do local t = ui.View{}.transform end
collectgarbage()
assert(ui.Transform.scale(2):concat(ui.Transform.translate(1, 0)).tx == 1)
