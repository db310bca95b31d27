-- expect: 3
-- options: --max-memory 16
-- message: nestbox: memory limit of 16 MiB exceeded at
-- message: /memory-trace-events-once.lua:9
-- One call asks for 60,000 event tables (about 30 MB): pushing stops once over the
-- cap, and the call is refused at its line.
local v, w = ui.View{}, ui.View{}
for i = 1, 30000 do v:addSubview(w); w:removeFromSuperview() end
local all = ui.trace.events()
