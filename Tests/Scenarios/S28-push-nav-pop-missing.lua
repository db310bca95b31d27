-- S28: pushing a navigation controller (W8); popping to a controller not in the stack (W9)
local n = require("nav")({ "a" })
local ok, err = pcall(function() n:pushViewController(ui.NavigationController{}, true) end)
assert(not ok and err:find("NSInvalidArgumentException: Pushing a navigation controller is not supported", 1, true), err)
ok, err = pcall(function() n:popToViewController(ui.ViewController{}, true) end)
assert(not ok and err:find("NSInternalInconsistencyException: Tried to pop to a view controller that doesn't exist.", 1, true), err)
ui.expectTrace ""
print("OK")
