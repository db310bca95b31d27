-- expect: 0
-- options: --timeout 60
-- A chain of 40,000 presentations dismissed from its root: walked in a loop, not
-- recursively (this overflowed the host's stack).
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local top = root
for _ = 1, 40000 do
  local vc = ui.ViewController{ modalPresentationStyle = "fullScreen" }
  top:present(vc, false)
  ui.settle()
  top = vc
end
collectgarbage()
root:dismiss(false)
ui.settle()
assert(root.presentedViewController == nil and top.presentingViewController == nil)
