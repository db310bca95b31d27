import Testing
import Containment
import InvariantChecking

@Suite(.checksInvariants) struct TransitionTests {}

extension TransitionTests {
    /// P on screen with appeared child A; B new; the caller follows the protocol.
    func setUp() throws -> (Simulation, Probe, Probe, Probe) {
        let sim = Simulation()
        let p = Probe(sim, "p"), a = Probe(sim, "a"), b = Probe(sim, "b")
        _ = try onScreen(p)
        try embed(a, in: p)
        sim.trace.mark(nil)
        return (sim, p, a, b)
    }

    @Test("S11 transition(from:to:) animated, container on screen")
    func s11() throws {
        let (sim, p, a, b) = try setUp()
        try p.addChild(b)
        a.willMove(toParent: nil)
        var completed: Bool?
        try p.transition(from: a, to: b, duration: 0.3, animations: {}, completion: { finished in
            a.removeFromParent()
            b.didMove(toParent: p)
            completed = finished
        })
        #expect(a.view.superview === p.view && b.view.superview === p.view)
        sim.advance(by: 0.3)
        try expectTrace(sim, scenario: "S11")
        #expect(completed == true)
        #expect(a.view.superview == nil && p.children.map(\.name) == ["b"])
    }

    @Test("S12 duration 0: not animated, completes on the next turn (Q2)")
    func s12() throws {
        let (sim, p, a, b) = try setUp()
        try p.addChild(b)
        a.willMove(toParent: nil)
        try p.transition(from: a, to: b, duration: 0, animations: nil, completion: { _ in
            a.removeFromParent(); b.didMove(toParent: p)
        })
        #expect(a.appearanceState == .disappearing)
        sim.turn()
        try expectTrace(sim, scenario: "S12")
    }

    @Test("S13 children of another parent: W2, nothing happens")
    func s13() throws {
        let (sim, p, a, b) = try setUp()
        #expect(throws: ContainmentError("NSInvalidArgumentException",
            "Children view controllers <ViewController: a> and <ViewController: b> must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]")) {
            try p.transition(from: a, to: b, duration: 0.3, animations: nil, completion: nil)
        }
        #expect(sim.trace.sinceMark.isEmpty)
        #expect(!b.isViewLoaded && a.view.superview === p.view)
    }

    @Test("Q2: a from whose view is in no view is refused, animated or by an animator; nothing happens")
    func fromInNoView() throws {
        let (sim, p, a, b) = try setUp()
        try p.addChild(b)
        let c = Probe(sim, "c")
        try p.addChild(c)
        sim.trace.mark(nil)
        let refusal = ContainmentError("NSInvalidArgumentException",
            "Nestbox: transition(from:to:) needs <ViewController: c>'s view in a view hierarchy: <ViewController: b>'s view goes into its superview, and it has none")
        #expect(throws: refusal) { try p.transition(from: c, to: b, duration: 0.3, animations: nil, completion: nil) }
        #expect(throws: refusal) { try p.transition(from: c, to: b, animator: NeverAnimator()) }
        #expect(sim.trace.sinceMark.isEmpty && !b.isViewLoaded && a.view.superview === p.view)
    }

    @Test("S14 the caller added to.view first: W1 for to")
    func s14() throws {
        let (sim, p, a, b) = try setUp()
        try p.addChild(b)
        try p.view.addSubview(b.view)
        b.didMove(toParent: p)
        a.willMove(toParent: nil)
        try p.transition(from: a, to: b, duration: 0.3, animations: nil, completion: { _ in a.removeFromParent() })
        sim.advance(by: 0.3)
        try expectTrace(sim, scenario: "S14")
        #expect(lines(sim, .warning) == ["warning: Unbalanced calls to begin/end appearance transitions for <ViewController: b>."])
    }

    @Test("S42 a container off screen changes children, then appears")
    func s42() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), a = Probe(sim, "a"), b = Probe(sim, "b")
        try embed(a, in: p)
        sim.trace.mark(nil)
        try p.addChild(b)
        a.willMove(toParent: nil)
        try p.transition(from: a, to: b, duration: 0, animations: nil, completion: { _ in
            a.removeFromParent(); b.didMove(toParent: p)
        })
        sim.turn()
        try sim.window.setRootViewController(p)
        sim.window.makeKeyAndVisible()
        try expectTrace(sim, scenario: "S42")
    }

    final class SlideAnimator: TransitionAnimator {
        var ended: Bool?
        func transitionDuration(_ context: TransitionContext) -> Double { 0.4 }
        func animateTransition(_ ctx: TransitionContext) {
            let sim = ctx.simulation
            guard let to = ctx.view("to"), let from = ctx.view("from") else { return }
            try? ctx.containerView.addSubview(to)
            to.frame = Rect(x: 400, y: 0, width: 400, height: 800)
            sim.animator.animate(duration: 0.4, curve: .linear, animations: {
                to.frame = Rect(x: 0, y: 0, width: 400, height: 800)
                from.frame = Rect(x: -400, y: 0, width: 400, height: 800)
            }, completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
        }
        func animationEnded(_ context: TransitionContext, completed: Bool) { ended = completed }
    }

    @Test("S16 shape: an interactive custom transition cancelled at 40 %")
    func interactiveCancel() throws {
        let (sim, p, a, b) = try setUp()
        a.view.frame = Rect(x: 0, y: 0, width: 400, height: 800)
        try p.addChild(b)
        a.willMove(toParent: nil)
        let interaction = PercentDrivenInteractiveTransition(simulation: sim, name: "pan")
        let animator = SlideAnimator()
        var result: Bool?
        let ctx = try p.transition(from: a, to: b, animator: animator, interaction: interaction) { result = $0 }
        interaction.update(0.4)
        #expect(b.view.presentation.frame.origin.x == 240)
        #expect(a.view.presentation.frame.origin.x == -160)
        sim.trace.mark(nil)
        interaction.cancel()
        sim.advance(by: 0.16)
        #expect(result == false && animator.ended == false && ctx.transitionWasCancelled)
        expectTrace(sim, """
            a.viewWillAppear(animated: false)
            b.viewWillDisappear(animated: false)
            a.viewIsAppearing(animated: false)
            a.viewDidAppear(animated: false)
            b.viewDidDisappear(animated: false)
            """)
        #expect(a.view.frame.origin.x == 0 && b.view.superview == nil)
    }

    @Test("an interactive transition finished from 40 % completes")
    func interactiveFinish() throws {
        let (sim, p, a, b) = try setUp()
        try p.addChild(b)
        let interaction = PercentDrivenInteractiveTransition(simulation: sim)
        var result: Bool?
        try p.transition(from: a, to: b, animator: SlideAnimator(), interaction: interaction) { result = $0 }
        interaction.update(0.4)
        interaction.finish()
        sim.advance(by: 0.24)
        #expect(result == true && a.view.superview == nil && b.appearanceState == .appeared)
        #expect(b.view.frame.origin.x == 0)
    }
}

/// An animator a refused transition must never reach.
final class NeverAnimator: TransitionAnimator {
    func transitionDuration(_ ctx: TransitionContext) -> Double { 0.3 }
    func animateTransition(_ ctx: TransitionContext) { Issue.record("the refused transition ran its animator") }
    func animationEnded(_ ctx: TransitionContext, completed: Bool) {}
}
