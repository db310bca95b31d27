-- expect: 1
-- message: class-host-extend.lua:4: 'extend' makes a subclass and cannot be set on a class (docs/api-conventions.md)
-- extend is found through the class's hidden metatable, so replacing it is refused too.
ui.View.extend = nil
