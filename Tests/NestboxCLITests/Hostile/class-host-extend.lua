-- expect: 1
-- message: class-host-extend.lua:4: cannot set 'extend' on ui.View (classes from ui are read-only; make a subclass with ui.View:extend(name))
-- extend is found through the class's hidden metatable, so replacing it is refused too.
ui.View.extend = nil
