import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// A bar button item in a navigation item is in use: its `action` outlives the script's
/// last reference to it, and goes with the navigation item.
@Suite(.checksInvariants) struct BarButtonItemLifetimeTests {
    @Test("an item's action still runs after the script dropped the item and Lua collected")
    func actionSurvivesCollection() throws {
        let (outcome, out, rt) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            local nav = ui.NavigationController{ name = "nav", root = root }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            root.navigationItem.leftBarButtonItems = {
              ui.BarButtonItem{ name = "go", title = "Go", action = function(item) print("tapped", item.name) end } }
            ui.settle()
            collectgarbage(); collectgarbage()
            assert(ui.tap("Go"))
            root.navigationItem.leftBarButtonItems = {}
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "tapped\tgo\n")
        // Out of the navigation item, nothing holds it: its userdata may go.
        rt.collectGarbage()
        #expect(rt.scriptObjects().map(\.name).contains("go") == false)
    }
}
