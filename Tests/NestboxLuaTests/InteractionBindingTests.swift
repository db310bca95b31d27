import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// The interaction API from Lua: animation, input, rotation, devices.
@Suite(.checksInvariants) struct InteractionBindingTests {}

extension InteractionBindingTests {
    @Test func animateFromLua() throws {
        let (outcome, out, _) = try runLua("""
            local v = ui.View{ name = "v", frame = { 0, 0, 100, 100 }, backgroundColor = "#000000" }
            ui.animate{ duration = 1, options = { "curveLinear" },
              animations = function() v.frame = { 100, 0, 100, 100 }; v.alpha = 0; v.backgroundColor = "#FFFFFF" end,
              completion = function(finished) print("done", finished, ui.now()) end }
            assert(v.frame.x == 100 and v.presentation.frame.x == 0)
            ui.advance(0.5)
            local p = v.presentation
            assert(p.frame.x == 50 and p.alpha == 0.5 and p.backgroundColor == "#808080FF", p.backgroundColor)
            ui.animate{ duration = 0.5, dampingRatio = 0.5, animations = function() v.alpha = 1 end }
            ui.settle()
            local ok, err = pcall(ui.animate, { duration = 1, options = { "curveSideways" } })
            assert(not ok and err:find("unknown animation option 'curveSideways'", 1, true), err)
            ok, err = pcall(ui.animate, { duration = -1 })
            assert(not ok and err:find("finite number >= 0", 1, true), err)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "done\ttrue\t1.0\n")
    }

    @Test func tapsButtonsAndGesturesFromLua() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local b = ui.Button{ name = "b", title = "Go", frame = { 10, 10, 80, 40 } }
            b:addTarget(function(button, event) print("action", button.name, event) end, "touchDown")
            b:addTarget(function(button, event) print("action", button.name, event) end)
            root.view:addSubview(b)
            assert(ui.tap("Go") == b)
            assert(ui.tap({ 50, 30 }) == b)
            b:sendActions("valueChanged")
            assert(root.view:hitTest({ 50, 30 }) == b and root.view:hitTest({ 300, 300 }) == root.view)
            assert(ui.tap({ 300, 300 }) == nil)
            assert(not pcall(ui.tap, "Nowhere"))
            local label = ui.Label{ name = "l", text = "Tap me", frame = { 0, 100, 100, 40 }, isUserInteractionEnabled = true }
            label:addGestureRecognizer(ui.TapGestureRecognizer{ name = "tapper", action = function(g) print("tapped", g.state, g.view.name) end })
            root.view:addSubview(label)
            ui.tap("Tap me")
            local edge = ui.ScreenEdgePanGestureRecognizer{ edges = "left", action = function(g)
              print("edge", g.state, g.translation.x, g.velocity.x) end }
            root.view:addGestureRecognizer(edge)
            ui.pan{ from = { 2, 300 }, to = { 102, 300 }, steps = 2, duration = 0.1 }
            local reasons = {}
            for _, e in ipairs(ui.trace.events("input")) do if e.event == "ignored" then reasons[#reasons + 1] = e.args.reason end end
            print(table.concat(reasons, " | "))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            action\tb\ttouchDown
            action\tb\ttouchUpInside
            action\tb\ttouchDown
            action\tb\ttouchUpInside
            tapped\tended\tl
            edge\tbegan\t50.0\t1000.0
            edge\tchanged\t100.0\t1000.0
            edge\tended\t100.0\t1000.0
            no control or gesture recognizer at <View: root.view>

            """)
    }

    @Test func scrollViewsFromLua() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local s = ui.ScrollView{ name = "list", frame = { 0, 0, 300, 400 }, contentSize = { 300, 1000 },
              contentInsetAdjustmentBehavior = "never",
              delegate = { didScroll = function(sv) print("scrolled", sv.contentOffset.y) end } }
            root.view:addSubview(s)
            ui.scroll(s, { x = 0, y = 120 })
            s.contentOffset = { 0, 130 }
            local finger = ui.pan{ view = s, from = { 100, 300 }, to = { 100, 250 }, steps = 1, duration = 0.1, release = false }
            ui.advance(0.1)
            finger:release()
            assert(s.contentOffset.y == 180)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "scrolled\t120.0\nscrolled\t130.0\nscrolled\t180.0\n")
    }

    /// UIScrollViewDelegate's drag bracket: willBeginDragging once the finger passes the
    /// slop, the offsets, willEndDragging and didEndDragging (no deceleration: the finger
    /// rested before it lifted) when it lifts; a code change of the offset is not a drag. The delegate table is collected with its scroll view
    /// only: garbage is collected between every step.
    @Test func scrollViewDraggingDelegate() throws {
        let (outcome, out, rt) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local s = ui.ScrollView{ name = "list", frame = { 0, 0, 300, 400 }, contentSize = { 300, 1000 },
              contentInsetAdjustmentBehavior = "never" }
            s.delegate = {
              willBeginDragging = function(sv) print("begin", sv.contentOffset.y, sv.isDragging) end,
              didScroll = function(sv) print("scrolled", sv.contentOffset.y) end,
              didEndDragging = function(sv, decelerate) print("end", sv.contentOffset.y, decelerate, sv.isDragging) end }
            root.view:addSubview(s)
            s = nil
            collectgarbage(); collectgarbage()
            local list = root.view.subviews[1]
            list.contentOffset = { 0, 10 }
            collectgarbage(); collectgarbage()
            local finger = ui.pan{ from = { 100, 300 }, to = { 100, 200 }, steps = 2, duration = 0.1, release = false }
            collectgarbage(); collectgarbage()
            ui.advance(0.5)
            finger:release()
            collectgarbage(); collectgarbage()
            print(list.isDragging, list.delegate ~= nil)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "scrolled\t10.0\nbegin\t10.0\ttrue\nscrolled\t60.0\nscrolled\t110.0\nend\t110.0\tfalse\tfalse\nfalse\ttrue\n")
        let events = rt.simulation.trace.events.filter { $0.kind == .delegate }.map(\.event)
        #expect(events == ["didScroll", "willBeginDragging", "didScroll", "didScroll", "willEndDragging", "didEndDragging"])
    }

    @Test func rotationDevicesAndMemoryWarnings() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root", didReceiveMemoryWarning = function(self) print("memory", self.name) end,
              viewWillTransition = function(self, size, coordinator) print("size", size.width, size.height, coordinator.transitionDuration) end }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.setDevice("iPhone SE")
            ui.rotate("landscapeRight")
            ui.memoryWarning()
            assert(ui.screen.width == 667 and ui.screen.name == "iPhone SE")
            assert(not pcall(ui.rotate, "upside"))
            assert(not pcall(ui.setDevice, "Nokia 3310"))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "size\t375.0\t667.0\t0.3\nsize\t667.0\t375.0\t0.3\nmemory\troot\n")
    }

    @Test("errors in completions and gesture actions are reported with file:line", arguments: [
        "ui.animate{ duration = 0.1, animations = function() v.alpha = 0 end, completion = function() error('in completion') end }; ui.settle()",
        "v:addGestureRecognizer(ui.TapGestureRecognizer{ action = function() error('in completion') end }); ui.tap(v)",
        "ui.after(0.1, function() error('in completion') end); ui.advance(1)",
    ])
    func callbackErrors(_ code: String) throws {
        let message = try errorMessage("""
            local root = ui.ViewController{}
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            v = ui.View{ frame = { 0, 0, 50, 50 } }
            root.view:addSubview(v)
            \(code)
            """)
        #expect(message == "test:6: in completion")
    }
}
