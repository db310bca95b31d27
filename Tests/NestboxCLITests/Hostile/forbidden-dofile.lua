-- expect: 1
-- message: global 'dofile'
dofile('/etc/passwd')
