-- expect: 1
-- message: error value: nil
error(nil)
