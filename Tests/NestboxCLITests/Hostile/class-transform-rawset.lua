-- expect: 0
-- options: --timeout 2
-- rawset reaches only the read-only view, which is no object's metatable, and the real
-- metatable stays hidden behind it.
local function forever() while true do end end
rawset(ui.Transform, "__gc", forever)
local mt = getmetatable(ui.View{}.transform)
assert(mt == ui.Transform, "getmetatable answers with ui.Transform")
assert(not pcall(setmetatable, ui.Transform.identity, {}), "a transform's metatable is protected")
for i = 1, 100 do local t = ui.View{}.transform end
collectgarbage()
assert(ui.Transform.scale(2):concat(ui.Transform.translate(1, 0)).tx == 1)
