-- expect: 0
setmetatable({}, { __gc = function() error('in gc') end })
collectgarbage()
print('OK')
