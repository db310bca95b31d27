-- expect: 1
-- options: --timeout 60
-- message: snapshot-deep-tree.lua:14: ui.snapshot: cannot draw deep.png: nothing to draw: the view is 0 × 0 points
-- 1,000 nested views, each clipping, drawn from a root of no size: the drawing pass
-- walks the tree without recursion, and the PNG back-end refuses the empty picture.
-- (ten-thousand-nested-views.lua builds deeper trees, slowly.)
local v = ui.View{ frame = { 1, 1, 100, 100 }, backgroundColor = "red" }
for i = 1, 1000 do
  local p = ui.View{ frame = { 1, 1, 100, 100 }, backgroundColor = "red", clipsToBounds = true }
  p:addSubview(v)
  v = p
end
v.frame = { 0, 0, 0, 0 }
ui.snapshot{ path = "deep.png", view = v }
