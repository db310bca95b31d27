-- expect: 1
-- message: split-column-width-nan.lua:5: bad field 'preferredPrimaryColumnWidth' in SplitViewController{...} (width must be a number from 0 to 10000)
-- Column widths are finite and bounded (Q48): NaN would make every frame NaN.
local svc = ui.SplitViewController{ name = "svc", primary = ui.ViewController{ name = "p" },
  preferredPrimaryColumnWidth = 0/0 }
