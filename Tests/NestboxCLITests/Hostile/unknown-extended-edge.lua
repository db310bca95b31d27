-- expect: 1
-- message: bad value for property 'edgesForExtendedLayout' of ViewController (unknown edge 'under' (top, left, bottom, right, all; {} for none))
-- An edge name that UIRectEdge does not have is a clear error, not an empty set.
local vc = ui.ViewController{ name = 'vc' }
vc.edgesForExtendedLayout = { 'top', 'under' }
