-- expect: 1
-- message: split-unknown-column.lua:5: bad argument #2 to 'setViewController' (unknown column 'detail' (primary, supplementary, secondary, compact))
-- Columns are named as UIKit's UISplitViewController.Column cases.
local svc = ui.SplitViewController{ name = "svc" }
svc:setViewController(ui.ViewController{ name = "d" }, "detail")
