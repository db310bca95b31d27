-- The memory cases' world: `count` labels on a root controller's view, and with
-- `animated` a 5 s animation of its alpha (frames for a filmstrip or a report).
return function(count, animated)
  local root = ui.ViewController{ name = "root" }
  ui.window.rootViewController = root
  ui.window:makeKeyAndVisible()
  for i = 1, count do
    root.view:addSubview(ui.Label{ text = "label " .. i, frame = { (i % 30) * 10, (i // 30) % 60 * 10, 80, 20 } })
  end
  if animated then ui.animate{ duration = 5, animations = function() root.view.alpha = 0.5 end } end
end
