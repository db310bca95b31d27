-- expect: 1
-- message: error value: a table
error({})
