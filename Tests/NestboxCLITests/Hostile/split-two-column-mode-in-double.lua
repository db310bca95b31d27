-- expect: 1
-- message: split-two-column-mode-in-double.lua:5: NSInvalidArgumentException: Nestbox: display mode 'twoBesideSecondary' needs a tripleColumn split view controller (Q45)
-- A mode with two columns beside the secondary needs three columns (Q45).
local svc = ui.SplitViewController{ name = "svc" }
svc.preferredDisplayMode = "twoBesideSecondary"
