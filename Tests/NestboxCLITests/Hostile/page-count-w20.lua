-- expect: 1
-- message: page-count-w20.lua:7: NSInvalidArgumentException: The number of view controllers provided (2) doesn't match the number required (1) for the requested transition
-- W20: a page view controller shows one page; two is a catchable error, not a crash.
local p = ui.PageViewController{ name = "p" }
local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
assert(not pcall(p.setViewControllers, p, {}))
p:setViewControllers({ a, b }, "forward", true)
