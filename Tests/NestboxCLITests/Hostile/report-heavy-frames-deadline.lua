-- expect: 3
-- options: --timeout 1 --report /tmp/nestbox-hostile-report-heavy.html
-- message: time limit exceeded
-- Each of the report's frames draws 3,000 views and prints their hierarchy: 5,000 of
-- them would take minutes. The capture checks the run's deadline between and inside
-- its looks, so the time limit ends the run on time (policy Q33). The colour animates,
-- so every tick is taken whole rather than drawn by the page.
ui.window:makeKeyAndVisible()
local root = ui.View{ frame = { 0, 0, 300, 300 } }
ui.window:addSubview(root)
for i = 1, 3000 do root:addSubview(ui.View{ frame = { i % 300, 0, 1, 1 }, backgroundColor = "blue" }) end
ui.animate{ duration = 100, animations = function()
  root.frame = { 50, 50, 300, 300 }
  root.backgroundColor = "red"
end }
