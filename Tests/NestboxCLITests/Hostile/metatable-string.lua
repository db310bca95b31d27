-- expect: 1
-- message: attempt to index a string value
getmetatable('').__index = nil
