-- expect: 3
-- options: --timeout 0.5
-- message: time limit exceeded at
coroutine.wrap(function() while true do end end)()
