-- expect: 1
-- message: page-bad-options.lua:9: NSInvalidArgumentException: Nestbox: <PageViewController: p>'s transitionStyle, navigationOrientation and interPageSpacing are set before its view loads (UIKit takes them in init)
-- A page view controller's style, orientation and spacing are fixed once its view loads;
-- a bad value is refused with the choices.
assert(select(2, pcall(ui.PageViewController, { transitionStyle = "flip" })):find("unknown transition style 'flip' (scroll, pageCurl)", 1, true))
assert(select(2, pcall(ui.PageViewController, { interPageSpacing = 0 / 0 })):find("interPageSpacing must be a number from 0 to 10000, not nan", 1, true))
local p = ui.PageViewController{ name = "p", navigationOrientation = "vertical" }
local _ = p.view
p.transitionStyle = "pageCurl"
