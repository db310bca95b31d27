-- S08 / policy Q6: removeFromParent without a parent does nothing
local x = ui.ViewController{ name = "x" }
x:removeFromParent()
assert(#ui.trace.events() == 0)
print("OK")
