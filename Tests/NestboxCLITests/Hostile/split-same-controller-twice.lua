-- expect: 1
-- message: split-same-controller-twice.lua:6: NSInvalidArgumentException: Nestbox: <ViewController: v> is already the view controller of the primary column
-- One controller fills one column (Q45): a second column would take it from the first's
-- navigation controller behind the split's back.
local v = ui.ViewController{ name = "v" }
local svc = ui.SplitViewController{ name = "svc", primary = v, secondary = v }
