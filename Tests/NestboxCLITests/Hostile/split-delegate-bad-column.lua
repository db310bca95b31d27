-- expect: 1
-- message: split-delegate-bad-column.lua:8: topColumnForCollapsing(svc, proposed) returned 'detail', not one of primary, supplementary, secondary, compact or nil
-- The delegate's answer names a column (Q45); anything else is its error, and the
-- proposal stands.
ui.setDevice("iPhone 15")
local svc = ui.SplitViewController{ name = "svc", primary = ui.ViewController{ name = "p" },
  secondary = ui.ViewController{ name = "s" }, delegate = {
  topColumnForCollapsing = function(svc, proposed) return "detail" end } }
ui.window.rootViewController = svc
ui.window:makeKeyAndVisible()
