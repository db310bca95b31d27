import Testing
import InvariantChecking
import Containment

/// Each TransitionContext.Kind's policy, seen through the callbacks it sends.
@Suite(.checksInvariants) struct TransitionKindTests {
    /// An animator that answers its duration and may act meanwhile, as a script's can,
    /// and completes at once when asked to animate.
    final class Immediate: TransitionAnimator {
        let duration: Double
        let whileAsked: () -> Void
        var animatedWhenAsked: Bool?
        var contexts: [TransitionContext] = []

        init(duration: Double, whileAsked: @escaping () -> Void = {}) {
            self.duration = duration; self.whileAsked = whileAsked
        }

        func transitionDuration(_ context: TransitionContext) -> Double {
            animatedWhenAsked = context.isAnimated
            whileAsked()
            return duration
        }

        func animateTransition(_ context: TransitionContext) {
            contexts.append(context)
            if let to = context.view("to") { try? context.containerView.addSubview(to) }
            context.completeTransition(true)
        }

        func animationEnded(_ context: TransitionContext, completed: Bool) {}
    }

    final class TabAnimating: TabBarControllerDelegate {
        let animator = Immediate(duration: 0.3)
        func shouldSelect(_ tbc: TabBarController, _ vc: ViewController) -> Bool { true }
        func didSelect(_ tbc: TabBarController, _ vc: ViewController) {}
        func animationController(_ tbc: TabBarController, from: ViewController, to: ViewController) -> TransitionAnimator? { animator }
    }

    final class Transitioning: PresentationAnimators {
        let animator = Immediate(duration: 0.3)
        func animatorForPresented(_ presented: ViewController, presenting: ViewController, source: ViewController) -> TransitionAnimator? { animator }
        func animatorForDismissed(_ dismissed: ViewController) -> TransitionAnimator? { animator }
    }

    func children() throws -> (Simulation, Probe, Probe, Probe) {
        let sim = Simulation()
        let p = Probe(sim, "p"), a = Probe(sim, "a"), b = Probe(sim, "b")
        _ = try onScreen(p)
        try p.addChild(a)
        try p.view.addSubview(a.view)
        a.didMove(toParent: p)
        try p.addChild(b)
        _ = b.view
        sim.trace.mark(nil)
        return (sim, p, a, b)
    }

    @Test("child transition: the animator's duration is asked first (Q2), the screen read after (Q3)")
    func childMeasuresAfterTheDuration() throws {
        let (sim, p, a, b) = try children()
        let animator = Immediate(duration: 0.4) { p.view.removeFromSuperview() }
        let ctx = try p.transition(from: a, to: b, animator: animator)
        #expect(animator.animatedWhenAsked == true && ctx.isAnimated)
        // The window's root leaves without callbacks, and the transition, which found the
        // container off screen, sends none either: on screen, a and b would get theirs.
        #expect(p.view.window == nil)
        expectTrace(sim, "")
    }

    @Test("child transition of duration 0: not animated (Q2), from leaves at the end")
    func childOfDurationZero() throws {
        let (sim, p, a, b) = try children()
        let ctx = try p.transition(from: a, to: b, animator: Immediate(duration: 0))
        #expect(!ctx.isAnimated && a.view.superview == nil && b.view.superview === p.view)
        expectTrace(sim, """
            a.viewWillDisappear(animated: false)
            b.viewWillAppear(animated: false)
            b.viewIsAppearing(animated: false)
            a.viewDidDisappear(animated: false)
            b.viewDidAppear(animated: false)
            """)
    }

    @Test("tab selection through the delegate's animator: animated, S30's order")
    func tabSelection() throws {
        let sim = Simulation()
        let one = Probe(sim, "one"), two = Probe(sim, "two")
        let t = TabBarController(simulation: sim, name: "t")
        let d = TabAnimating()
        t.delegate = d
        try t.setViewControllers([one, two])
        _ = try onScreen(t)
        try t.setSelectedIndex(1)
        #expect(d.animator.contexts.map(\.isAnimated) == [true])
        #expect(one.view.superview == nil && two.view.superview === t.view)
        expectTrace(sim, """
            two.loadView()
            two.viewDidLoad()
            two.viewWillAppear(animated: true)
            one.viewWillDisappear(animated: true)
            two.viewIsAppearing(animated: true)
            one.viewDidDisappear(animated: true)
            two.viewDidAppear(animated: true)
            """)
    }

    @Test("custom presentation and dismissal: the presenting side keeps its view and gets no callbacks")
    func customPresentationAndDismissal() throws {
        let sim = Simulation()
        let root = Probe(sim, "root"), m = Probe(sim, "m")
        _ = try onScreen(root)
        m.modalPresentationStyle = .custom
        let delegate = Transitioning()
        m.transitioningDelegate = delegate
        var done: [String] = []
        try root.present(m, animated: true) { done.append("presented") }
        #expect(root.view.window === sim.window && m.view.window === sim.window)
        expectTrace(sim, """
            m.loadView()
            m.viewDidLoad()
            m.viewWillAppear(animated: true)
            m.viewIsAppearing(animated: true)
            m.viewDidAppear(animated: true)
            """)
        #expect(lines(sim, .warning).isEmpty)   // root's appearance was not closed either
        sim.trace.mark(nil)
        root.dismiss(animated: false) { done.append("dismissed") }
        #expect(delegate.animator.contexts.map(\.isAnimated) == [true, false])
        #expect(done == ["presented", "dismissed"] && m.viewIfLoaded?.window == nil && root.presentedViewController == nil)
        expectTrace(sim, """
            m.viewWillDisappear(animated: false)
            m.viewDidDisappear(animated: false)
            """)
        #expect(lines(sim, .warning).isEmpty)
    }
}
