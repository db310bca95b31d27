-- expect: 1
-- message: global 'io'
io.open('/etc/passwd')
