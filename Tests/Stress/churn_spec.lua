-- Churn for the release build's single-threaded reference counting (docs/policies.md,
-- Q55): `scripts/stress` runs copies of this file on 8 threads at once. Each test makes
-- and drops many objects and goes through what used to read shared tables (named
-- colours, hook names, devices, orientations, edge and autoresizing names, trace
-- filters, the hierarchy's indentation, appearance phases).
local function onScreen(root)
  ui.window.rootViewController = root
  ui.window:makeKeyAndVisible()
end

describe("churn", function()
  it("children come and go, with every hook", function()
    local hooks = {}
    local Child = ui.ViewController:extend("Child")
    function Child:viewWillAppear() hooks[#hooks + 1] = 1 end
    function Child:viewDidDisappear() hooks[#hooks + 1] = 2 end
    local root = ui.ViewController{ name = "root" }
    onScreen(root)
    for i = 1, 400 do
      local c = Child{ name = "c" .. i }
      root:addChild(c)
      root.view:addSubview(c.view)
      c:didMove(root)
      c.view.backgroundColor = (i % 2 == 0) and "systemBlue" or "red"
      c.view.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
      c.edgesForExtendedLayout = { "top", "bottom" }
      c:willMove(nil)
      c.view:removeFromSuperview()
      c:removeFromParent()
    end
    check(#hooks == 800, #hooks)
  end)

  it("a deep tree prints, animates and rotates", function()
    local root = ui.ViewController{ name = "root" }
    onScreen(root)
    local parent = root
    for i = 1, 80 do
      local c = ui.ViewController{ name = "d" .. i }
      parent:addChild(c)
      parent.view:addSubview(c.view)
      c:didMove(parent)
      parent = c
    end
    local text = ui.printHierarchy()
    check(text:find("(80) ", 1, true), "deep lines carry their depth")
    ui.printViews()
    ui.animate{ duration = 0.3, animations = function() parent.view.backgroundColor = "systemGreen" end }
    ui.rotate("landscapeLeft")
    ui.settle()
    ui.rotate("portrait")
    ui.setDevice("iPad")
    ui.settle()
    check(#ui.trace.text("lifecycle") > 0)
    check(#ui.trace.events({ kinds = { "lifecycle", "containment" } }) > 0)
  end)

  it("presents and dismisses", function()
    local root = ui.ViewController{ name = "root" }
    onScreen(root)
    for i = 1, 100 do
      root:present(ui.ViewController{ name = "p" .. i }, i % 2 == 0)
      ui.settle()
      root:dismiss(i % 3 == 0)
      ui.settle()
      ui.trace.mark("m" .. i)
    end
    ui.expectTrace ""
  end)
end)
