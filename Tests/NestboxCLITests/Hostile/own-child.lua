-- expect: 1
-- message: Nestbox: cannot add <ViewController: a> as a child of <ViewController: a>
local a = ui.ViewController{ name = 'a' }
a:addChild(a)
