-- expect: 3
-- options: --timeout 0.5
-- message: time limit exceeded at
-- A coroutine that swallows errors around its yields, resumed forever.
local f = coroutine.wrap(function()
  while true do pcall(coroutine.yield) end
end)
while true do pcall(f) end
