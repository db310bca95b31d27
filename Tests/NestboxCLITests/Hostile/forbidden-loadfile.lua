-- expect: 1
-- message: global 'loadfile'
loadfile('/etc/passwd')
