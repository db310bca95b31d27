-- expect: 3
-- options: --max-memory 16 --snapshot /tmp/nestbox-hostile-drawing.svg
-- message: nestbox: memory limit of 16 MiB exceeded in
-- message: nestbox: the pictures were being drawn when the memory limit was hit
-- 20,000 labels fit under the limit; the shapes of their picture do not: drawing counts
-- as it goes and stops at the limit, instead of holding the whole list first.
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
for i = 1, 20000 do
  root.view:addSubview(ui.Label{ text = "label " .. i, frame = { (i % 30) * 10, (i // 30) % 60 * 10, 80, 20 } })
end
