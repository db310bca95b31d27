-- expect: 3
-- options: --max-memory 16
-- message: memory limit of 16 MiB exceeded
local t = {}
for i = 1, 1e8 do t[i] = { i } end
