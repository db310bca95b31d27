-- expect: 3
-- options: --max-memory 16
-- message: memory limit of 16 MiB exceeded
local parts = {}
local s = ('x'):rep(1024 * 1024)
for i = 1, 100 do parts[i] = s .. i end
