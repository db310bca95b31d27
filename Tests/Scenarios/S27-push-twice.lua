-- S27: pushing a controller already in the stack (W7, the newer wording)
local n, vcs = require("nav")({ "a", "b" })
local ok, err = pcall(function() n:pushViewController(vcs[2], true) end)
local text = "NSInvalidArgumentException: <NavigationController: n> is pushing the same view controller instance (<ViewController: b>) more than once which is not supported and is most likely an error in the application : nestbox"
assert(not ok and err:sub(-#text) == text, err)
ui.expectTrace ""
print("OK")
