-- expect: 1
-- message: rowheight-tiny.lua:18: rows 3, selected nil
-- A row height of 1e-300 made 200 / 1e-300 (a row index past Int.max) and trapped
-- (SIGILL), as did a tap at y = 100 (row 1e302). Rows are clamped to the table's rows:
-- all three are on screen, and the tap, below them, selects none.
local root = ui.ViewController{}
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local selected
local t = ui.TableView{ rows = { "a", "b", "c" }, frame = { 0, 0, 200, 200 },
                        delegate = { didSelectRow = function(_, row) selected = row end } }
root.view:addSubview(t)
t.rowHeight = 1e-300
ui.settle()
local n = 0
for row = 1, 3 do if t:cellForRow(row) then n = n + 1 end end
ui.tap(t)      -- its centre, y = 100
error("rows " .. n .. ", selected " .. tostring(selected))
