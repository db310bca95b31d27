-- expect: 1
-- message: global 'debug'
debug.sethook()
