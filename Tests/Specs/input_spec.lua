-- Input and trace behaviours (docs/policies.md, Q21), run by `nestbox test Tests/Specs`.
describe("a pan", function()
  local root, states
  before_each(function()
    root = ui.ViewController{ name = "root" }
    ui.window.rootViewController = root
    ui.window:makeKeyAndVisible()
    states = {}
    root.view:addGestureRecognizer(ui.PanGestureRecognizer{ name = "drag", action = function(g)
      states[#states + 1] = g.state .. " " .. g.translation.x end })
  end)

  it("shorter than 10 points sends nothing", function()
    ui.pan{ from = { 100, 300 }, to = { 109, 300 }, steps = 3, duration = 0.3 }
    check(#states == 0, table.concat(states, ", "))
  end)

  it("begins once past 10 points, its translation from touch-down", function()
    ui.pan{ from = { 100, 300 }, to = { 124, 300 }, steps = 4, duration = 0.4 }
    check(table.concat(states, ", ") == "began 12.0, changed 18.0, changed 24.0, ended 24.0", table.concat(states, ", "))
  end)

  it("held, is a touch that moves, then lifts", function()
    local t = ui.pan{ from = { 100, 300 }, to = { 150, 300 }, steps = 1, duration = 0.1, release = false }
    check(t.isActive and t.hasBegun)
    t:move({ 200, 300 }, { steps = 2, duration = 0.2 })
    t:release()
    check(not t.isActive)
    check(table.concat(states, ", ") == "began 50.0, changed 75.0, changed 100.0, ended 100.0", table.concat(states, ", "))
  end)

  it("held, keeps a second pan out", function()
    local t = ui.pan{ from = { 100, 300 }, to = { 150, 300 }, steps = 1, release = false }
    local ok, message = pcall(ui.pan, { from = { 10, 10 }, to = { 90, 10 } })
    check(not ok and message:find("a finger is still down", 1, true), message)
    t:cancel()
    check(states[#states] == "cancelled 50.0", states[#states])
  end)
end)

describe("trace marks", function()
  it("show in the trace and scope queries", function()
    local root = ui.ViewController{ name = "root" }
    ui.window.rootViewController = root
    ui.window:makeKeyAndVisible()
    ui.trace.mark("child")
    local child = ui.ViewController{ name = "child" }
    root:addChild(child)
    child:didMove(root)
    check(ui.trace.text{ since = "child", kinds = "containment" } ==
      "[0.000] child.willMove(toParent: root)\n[0.000] child.didMove(toParent: root)")
    check(ui.trace.events("mark")[1].text == "[0.000] mark: child")
    expect_golden("marks")
  end)
end)
