-- expect: 3
-- options: --max-memory 16
-- message: nestbox: memory limit of 16 MiB exceeded at
-- message: /memory-trace-events.lua:10
-- Each call pushes a table per event while the cap is off: the call that goes over it
-- is refused, at its line.
local root = ui.View{}
for i = 1, 2000 do root:addSubview(ui.View{}) end
local keep = {}
while true do keep[#keep + 1] = ui.trace.events() end
