-- expect: 3
-- options: --max-memory 16
-- message: nestbox: memory limit of 16 MiB exceeded at
-- message: /memory-trace-growth.lua:9
-- Lua allocates nothing here, the trace grows by two events a turn: it reached 2.7 GB
-- before the timeout. The model's memory counts toward the cap.
local v, w = ui.View{}, ui.View{}
while true do
  v:addSubview(w); w:removeFromSuperview()
end
