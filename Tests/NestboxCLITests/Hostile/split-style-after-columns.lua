-- expect: 1
-- message: split-style-after-columns.lua:6: NSInvalidArgumentException: Nestbox: the style of <SplitViewController: svc> is fixed once a column is set (UIKit's init(style:))
-- The style is UIKit's init(style:): the constructor's `style` comes before the columns,
-- and changing it afterwards is refused (Q45).
local svc = ui.SplitViewController{ name = "svc", primary = ui.ViewController{ name = "p" } }
svc.style = "tripleColumn"
