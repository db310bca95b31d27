-- expect: 1
-- message: <name> expected near '='
local = 1
