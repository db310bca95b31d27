-- expect: 1
-- message: scroll-1e300.lua:16: rows on screen after scrolling to 1e300: 0
-- A row index computed from an offset of 1e300 overflowed Int and trapped (SIGILL).
-- Rows are clamped to the table's rows: past the end, none is on screen.
local root = ui.ViewController{}
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local t = ui.TableView{ rows = { "a", "b", "c" }, frame = { 0, 0, 200, 200 } }
root.view:addSubview(t)
ui.settle()
assert(t:cellForRow(1) and t:cellForRow(3), "three rows on screen")
ui.scroll(t, { 0, 1e300 })
ui.settle()
local n = 0
for row = 1, 3 do if t:cellForRow(row) then n = n + 1 end end
error("rows on screen after scrolling to 1e300: " .. n)
