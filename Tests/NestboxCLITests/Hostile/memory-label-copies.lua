-- expect: 3
-- options: --max-memory 16
-- message: nestbox: memory limit of 16 MiB exceeded at
-- message: /memory-label-copies.lua:10
-- Lua holds one 1 MiB string; every label keeps its own copy in Swift, which counts
-- (the strings a script hands the model, by their UTF-8 length).
local text = ("x"):rep(1 << 20)
local labels = {}
for i = 1, 100 do
  labels[i] = ui.Label{ text = text }
end
