-- drawer.lua: the README's worked example of `nestbox explore`. "Menu" slides a menu in
-- from the left over 0.3 s; "Menu" again slides it out. The planted bug: the menu counts
-- as open only once its slide has ended, so a second tap during the slide opens it again
-- and the menu gets a second row. The fix (README.md, `nestbox explore`): a `sliding`
-- flag that both slides check first.
---@class Root: ViewController
local Root = ui.ViewController:extend("Root")

function Root:viewDidLoad()
  self.menu = ui.ViewController{ name = "menu" }
  self.isOpen = false
  local toggle = ui.Button{ name = "toggle", title = "Menu", frame = { 320, 60, 60, 44 } }
  toggle:addTarget(function() if self.isOpen then self:closeMenu() else self:openMenu() end end)
  self.view:addSubview(toggle)
end

function Root:openMenu()
  local v = self.menu.view
  self:addChild(self.menu)
  v.frame = { -300, 0, 300, self.view.bounds.height }
  self.view:insertSubview(v, 1)
  v:addSubview(ui.Label{ name = "close", text = "Close", frame = { 20, 100, 260, 44 } })
  ui.animate{ duration = 0.3, animations = function() v.frame = { 0, 0, 300, self.view.bounds.height } end,
    completion = function() self.isOpen = true; self.sliding = false; self.menu:didMove(self) end }
end

function Root:closeMenu()
  local v = self.menu.view
  self.menu:willMove(nil)
  ui.animate{ duration = 0.3, animations = function() v.frame = { -300, 0, 300, self.view.bounds.height } end,
    completion = function()
      for _, s in ipairs(v.subviews) do s:removeFromSuperview() end
      v:removeFromSuperview()
      self.menu:removeFromParent()
      self.isOpen = false
      self.sliding = false
    end }
end

local root = Root{ name = "root" }

ui.invariant("an open menu has one row", function()
  local rows = #root.menu.view.subviews
  return not root.isOpen or rows == 1, ("the open menu has %d rows"):format(rows)
end)

ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
