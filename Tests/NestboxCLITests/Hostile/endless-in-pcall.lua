-- expect: 3
-- options: --timeout 0.5
-- message: time limit exceeded at
while true do pcall(function() while true do end end) end
