-- S39: a sheet (and over-full-screen) leaves the presenting side alone
for _, style in ipairs{ "pageSheet", "overFullScreen" } do
  ui.trace.clear()
  local _, _, a = require("present")()
  local m = ui.ViewController{ name = "m", modalPresentationStyle = style }
  a:present(m, true)
  ui.settle()
  m:dismiss(true)
  ui.settle()
  ui.expectTrace [[
    m.loadView()
    m.viewDidLoad()
    m.viewWillAppear(animated: true)
    m.viewIsAppearing(animated: true)
    m.viewDidAppear(animated: true)
    m.viewWillDisappear(animated: true)
    m.viewDidDisappear(animated: true)
  ]]
end
print("OK")
