-- expect: 3
-- options: --max-memory 8
-- message: memory limit of 8 MiB exceeded at
-- The line is the one whose allocation was refused, inside the coroutine.
local ok = coroutine.resume(coroutine.create(function()
  local parts = {}
  for i = 1, 1e7 do parts[i] = ("x"):rep(64) .. i end
end))
print(ok)
