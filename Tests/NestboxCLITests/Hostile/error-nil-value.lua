-- expect: 1
-- message: (error object is a nil value)
error(nil)
