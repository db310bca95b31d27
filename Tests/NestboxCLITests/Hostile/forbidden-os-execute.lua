-- expect: 1
-- message: field 'execute'
os.execute('true')
