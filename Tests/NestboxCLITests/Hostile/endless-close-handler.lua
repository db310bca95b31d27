-- expect: 3
-- options: --timeout 0.5
-- message: time limit exceeded at
-- coroutine.close runs the coroutine's __close handlers in that coroutine: the watchdog
-- must stop the loop there too.
local co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  coroutine.yield()
end)
coroutine.resume(co)
coroutine.close(co)
