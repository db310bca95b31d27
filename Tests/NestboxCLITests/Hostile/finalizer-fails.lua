-- expect: 1
-- message: finalizer-fails.lua:5: setmetatable: __gc finalizers are not supported
-- Finalizers are refused: Lua runs them with hooks off, so one that failed or looped
-- could not be stopped by a limit.
setmetatable({}, { __gc = function() error('in gc') end })
collectgarbage()
print('OK')
