-- expect: 3
-- options: --max-memory 24 --filmstrip /tmp/nestbox-hostile-strip.svg --every 0.1
-- message: nestbox: memory limit of 24 MiB exceeded in
-- message: nestbox: the pictures held
-- 51 frames of 2,000 labels are 46 MB of shapes: the frames count toward --max-memory,
-- so the run stops at the limit instead of holding 15 times it (README.md, Pictures).
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
for i = 1, 2000 do
  root.view:addSubview(ui.Label{ text = "label " .. i, frame = { (i % 30) * 10, (i // 30) % 60 * 10, 80, 20 } })
end
ui.animate{ duration = 5, animations = function() root.view.alpha = 0.5 end }
