-- expect: 3
-- options: --max-memory 16 --frames --timeout 60
-- message: nestbox: memory limit of 16 MiB exceeded at
-- message: /memory-frames-one-call.lua:17
-- One call records a frame event per view every 1/60 s for 1,000 s: 60 million events.
-- The advance stops itself once the trace is over the cap, and the call is refused.
-- (About 8 s of CPU in a debug build: the time limit is raised so that a loaded
-- machine still reaches the memory cap first.)
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
for i = 1, 100 do
  local v = ui.View{ frame = { 0, 0, 10, 10 } }
  root.view:addSubview(v)
  ui.animate{ duration = 1000, animations = function() v.alpha = 0 end }
end
ui.advance(1000)
