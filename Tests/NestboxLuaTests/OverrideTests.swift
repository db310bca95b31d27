import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// A script's subclass overrides a bound method as a Swift subclass does
/// (docs/api-conventions.md, Overrides): the script's calls and the model's reach it,
/// and its super call is the bound class's method.
@Suite(.checksInvariants) struct OverrideTests {
    static let counting = """
    local Counting = ui.ViewController:extend("Counting")
    local calls = {}
    function Counting:beginAppearanceTransition(appearing, animated)
      calls[#calls + 1] = self.name .. ".begin(" .. tostring(appearing) .. ", " .. tostring(animated) .. ")"
      ui.ViewController.beginAppearanceTransition(self, appearing, animated)
    end
    function Counting:endAppearanceTransition()
      calls[#calls + 1] = self.name .. ".end"
      ui.ViewController.endAppearanceTransition(self)
    end

    """

    /// UIKit's navigation controller sends begin and end to the children it pushes and
    /// pops; a subclass counts them (the case a container library's test suite checks).
    @Test func aNavigationControllerSendsBeginAndEndToItsChildren() throws {
        let (outcome, out, _) = try runLua(Self.counting + """
        local root, second = Counting{ name = "root", title = "Root" }, Counting{ name = "second" }
        local nav = ui.NavigationController{ name = "nav", viewControllers = { root } }
        ui.window.rootViewController = nav
        ui.window:makeKeyAndVisible()
        calls = {}
        collectgarbage()
        nav:pushViewController(second, true)
        collectgarbage()
        ui.settle()
        print(table.concat(calls, " "))
        print(root.appearanceState, second.appearanceState)
        calls = {}
        ui.tap("Root")                           -- the back button
        ui.settle()
        print(table.concat(calls, " "))
        print(root.appearanceState, second.appearanceState)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        root.begin(false, true) second.begin(true, true) root.end second.end
        disappeared\tappeared
        second.begin(false, true) root.begin(true, true) second.end root.end
        appeared\tdisappeared

        """)
    }

    /// The super call from an override the container asked is the container's own
    /// begin: no `call` event, as without the override; a script's own call, through
    /// its override, records one.
    @Test func theSuperCallIsUIKitsImplementation() throws {
        let (outcome, out, rt) = try runLua(Self.counting + """
        local root, second = Counting{ name = "root" }, Counting{ name = "second" }
        local nav = ui.NavigationController{ name = "nav", viewControllers = { root } }
        ui.window.rootViewController = nav
        ui.window:makeKeyAndVisible()
        nav:pushViewController(second, false)
        ui.settle()
        local loose = Counting{ name = "loose" }
        calls = {}
        loose:beginAppearanceTransition(true, false)
        loose:endAppearanceTransition()
        print(table.concat(calls, " "), loose.appearanceState)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "loose.begin(true, false) loose.end\tappeared\n")
        let calls = rt.simulation.trace.events.map(\.body).filter { $0.contains("AppearanceTransition") }
        #expect(calls == ["loose.beginAppearanceTransition(true, animated: false)", "loose.endAppearanceTransition()"])
    }

    /// An override that does not call super replaces UIKit's work: the child never
    /// appears, as in UIKit.
    @Test func anOverrideWithoutSuperReplacesTheWork() throws {
        let (outcome, out, _) = try runLua("""
        local Mute = ui.ViewController:extend("Mute")
        function Mute:beginAppearanceTransition() end
        function Mute:endAppearanceTransition() end
        local root = ui.ViewController{ name = "root" }
        local nav = ui.NavigationController{ name = "nav", viewControllers = { root } }
        ui.window.rootViewController = nav
        ui.window:makeKeyAndVisible()
        local m = Mute{ name = "m" }
        nav:pushViewController(m, false)
        ui.settle()
        print(m.appearanceState, root.appearanceState, m.view.superview == nav.view)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "disappeared\tdisappeared\ttrue\n")
    }

    /// The back button sends popViewController(animated:), which a subclass sees; the
    /// script's own calls reach the override too, also when it is defined after the
    /// objects were made.
    @Test func theBackButtonAndTheScriptReachPopAndPresent() throws {
        let (outcome, out, _) = try runLua("""
        local Nav = ui.NavigationController:extend("Nav")
        local nav = Nav{ name = "nav", viewControllers = { ui.ViewController{ name = "a", title = "A" }, ui.ViewController{ name = "b" } } }
        ui.window.rootViewController = nav
        ui.window:makeKeyAndVisible()
        function Nav:popViewController(animated)
          print("pop", animated, #self.viewControllers)
          return ui.NavigationController.popViewController(self, animated)
        end
        collectgarbage()
        ui.tap("A")                              -- the back button
        ui.settle()
        print(#nav.viewControllers)
        nav:pushViewController(ui.ViewController{ name = "c" }, false)
        local popped = nav:popViewController(false)
        print(popped.name, #nav.viewControllers)
        local P = ui.ViewController:extend("P")
        function P:present(vc, animated, completion)
          print("present", vc.name, animated)
          ui.ViewController.present(self, vc, animated, completion)
        end
        local p = P{ name = "p" }
        nav:pushViewController(p, false)
        p:present(ui.ViewController{ name = "modal" }, false)
        print(p.presentedViewController.name)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        pop\ttrue\t2
        1
        pop\tfalse\t2
        c\t1
        present\tmodal\tfalse
        modal

        """)
    }

    /// A tab switch is the tab bar controller's begin and end on its children.
    @Test func aTabSwitchSendsBeginAndEnd() throws {
        let (outcome, out, _) = try runLua(Self.counting + """
        local one, two = Counting{ name = "one" }, Counting{ name = "two" }
        local tbc = ui.TabBarController{ name = "tbc", viewControllers = { one, two } }
        ui.window.rootViewController = tbc
        ui.window:makeKeyAndVisible()
        calls = {}
        tbc.selectedIndex = 2
        print(table.concat(calls, " "))
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "two.begin(true, false) one.begin(false, false) one.end two.end\n")
    }
}
