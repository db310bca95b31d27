import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// Input behaviours a script relies on: taps by title (Q20), a held finger outliving
/// its recognizer (Q21), property reads that record nothing (Q22). Pans and trace marks
/// are specs of their own: Tests/Specs/input_spec.lua, run by SpecRunnerTests.
@Suite(.checksInvariants) struct InputPolicyTests {
    static let screen = """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()

        """

    @Test("Q20: two controls titled alike are an error naming both; a label inside its button is one control")
    func tapByTitle() throws {
        let (outcome, out, _) = try runLua(Self.screen + """
            local a = ui.Button{ name = "a", title = "Go", frame = { 0, 100, 100, 40 } }
            local b = ui.Button{ name = "b", title = "Go", frame = { 0, 200, 100, 40 } }
            root.view:addSubview(a)
            root.view:addSubview(b)
            print(select(2, pcall(ui.tap, "Go")))
            b.isHidden = true
            assert(ui.tap("Go") == a)
            local inner = ui.Button{ name = "inner", title = "Stop", frame = { 0, 300, 100, 40 } }
            inner:addSubview(ui.Label{ name = "caption", text = "Stop", frame = { 0, 0, 100, 40 } })
            root.view:addSubview(inner)
            assert(ui.tap("Stop") == inner)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "ui.tap: 2 views titled 'Go' can be tapped: <Button: a>, <Button: b>; pass the view itself\n")
    }

    @Test("Q64: the interactive pop does not take an edge drag with only the root; the content's pan does")
    func edgeDragWithOnlyTheRoot() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            local nav = ui.NavigationController{ name = "nav", root = root }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            root.view:addGestureRecognizer(ui.PanGestureRecognizer{ name = "content", action = function(g) print("content", g.state) end })
            ui.pan{ from = { 5, 400 }, to = { 200, 400 } }
            local function popEvents()
              local n = 0
              for _, e in ipairs(ui.trace.events("input")) do if e.object == "nav.interactivePopGestureRecognizer" then n = n + 1 end end
              return n
            end
            print("pop events", popEvents())
            nav:pushViewController(ui.ViewController{ name = "next" }, false)
            ui.settle()
            ui.pan{ from = { 5, 400 }, to = { 300, 400 } }
            ui.settle()
            print("pop events", popEvents() > 0, #nav.viewControllers)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.hasPrefix("content\tbegan\n"))
        #expect(out.contains("pop events\t0\n"), "\(out)")
        #expect(out.hasSuffix("pop events\ttrue\t1\n"), "\(out)")
    }

    @Test("ui.rotate with an unknown orientation is a bad argument, as setDevice's")
    func rotateBadArgument() throws {
        let message = try errorMessage(Self.screen + "ui.rotate(\"landscape\")")
        #expect(message == "test:4: bad argument #1 to 'rotate' (unknown orientation 'landscape' (portrait, portraitUpsideDown, landscapeLeft, landscapeRight))")
    }

    @Test("a held touch whose recognizer is collected moves nothing")
    func touchOutlivesRecognizer() throws {
        let (outcome, _, _) = try runLua(Self.screen + """
            local v = ui.View{ frame = { 0, 0, 300, 600 } }
            v:addGestureRecognizer(ui.PanGestureRecognizer{ action = function() end })
            root.view:addSubview(v)
            local t = ui.pan{ from = { 100, 300 }, to = { 150, 300 }, steps = 1, release = false }
            v:removeFromSuperview()
            v = nil
            collectgarbage(); collectgarbage()
            t:move({ 10, 10 })
            t:cancel()
            collectgarbage()
            assert(not t.isActive)
            """)
        #expect(outcome == .ok, "\(outcome)")
    }

    @Test("Q22: reading selectedIndex or the More navigation controller records nothing")
    func readsRecordNothing() throws {
        let (outcome, _, rt) = try runLua(Self.screen + """
            local t = ui.TabBarController{ name = "t", viewControllers = { ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" } } }
            root:addChild(t)
            root.view:addSubview(t.view)
            t:didMove(root)
            ui.settle()
            ui.trace.clear()
            assert(t.selectedIndex == 1)
            assert(t.moreNavigationController.viewControllers[1] ~= nil)
            assert(t.selectedIndex == 1)
            ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(rt.simulation.trace.events.map(\.text) == [])
    }
}

extension InputPolicyTests {
    @Test("ui.pan's bad fields are named: a missing or wrong point, a release that is not a boolean")
    func panFieldErrors() throws {
        let (outcome, out, _) = try runLua("""
            ui.window.rootViewController = ui.ViewController{}
            ui.window:makeKeyAndVisible()
            print(pcall(ui.pan, { from = { 1, 1 } }))
            print(pcall(ui.pan, { from = { 1, 1 }, to = { 2, 30 }, release = "no" }))
            print(pcall(ui.pan, { from = "x", to = { 2, 30 } }))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            false\tbad argument #1 to 'pan' (field 'to': point expected, got nil)
            false\tbad argument #1 to 'pan' (field 'release' must be a boolean)
            false\tbad argument #1 to 'pan' (field 'from': point expected, got string)

            """)
    }
}
