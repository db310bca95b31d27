-- expect: 1
-- message: split-supplementary-in-double-column.lua:6: NSInvalidArgumentException: Nestbox: a doubleColumn split view controller has no supplementary column (Q45)
-- A double-column split has no supplementary column (Q45): setting one is an error at
-- the script's line, not a column UIKit would never show.
local svc = ui.SplitViewController{ name = "svc" }
svc:setViewController(ui.ViewController{ name = "s" }, "supplementary")
