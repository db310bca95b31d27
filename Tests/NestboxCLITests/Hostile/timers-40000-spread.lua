-- expect: 0
-- options: --timeout 3
-- 40,000 timers scheduled latest first (34 s of scans before): they run by time,
-- and those due at the same time in the order they were scheduled.
local ran = {}
for i = 40000, 1, -1 do
  ui.after(i // 2 * 0.001, function() ran[#ran + 1] = i end)
end
ui.advance(100)
assert(#ran == 40000, #ran)
for k = 1, 39999 do
  -- 2m and 2m + 1 share a time (m); 2m + 1 was scheduled first
  local a, b = ran[k], ran[k + 1]
  assert(a // 2 <= b // 2, "by time")
  if a // 2 == b // 2 then assert(a > b, "same time: scheduling order") end
end
