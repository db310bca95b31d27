import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// Input and trace behaviours a script relies on: taps by title (Q20), pans and the
/// held finger (Q21), property reads that record nothing (Q22), trace marks.
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
            b.hidden = true
            assert(ui.tap("Go") == a)
            local inner = ui.Button{ name = "inner", title = "Stop", frame = { 0, 300, 100, 40 } }
            inner:addSubview(ui.Label{ name = "caption", text = "Stop", frame = { 0, 0, 100, 40 } })
            root.view:addSubview(inner)
            assert(ui.tap("Stop") == inner)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "ui.tap: 2 views titled 'Go' can be tapped: <Button: a>, <Button: b>; pass the view itself\n")
    }

    @Test("ui.rotate with an unknown orientation is a bad argument, as setDevice's")
    func rotateBadArgument() throws {
        let message = try errorMessage(Self.screen + "ui.rotate(\"landscape\")")
        #expect(message == "test:4: bad argument #1 to 'rotate' (unknown orientation 'landscape' (portrait, portraitUpsideDown, landscapeLeft, landscapeRight))")
    }

    static let panned = screen + """
        local states = {}
        local pan = ui.PanGestureRecognizer{ name = "drag", action = function(g)
          states[#states + 1] = g.state .. " " .. g.translation.x end }
        root.view:addGestureRecognizer(pan)
        """

    @Test("Q21: a pan shorter than 10 points sends nothing; the translation counts from touch-down")
    func slop() throws {
        let (outcome, out, _) = try runLua(Self.panned + """
            ui.pan{ from = { 100, 300 }, to = { 109, 300 }, steps = 3, duration = 0.3 }
            print(#states)
            ui.pan{ from = { 100, 300 }, to = { 124, 300 }, steps = 4, duration = 0.4 }
            print(table.concat(states, ", "))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "0\nbegan 12.0, changed 18.0, changed 24.0, ended 24.0\n")
    }

    @Test("Q21: a held pan returns a touch to move, release or cancel; one finger at a time")
    func heldTouch() throws {
        let (outcome, out, _) = try runLua(Self.panned + """
            local t = ui.pan{ from = { 100, 300 }, to = { 150, 300 }, steps = 1, duration = 0.1, release = false }
            assert(t.isActive and t.hasBegun and t.location.x == 150)
            print(select(2, pcall(ui.pan, { from = { 10, 10 }, to = { 90, 10 } })))
            t:move({ 200, 300 }, { steps = 2, duration = 0.2 })
            t:release()
            assert(not t.isActive)
            print(select(2, pcall(t.move, t, { 0, 0 })))
            t:release()                                      -- a second lift does nothing
            local u = ui.pan{ view = root.view, from = { 100, 300 }, to = { 80, 300 }, steps = 1, release = false }
            u:cancel()
            collectgarbage()
            print(table.concat(states, ", "), ui.now())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            ui.pan: a finger is still down from an earlier ui.pan{ release = false }; call its release() or cancel() first
            touch:move: the finger was already lifted
            began 50.0, changed 75.0, changed 100.0, ended 100.0, began -20.0, cancelled -20.0\t0.55

            """)
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

    @Test("ui.trace.mark shows in the text trace; events and text scope to a label")
    func marks() throws {
        let (outcome, out, _) = try runLua(Self.screen + """
            ui.trace.mark("before")
            local child = ui.ViewController{ name = "child" }
            root:addChild(child)
            ui.trace.mark("after")
            child:didMove(root)
            print(ui.trace.text{ since = "before", kinds = { "containment", "mark" } })
            local e = ui.trace.events{ since = "after" }
            print(#e, e[1].event, ui.trace.events("mark")[2].message)
            print(select(2, pcall(ui.trace.text, { since = "never" })))
            ui.trace.mark()
            print(ui.trace.events("mark")[3].text)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            [0.000] child.willMove(toParent: root)
            [0.000] mark: after
            [0.000] child.didMove(toParent: root)
            2\tdidMove\tafter
            bad argument #1 to 'trace.text' (no mark "never" in the trace)
            [0.000] mark

            """)
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
