-- expect: 1
-- message: error-in-data-source.lua:7: in cellForRow
local root = ui.ViewController{}
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local t = ui.TableView{ frame = { 0, 0, 393, 440 }, dataSource = { numberOfRows = function() return 3 end,
  cellForRow = function() error('in cellForRow') end } }
root.view:addSubview(t)
