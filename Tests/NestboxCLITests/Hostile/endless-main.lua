-- expect: 3
-- options: --timeout 0.5
-- message: time limit exceeded at
while true do end
