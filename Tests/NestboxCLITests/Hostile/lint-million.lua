-- expect: 5
-- options: --lint
-- message: … and 300000 more
-- message: 301000 lints
-- 301,000 misspelt fields under --lint: the first 1,000 lints are kept, the rest only
-- counted (neither the report nor the trace holds them), in bounded memory and time.
local vc = ui.ViewController{ name = "vc" }
for i = 1, 1000 do vc.Title = i end
for i = 1, 300000 do vc.titel = i end
