-- expect: 1
-- message: ui.settle: still busy after 100000 run-loop turns
-- A timer that reschedules itself with no delay holds virtual time still: advance and
-- settle give up after 100,000 timers at one instant (they ran to the time limit).
local function again() ui.after(0, again) end
ui.after(0, again)
local ok, message = pcall(ui.advance, 1)
assert(not ok and message == "ui.advance: still busy after 100000 timers at one instant", message)
ui.settle()
