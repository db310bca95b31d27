-- expect: 3
-- options: --max-instructions 5000
-- message: instruction limit of 5000 exceeded
local x = 0
for i = 1, 1e6 do x = x + i end
