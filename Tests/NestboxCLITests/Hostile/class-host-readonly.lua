-- expect: 1
-- message: class-host-readonly.lua:7: cannot set 'viewDidLoad' on ui.ViewController (classes from ui are read-only; make a subclass with ui.ViewController:extend(name))
-- The classes in ui are the host's: a script's methods and hooks go on a subclass,
-- which stays the script's to change.
local Mine = ui.ViewController:extend("Mine")
function Mine:viewDidLoad() end
function ui.ViewController:viewDidLoad() end
