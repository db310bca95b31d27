import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// `ui.transition`, UIView's view transitions (Q58): the model changes at once, the
/// transitioning view takes no touches for the duration, then the completion runs.
@Suite(.checksInvariants) struct ViewTransitionTests {
    static let setUp = """
    local root = ui.ViewController{ name = "root" }
    ui.window.rootViewController = root
    ui.window:makeKeyAndVisible()
    local a = ui.Button{ name = "a", title = "A", frame = { 0, 100, 100, 44 } }
    local b = ui.Button{ name = "b", title = "B", frame = { 0, 100, 100, 44 } }
    local taps = 0
    b:addTarget(function() taps = taps + 1 end, "touchUpInside")
    root.view:addSubview(a)

    """

    @Test func fromToReplacesAtOnceAndBlocksTouchesForTheDuration() throws {
        let (outcome, out, rt) = try runLua(Self.setUp + """
        ui.transition{ from = a, to = b, duration = 0.5, options = { "transitionFlipFromLeft" },
                       completion = function(finished) print("completion", finished, ui.now()) end }
        collectgarbage()
        print(a.superview, b.superview == root.view, root.view.subviews[1] == b)
        ui.tap("B")
        print("taps", taps)
        ui.advance(0.5)
        ui.tap("B")
        print("taps", taps)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "nil\ttrue\ttrue\ntaps\t0\ncompletion\ttrue\t0.5\ntaps\t1\n")
        let events = rt.simulation.trace.events.map(\.body)
        let from = try #require(events.firstIndex(of: "root.view.insertSubview(b, aboveSubview: a)"))
        #expect(Array(events[from...].prefix(5)) == [
            "root.view.insertSubview(b, aboveSubview: a)", "b.moveToWindow(window)", "a.removeFromSuperview()",
            "a.moveToWindow(nil)", "animation#1.begin(duration: 0.5, transition: \"flipFromLeft\", views: \"root.view\")",
        ])
        #expect(events.contains("input.ignored(\"tap\", reason: \"<View: root.view> is animating without allowUserInteraction\")"))
        #expect(events.contains("animation#1.end(finished: true)"))
    }

    @Test func showHideAndWithAndAllowUserInteraction() throws {
        let (outcome, out, _) = try runLua(Self.setUp + """
        root.view:addSubview(b)
        b.isHidden = true
        ui.transition{ from = a, to = b, duration = 0.3, options = { "showHideTransitionViews", "transitionCrossDissolve",
                       "allowUserInteraction" } }
        print(a.superview == root.view, a.isHidden, b.isHidden)
        ui.tap("B")
        print("taps", taps)
        ui.settle()
        ui.transition{ with = root.view, duration = 0.2, options = "transitionCurlUp",
                       animations = function() b.alpha = 0.5 end,
                       completion = function(f) print("done", f, ui.now()) end }
        print(b.alpha, b.presentation.alpha)
        ui.settle()
        ui.transition{ with = b, duration = 0, completion = function(f) print("zero", f, ui.now()) end }
        print("before the next turn")
        ui.settle()
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        true\ttrue\tfalse
        taps\t1
        0.5\t0.5
        done\ttrue\t0.5
        before the next turn
        zero\ttrue\t0.5

        """)
    }

    @Test(arguments: [
        ("ui.transition{ from = a, to = b }\nui.transition{ from = a, to = b }",
         "test:10: NSInvalidArgumentException: transition(from:to:): <Button: a> has no superview"),
        ("ui.transition{ with = a, from = a, to = b }", "test:9: bad argument #1 to 'transition' (give 'with' (a view), or 'from' and 'to' (two views))"),
        ("ui.transition{ from = a, to = b, animations = function() end }",
         "test:9: bad argument #1 to 'transition' (transition{ from, to } takes no 'animations' (UIKit's has none))"),
        ("ui.transition{ with = a, options = { 'transitionCurlUp', 'transitionCurlDown' } }",
         "test:9: bad argument #1 to 'transition' (options 'transitionCurlUp' and 'transitionCurlDown' are two transitions; give one)"),
        ("ui.transition{ with = 3 }", "test:9: bad argument #1 to 'transition' (field 'with' must be a View)"),
        ("ui.animate{ duration = 1, options = 'transitionFlipFromTop' }",
         "test:9: bad argument #1 to 'animate' (option 'transitionFlipFromTop' is a view transition's: ui.transition)"),
        ("ui.transition{ from = a, to = root.view }", "test:9: NSInvalidArgumentException: transition(from:to:): <View: root.view> cannot replace <Button: a>"),
    ])
    func misuse(_ code: String, _ message: String) throws {
        let (outcome, _, _) = try runLua(Self.setUp + code)
        guard case .scriptError(let got, _) = outcome else { Issue.record("ran: \(outcome)"); return }
        #expect(got == message)
    }
}
