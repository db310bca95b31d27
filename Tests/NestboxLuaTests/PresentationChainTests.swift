import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// A presented container's children and the presenter on its way out (UIViewController's
/// pages for `dismiss(animated:completion:)` and `presentingViewController`; W15).
@Suite(.checksInvariants) struct PresentationChainTests {
    static let setUp = """
    local root = ui.ViewController{ name = "root" }
    ui.window.rootViewController = root
    ui.window:makeKeyAndVisible()
    local top = ui.ViewController{ name = "top" }
    local nav = ui.NavigationController{ name = "nav", viewControllers = { ui.ViewController{ name = "first" }, top } }
    root:present(nav, false)
    ui.settle()

    """

    /// A child of a presented controller answers its ancestor's presenter, and its
    /// `dismiss` asks that presenter to dismiss the ancestor.
    @Test func aChildOfAPresentedContainerDismissesIt() throws {
        let (outcome, out, _) = try runLua(Self.setUp + """
        print(top.presentingViewController == root, nav.presentingViewController == root, root.presentingViewController)
        collectgarbage()
        local done = false
        top:dismiss(true, function() done = true end)
        ui.settle()
        print(root.presentedViewController, nav.presentingViewController, top.presentingViewController, done)
        print(nav.view.window, top.appearanceState, root.appearanceState)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\ttrue\tnil\nnil\tnil\tnil\ttrue\nnil\tdisappeared\tappeared\n")
    }

    /// W15 also for a presenter being dismissed: nothing is presented, nothing is left
    /// in the window.
    @Test func presentingFromAControllerBeingDismissedShowsNothing() throws {
        let (outcome, out, rt) = try runLua(Self.setUp + """
        top:dismiss(true)
        local late = ui.ViewController{ name = "late" }
        top:present(late, false)
        ui.settle()
        print(late.presentingViewController, late.isViewLoaded, nav.presentedViewController, root.presentedViewController)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "nil\tfalse\tnil\tnil\n")
        #expect(rt.simulation.trace.events.contains {
            $0.kind == .warning && $0.body.contains("Attempt to present <ViewController: late> on <NavigationController: nav> whose view is not in the window hierarchy!")
        })
    }
}
