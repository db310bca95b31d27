-- expect: 3
-- options: --max-memory 13 --filmstrip /tmp/nestbox-hostile-strip-svg.svg --every 0.5
-- message: nestbox: cannot draw /tmp/nestbox-hostile-strip-svg.svg: the SVG would be over the
-- The frames fit under --max-memory, the SVG they make does not: it is refused before
-- it passes what the limit leaves, as the limit refuses a script (README.md, Pictures).
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
for i = 1, 2000 do
  root.view:addSubview(ui.Label{ text = "label " .. i, frame = { (i % 30) * 10, (i // 30) % 60 * 10, 80, 20 } })
end
ui.animate{ duration = 5, animations = function() root.view.alpha = 0.5 end }
