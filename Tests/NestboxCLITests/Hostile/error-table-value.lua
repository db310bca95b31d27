-- expect: 1
-- message: (error object is a table value)
error({})
