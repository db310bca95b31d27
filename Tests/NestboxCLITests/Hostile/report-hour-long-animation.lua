-- expect: 0
-- options: --report /tmp/nestbox-hostile-report-hour.html
-- message: nestbox: the report stops at 5000 frames (83.283 s): at most 5000 frames and 48 MB of text
-- An hour-long animation would be 216,000 frames at 60 Hz: the report keeps its first
-- 5,000 (83 s: the page draws each tick the square moves at), says so, and the run goes
-- on to its end (policy Q33).
ui.window:makeKeyAndVisible()
local v = ui.View{ name = "square", frame = { 0, 0, 10, 10 }, backgroundColor = "red" }
ui.window:addSubview(v)
ui.animate{ duration = 3600, animations = function() v.frame = { 300, 0, 10, 10 } end }
