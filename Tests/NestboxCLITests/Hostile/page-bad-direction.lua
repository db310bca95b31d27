-- expect: 1
-- message: page-bad-direction.lua:5: bad argument #2 to 'setViewControllers' (unknown direction 'up' (forward, reverse))
-- The direction is a word UIKit has; anything else is refused before anything changes.
local p = ui.PageViewController{ name = "p" }
p:setViewControllers({ ui.ViewController{} }, "up", true)
