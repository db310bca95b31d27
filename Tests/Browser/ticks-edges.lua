-- The edges of what the report's page draws (Tests/Browser/report_test.py compares it
-- with the report taken whole): a card with a clipped label flipped through a singular
-- scale, so it leaves the picture for a tick and the clips after it are numbered again;
-- a square slid past a trillion points, where numbers are written with every digit; and
-- a child whose alpha times its parent's underflows to 0 until the parent fades in.
local vc = ui.ViewController{ name = "root" }
ui.window.rootViewController = vc
ui.window:makeKeyAndVisible()
ui.settle()
local card = ui.View{ name = "card", frame = { 40, 100, 200, 120 }, backgroundColor = "systemOrange" }
card:addSubview(ui.Label{ name = "face", text = "face", frame = { 0, 0, 200, 120 }, textAlignment = "center" })
vc.view:addSubview(card)
vc.view:addSubview(ui.Label{ name = "below", text = "below", frame = { 40, 300, 200, 40 } })
local far = ui.View{ name = "far", frame = { 0, 400, 10, 10 }, backgroundColor = "systemRed" }
vc.view:addSubview(far)
local p = ui.View{ name = "p", frame = { 20, 500, 200, 200 }, backgroundColor = "systemGray5", alpha = 0.5 }
p:addSubview(ui.View{ name = "c", frame = { 20, 20, 50, 50 }, backgroundColor = "systemRed", alpha = 5e-324 })
vc.view:addSubview(p)
ui.settle()
ui.animate{ duration = 1, animations = function()
  card.transform = ui.Transform.scale(-1, 1)
  far.center = { 1e14, 405 }
  p.alpha = 1
end }
ui.settle()
