-- expect: 0
-- options: --timeout 3
-- 30,000 timers due at once: each was a scan of the whole queue (25 s past a 3 s
-- timeout); a heap runs them in a blink, in the order they were scheduled.
local order = {}
for i = 1, 30000 do ui.after(0, function() order[#order + 1] = i end) end
ui.after(0, function()
  assert(#order == 30000, #order)
  for i = 1, 30000 do assert(order[i] == i, "timer " .. i .. " ran out of order") end
end)
