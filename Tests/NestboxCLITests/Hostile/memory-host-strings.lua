-- expect: 3
-- options: --max-memory 16
-- message: nestbox: memory limit of 16 MiB exceeded at
-- message: /memory-host-strings.lua:10
-- A value the host pushes into Lua is made while the cap is off; it counts when the
-- binding returns, so the line that asked for it is where the run stops.
local label = ui.Label{ text = ("x"):rep(1 << 20) }
local keep = {}
for i = 1, 400 do
  local text = label.text
  keep[i] = text
end
