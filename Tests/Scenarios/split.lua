-- Shared set-up for the split view controller scenarios (S45–S49): a device, a
-- list/detail split with a delegate that logs to the trace, and the window.
return function(device, orientation, top)
  ui.setDevice(device)
  if orientation then ui.rotate(orientation) end
  local list = ui.ViewController{ name = "list" }
  local detail = ui.ViewController{ name = "detail" }
  local svc = ui.SplitViewController{ name = "svc", primary = list, secondary = detail,
    delegate = { topColumnForCollapsing = function(s, proposed) return top end } }
  ui.window.rootViewController = svc
  return svc, list, detail
end
