-- expect: 1
-- message: page-data-source-cycle.lua:8: <ViewController: root> cannot be a page: NSInvalidArgumentException: Nestbox: cannot add <ViewController: root> as a child of <PageViewController: p>: it is that controller or one of its ancestors
-- A data source answering with the page view controller's own parent would make a
-- cycle: addChild refuses it, reported at the data source's method, and no page turns.
local root = ui.ViewController{ name = "root" }
local a = ui.ViewController{ name = "a" }
local p = ui.PageViewController{ name = "p", dataSource = {
  viewControllerBefore = function() return root end } }
p:setViewControllers({ a })
root:addChild(p)
root.view:addSubview(p.view)
p:didMove(root)
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
ui.pan{ from = { 60, 400 }, to = { 300, 400 } }
