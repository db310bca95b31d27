import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// Every bound method, property and `ui` function called with nil, odd numbers, strings,
/// tables, booleans and objects of the wrong kind, generated from the binding registry
/// so new bindings are covered. Errors are expected; the host must not crash, and the
/// run must end normally.
@Suite(.checksInvariants) struct HostileArgumentTests {
    static let values = ["nil", "0", "-1", "1e300", "-1e300", "0/0", "1/0", "math.mininteger", "'s'", "{}",
                         "{1, 2}", "{ x = 'a' }", "true", "ui.View{}", "ui.ViewController{}", "function() end"]

    /// Lua that makes an instance of a binding, or nil when scripts cannot get one simply.
    static func instance(_ type: String, constructible: Bool) -> String? {
        switch type {
        case "Window": return "ui.window"
        case "Screen": return "ui.screen"
        case "NavigationItem": return "ui.ViewController{}.navigationItem"
        case "NavigationController": return "ui.NavigationController{ root = ui.ViewController{} }"
        case "TransitionContext":
            return """
                (function() local p, a, b = ui.ViewController{}, ui.ViewController{}, ui.ViewController{}
                  p:addChild(a); p.view:addSubview(a.view); a:didMove(p); p:addChild(b)
                  return p:transition{ from = a, to = b, animator = { transitionDuration = 1, animateTransition = function() end } } end)()
                """
        default: return constructible ? "ui.\(type){}" : nil
        }
    }

    @Test(arguments: BindingSurface.all.map(\.type))
    func binding(_ type: String) throws {
        let surface = try #require(BindingSurface.all.first { $0.type == type })
        guard let make = Self.instance(type, constructible: surface.constructible) else { return }
        var lua = "local values = { \(Self.values.joined(separator: ", ")) }\nlocal n = \(Self.values.count)\n"
        lua += "local root = ui.ViewController{}\nui.window.rootViewController = root\nui.window:makeKeyAndVisible()\n"
        lua += "local calls = 0\n"
        for m in surface.methods {
            lua += """
                for i = 1, n do
                  for j = 1, n do
                    local o = \(make)
                    pcall(o.\(m), o, values[i], values[j])
                    pcall(o.\(m), values[i])
                    calls = calls + 2
                  end
                end

                """
        }
        for p in surface.properties {
            lua += """
                for i = 1, n do
                  local o = \(make)
                  pcall(function() return o.\(p) end)
                  pcall(function() o.\(p) = values[i] end)
                  calls = calls + 2
                end

                """
        }
        lua += "ui.settle()\nprint(calls)\n"
        let (outcome, out, rt) = try runLua(lua)
        #expect(outcome == .ok, "\(type): \(outcome)")
        #expect(Int(out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0)
        _ = rt
    }

    /// Numbers that trapped Double-to-Int conversions (1e300 rows, 1e-300 row heights),
    /// alone and as every numeric table a binding reads: positional rects, points,
    /// sizes and transforms, and named fields (`ui.pan`, `ui.animate`, `transition`).
    static let numbers = ["1e-300", "1e300", "-1e300", "0/0", "1/0", "-1/0"]
    static let extremes: String = {
        let named = ["x", "y", "width", "height", "top", "left", "bottom", "right", "a", "b", "c", "d", "tx", "ty",
                     "duration", "delay", "dampingRatio", "velocity", "steps"]
        let forms = ["%", "{ %, %, %, %, %, % }", "{ 0, 0, %, % }", "{ 0, %, 100, 100, 0, % }",
                     "{ " + named.map { "\($0) = %" }.joined(separator: ", ")
                         + ", from = { 0, % }, to = { %, 0 }, animations = function() end }"]
        let items = forms.flatMap { form in numbers.map { form.replacing("%", with: $0) } }
        return "{\n  " + items.joined(separator: ",\n  ") + "\n}"
    }()
    /// What fills the other argument positions, so a call gets past its first check.
    static let fillers = "{ n = 5, nil, 1, ui.View{}, ui.ViewController{}, { 0, 0, 100, 100 } }"

    /// An instance whose numbers are used: a table view with rows, a scroll view with
    /// content to scroll.
    static func usedInstance(_ type: String, constructible: Bool) -> String? {
        switch type {
        case "TableView": return #"ui.TableView{ rows = { "a", "b", "c" } }"#
        case "ScrollView": return "ui.ScrollView{ contentSize = { 400, 4000 } }"
        default: return instance(type, constructible: constructible)
        }
    }

    /// Lua that puts `o` on screen (a view in the root's view, a controller as the root's
    /// child), so a layout pass uses what was set, and a `take` that removes it again.
    static func placement(_ surface: BindingSurface) -> String {
        if surface.methods.contains("addChild") {
            return """
                local function put(o) root:addChild(o); o.view.frame = { 0, 0, 200, 200 }; root.view:addSubview(o.view); o:didMove(root) end
                local function take(o) o:willMove(nil); o.view:removeFromSuperview(); o:removeFromParent() end

                """
        }
        if surface.methods.contains("addSubview") && surface.type != "Window" {
            return """
                local function put(o) o.frame = { 0, 0, 200, 200 }; root.view:addSubview(o) end
                local function take(o) o:removeFromSuperview() end

                """
        }
        return "local function put(o) end\nlocal function take(o) end\n"
    }

