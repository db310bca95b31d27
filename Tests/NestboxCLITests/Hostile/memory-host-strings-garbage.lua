-- expect: 0
-- options: --max-memory 16
-- The same 1 MiB read 400 times and dropped: garbage is collected before the limit is
-- judged, as Lua's allocator does before it refuses.
local label = ui.Label{ text = ("x"):rep(1 << 20) }
for i = 1, 400 do
  local text = label.text
  assert(#text == 1 << 20)
end
