-- expect: 3
-- options: --timeout 0.5
-- message: time limit exceeded at
-- Work that reschedules itself forever: the run loop, a host operation, stops at the
-- deadline by itself (each settle also gives up after 100,000 timers at one instant,
-- and the loop asks again).
local function again() ui.after(0, again) end
again()
while true do pcall(ui.settle) end
