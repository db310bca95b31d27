import Testing
@testable import Containment
import NestboxLua
import InvariantChecking

/// `LuaRuntime.checkInvariants`, which `runLua` and the fuzzer run after each script.
@Suite(.checksInvariants) struct InvariantBindingTests {
    @Test("the check after a run reaches the window and every object the script holds")
    func reachesScriptObjects() throws {
        let (_, _, rt) = try runLua("""
            loose = ui.ViewController{ name = 'loose' }
            kept = ui.View{ name = 'kept' }
            ui.window.rootViewController = ui.ViewController{ name = 'root' }
            ui.window:makeKeyAndVisible()
            """)
        let loose = try #require(rt.object(global: "loose") as? ViewController)
        let kept = try #require(rt.object(global: "kept") as? View)
        loose.appearanceState = .appearing
        kept.subviews = [View(simulation: rt.simulation, name: "stray")]
        #expect(rt.checkInvariants() == [
            "<View: stray> is among the subviews of <View: kept>, but its superview is nil",
            "<ViewController: loose> has appearance state appearing with no appearance transition open",
        ])
        #expect(rt.simulation.checkInvariants() == [], "neither is connected to the window")
        loose.appearanceState = .disappeared
        kept.subviews = []
    }

    // Paths the state machine took with a callback re-entering it, leaving a state its
    // depth contradicted (found by the invariant check; runLua checks it here too).

    /// Runs `script` with `c`, a controller whose appearance callbacks note their names
    /// (`note` is at hand for more), and returns the notes.
    func notes(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let (outcome, out, _) = try runLua("""
            local log = {}
            local function note(s) log[#log + 1] = s end
            local c = ui.ViewController{ name = 'c' }
            for _, h in ipairs{ 'viewWillAppear', 'viewIsAppearing', 'viewDidAppear', 'viewWillDisappear', 'viewDidDisappear' } do
                c[h] = function() note(h:sub(5, 5):lower() .. h:sub(6)) end
            end
            \(script)
            print(table.concat(log, ' '))
            """, sourceLocation: sourceLocation)
        #expect(outcome == .ok, sourceLocation: sourceLocation)
        return out
    }

    @Test("viewDidLoad beginning a disappearance inside the appearing begin: W1, then that begin")
    func beginFromViewDidLoad() throws {
        #expect(try notes("""
            c.viewDidLoad = function(self) note('didLoad'); self:beginAppearanceTransition(false, false) end
            c:beginAppearanceTransition(true, false)
            note(c.appearanceState)
            c:endAppearanceTransition()
            note(c.appearanceState)
            """) == "didLoad willAppear appearing isAppearing didAppear appeared\n")
    }

    @Test("viewIsAppearing beginning a disappearance inside the end: the reversal takes over")
    func beginFromViewIsAppearing() throws {
        #expect(try notes("""
            c.viewIsAppearing = function(self) note('isAppearing'); self:beginAppearanceTransition(false, false) end
            c:beginAppearanceTransition(true, false)
            c:endAppearanceTransition()
            note(c.appearanceState)
            c:endAppearanceTransition()
            note(c.appearanceState)
            """) == "willAppear isAppearing willDisappear disappearing didDisappear disappeared\n")
    }

    @Test("a child's viewDidLoad, run by the navigation controller's preparation, reversing its appearance")
    func beginFromPreparation() throws {
        let (outcome, out, _) = try runLua("""
            nav = ui.NavigationController{ name = 'n', root = ui.ViewController{ name = 'r' } }
            local _ = nav.view
            local t = ui.ViewController{ name = 't' }
            t.viewDidLoad = function() nav:beginAppearanceTransition(false, false) end
            nav:pushViewController(t, false)         -- off screen: shown when it appears (S21)
            nav:beginAppearanceTransition(true, false)
            print(nav.appearanceState)
            """)
        #expect(outcome == .ok)
        #expect(out == "disappearing\n")
    }
}
