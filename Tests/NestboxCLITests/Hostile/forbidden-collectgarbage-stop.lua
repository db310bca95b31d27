-- expect: 1
-- message: option 'stop' is not allowed
collectgarbage('stop')
