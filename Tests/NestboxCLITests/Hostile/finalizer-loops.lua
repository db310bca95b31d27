-- expect: 1
-- options: --timeout 0.5
-- message: setmetatable: __gc finalizers are not supported
-- An endless finalizer would hang the run (and the state's closing): refused up front,
-- even under pcall the object is never marked for finalization.
print(pcall(setmetatable, {}, { __gc = function() while true do end end }))
setmetatable({}, { __gc = function() while true do end end })
