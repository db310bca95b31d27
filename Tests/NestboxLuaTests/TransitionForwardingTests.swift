import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// transition(from:to:) in a container that forwards appearance by hand fails, as
/// UIViewController.h says (W23, policy Q62); nothing changes.
@Suite(.checksInvariants) struct TransitionForwardingTests {
    @Test func aManualForwarderCannotUseTransition() throws {
        let (outcome, out, _) = try runLua("""
        local c = ui.ViewController{ name = "c", shouldAutomaticallyForwardAppearanceMethods = false }
        ui.window.rootViewController = c
        ui.window:makeKeyAndVisible()
        local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
        c:addChild(a); c.view:addSubview(a.view); a:beginAppearanceTransition(true, false); a:endAppearanceTransition(); a:didMove(c)
        c:addChild(b)
        local ok, err = pcall(function() c:transition{ from = a, to = b, duration = 0.3 } end)
        print(ok, err)
        ui.settle()
        print(a.view.superview == c.view, b.isViewLoaded, a.appearanceState, b.appearanceState)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        false\ttest:7: NSInvalidArgumentException: <ViewController: c> forwards appearance callbacks to its children itself (shouldAutomaticallyForwardAppearanceMethods is false), so -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:] fails (UIViewController.h)
        true\tfalse\tappeared\tdisappeared

        """)
    }
}