    /// Runs `lua` under a time limit (a hang fails instead of stalling the suite). The
    /// limit is wall-clock and generous: the run takes about 30 s of CPU in a debug
    /// build, and a CI machine running the suites in parallel stretched it past 60 s.
    static func runLimited(_ lua: String) throws -> (RunOutcome, String) {
        let rt = try LuaRuntime()
        var out = ""
        rt.output = { out += $0 }
        // The sanitizer pass (scripts/test) stretches time limits by NESTBOX_TEST_TIME_SCALE.
        let scale = ProcessInfo.processInfo.environment["NESTBOX_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1
        rt.setLimits(timeout: 180 * max(1, scale), maxInstructions: nil)
        return (rt.run(source: lua, chunkName: "=extremes"), out)
    }

    /// Every property set to each extreme, every method called with each extreme in
    /// each argument position, then a layout pass and a settle that use the values
    /// (rows computed from offsets and heights, frames laid out, a tap, the trace
    /// rendered).
    /// Errors are fine; a trap ends the test process.
    @Test(arguments: BindingSurface.all.map(\.type))
    func extremeNumbers(_ type: String) throws {
        let surface = try #require(BindingSurface.all.first { $0.type == type })
        guard let make = Self.usedInstance(type, constructible: surface.constructible) else { return }
        var lua = "local values = \(Self.extremes)\nlocal fillers = \(Self.fillers)\n"
        lua += "local root = ui.ViewController{}\nui.window.rootViewController = root\nui.window:makeKeyAndVisible()\n"
        lua += Self.placement(surface)
        lua += """
            local calls = 0
            local function use(o)
              pcall(ui.window.layoutIfNeeded, ui.window)
              pcall(ui.tap, o)    -- a table's row from the tap's y and the row height
              pcall(ui.settle)
              calls = calls + 1
            end

            """
        // One placed instance per method, position and value (placing a controller
        // runs its appearance: the bulk of the time), called with each filler.
        for m in surface.methods {
            lua += """
                for p = 1, 3 do
                  for _, v in ipairs(values) do
                    local o = \(make)
                    pcall(put, o)
                    for f = 1, fillers.n do
                      local args = { fillers[f], fillers[f], fillers[f] }
                      args[p] = v
                      pcall(o.\(m), o, args[1], args[2], args[3])
                      use(o)
                    end
                    pcall(take, o)
                  end
                end

                """
        }
        for p in surface.properties {
            lua += """
                for _, v in ipairs(values) do
                  local o = \(make)
                  pcall(put, o)
                  pcall(function() o.\(p) = v end)
                  pcall(function() return o.\(p) end)
                  use(o)
                  pcall(take, o)
                end

                """
        }
        lua += "ui.trace.text()\nui.printViews()\nprint(calls)\n"
        let (outcome, out) = try Self.runLimited(lua)
        #expect(outcome == .ok, "\(type): \(outcome)")
        #expect(Int(out.split(separator: "\n").last ?? "") ?? 0 > 0)
    }

    @Test func uiFunctionsWithExtremeNumbers() throws {
        var lua = "local values = \(Self.extremes)\nlocal fillers = \(Self.fillers)\n"
        lua += "local root = ui.ViewController{}\nui.window.rootViewController = root\nui.window:makeKeyAndVisible()\n"
        lua += #"local t = ui.TableView{ rows = { "a", "b", "c" }, frame = { 0, 0, 200, 200 } }"# + "\nroot.view:addSubview(t)\n"
        // The table view is the object argument: ui.scroll(t, {0, 1e300}).
        lua += "fillers.n = fillers.n + 1\nfillers[fillers.n] = t\n"
        for f in BindingSurface.functions where f.path != "print" {
            let path = f.path
            lua += """
                for p = 1, 3 do
                  for _, v in ipairs(values) do
                    for f = 1, fillers.n do
                      local args = { fillers[f], fillers[f], fillers[f] }
                      args[p] = v
                      pcall(\(path), args[1], args[2], args[3])
                      pcall(ui.window.layoutIfNeeded, ui.window)
                      pcall(ui.settle)
                    end
                  end
                end

                """
        }
        lua += "ui.trace.text()\nprint('survived')\n"
        let (outcome, out) = try Self.runLimited(lua)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.hasSuffix("survived\n"))
    }

    @Test func uiFunctions() throws {
        var lua = "local values = { \(Self.values.joined(separator: ", ")) }\nlocal n = \(Self.values.count)\n"
        lua += "local root = ui.ViewController{}\nui.window.rootViewController = root\nui.window:makeKeyAndVisible()\n"
        for f in BindingSurface.functions where f.path != "print" {
            let path = f.path
            lua += "for i = 1, n do for j = 1, n do pcall(\(path), values[i], values[j]) end end\n"
        }
        lua += "print('survived')\n"
        let (outcome, out, _) = try runLua(lua)
        // `ui.invariant` given a function that returns nothing declares an invariant that
        // fails once the run settles: the one outcome besides ok.
        if case .expectationFailed(let message) = outcome {
            #expect(message.hasPrefix("invariant '") && message.hasSuffix("failed (it returned nil)"), "\(message)")
        } else {
            #expect(outcome == .ok, "\(outcome)")
        }
        #expect(out.hasSuffix("survived\n"))
    }
}
