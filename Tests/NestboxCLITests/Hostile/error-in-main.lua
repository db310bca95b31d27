-- expect: 1
-- message: boom
error('boom')
