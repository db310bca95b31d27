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
}
