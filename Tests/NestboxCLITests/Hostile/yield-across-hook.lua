-- expect: 1
-- message: attempt to yield across a C-call boundary
local co = coroutine.wrap(function()
  local vc = ui.ViewController{ viewDidLoad = function() coroutine.yield(1) end }
  local _ = vc.view
end)
co()
