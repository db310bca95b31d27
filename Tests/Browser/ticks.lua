-- The animations whose frames the report's page draws itself, compared frame by frame
-- with the same run's report taken whole (Tests/Browser/report_test.py): a container
-- that moves, grows and fades, clips a label that stays centred in it and a rotated
-- child; a bar with its hairline slid by its bounds; a spring; and a second animation
-- started mid-way, so the page adds two groups up.
local host = ui.NavigationController{ name = "nav", root = ui.ViewController{ name = "top" } }
ui.window.rootViewController = host
ui.window:makeKeyAndVisible()
ui.settle()

local top = host.topViewController
top.view.backgroundColor = "white"
local box = ui.View{ name = "box", frame = { 20, 120, 120, 80 }, backgroundColor = "systemTeal", clipsToBounds = true }
local title = ui.Label{ name = "title", text = "Moving", frame = { 0, 0, 120, 80 }, textAlignment = "center",
                        autoresizingMask = { "flexibleWidth", "flexibleHeight" } }
local spin = ui.View{ name = "spin", frame = { 10, 10, 30, 30 }, backgroundColor = "systemRed" }
box:addSubview(title)
box:addSubview(spin)
top.view:addSubview(box)
local right = ui.Label{ name = "right", text = "R", frame = { 200, 500, 100, 40 }, textAlignment = "right",
                        backgroundColor = "#FFCC0080" }
top.view:addSubview(right)
ui.settle()

ui.animate{ duration = 0.5, animations = function()
  box.frame = { 60, 300, 240, 160 }
  box.alpha = 0.4
  spin.transform = ui.Transform.rotate(1.2):concat(ui.Transform.scale(0.5))
end }
ui.animate{ duration = 0.4, dampingRatio = 0.3, animations = function()
  right.center = { 100, 420 }
end }
ui.after(0.2, function()
  ui.animate{ duration = 0.3, options = { "curveLinear" }, animations = function()
    host.navigationBar.bounds = { 0, 10, host.navigationBar.bounds.width, host.navigationBar.bounds.height }
    right.alpha = 0.5
  end }
end)
ui.settle()
