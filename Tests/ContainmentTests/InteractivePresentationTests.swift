import Testing
import Containment
import InvariantChecking

/// Presentation's finer points: presentedViewController from a child, the
/// transitioning delegate's animators for every style, interactive presentation and
/// dismissal (Q15c), and the presentation controller of a `.custom` presentation.
@Suite(.checksInvariants) struct InteractivePresentationTests {
    /// Slides the presented view: it adds the view to the container when presenting, puts
    /// a covered presenting view back under it when dismissing, and completes as its
    /// animation ends, unless the interaction cancelled it.
    final class Slide: TransitionAnimator {
        var contexts: [TransitionContext] = []
        var views: [(from: View?, to: View?)] = []
        func transitionDuration(_ context: TransitionContext) -> Double { 0.3 }
        func animateTransition(_ ctx: TransitionContext) {
            contexts.append(ctx)
            views.append((ctx.view("from"), ctx.view("to")))
            let presenting = ctx.toViewController.presentingViewController === ctx.fromViewController
            let moving: View
            if presenting, let to = ctx.view("to") {
                to.frame = ctx.finalFrame(ctx.toViewController)
                try? ctx.containerView.addSubview(to)
                moving = to
            } else if let from = ctx.view("from") {
                // Dismissing: a covered presenting side goes back under the dragged view,
                // as UIKit's animators put it back (Q15).
                if let to = ctx.view("to") {
                    to.frame = ctx.finalFrame(ctx.toViewController)
                    try? (from.superview ?? ctx.containerView).insertSubview(to, belowSubview: from)
                }
                moving = from
            } else {
                ctx.completeTransition(true)
                return
            }
            let end = moving.frame
            moving.frame = end.offsetBy(dy: presenting ? 500 : 0)
            ctx.simulation.animator.animate(duration: 0.3, animations: {
                moving.frame = end.offsetBy(dy: presenting ? 0 : 500)
            }, completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
        }
        func animationEnded(_ context: TransitionContext, completed: Bool) {}
    }

    final class Delegate: PresentationAnimators {
        let slide = Slide()
        var presenting: PercentDrivenInteractiveTransition?
        var dismissing: PercentDrivenInteractiveTransition?
        var pc: PresentationController?
        func animatorForPresented(_ presented: ViewController, presenting: ViewController, source: ViewController) -> TransitionAnimator? { slide }
        func animatorForDismissed(_ dismissed: ViewController) -> TransitionAnimator? { slide }
        func interactionForPresentation(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? { presenting }
        func interactionForDismissal(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? { dismissing }
        func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> PresentationController? { pc }
    }

    /// A presentation controller whose overrides log and answer as set.
    final class Overrides: PresentationControllerOverrides {
        var frame: Rect?
        var removes: Bool?
        var log: [String] = []
        func frameOfPresentedView(_ pc: PresentationController) -> Rect? { frame }
        func shouldRemovePresentersView(_ pc: PresentationController) -> Bool? { removes }
        func presentedView(_ pc: PresentationController) -> View? { nil }
        func run(_ callback: PresentationControllerCallback, on pc: PresentationController) { log.append(callback.name) }
    }

    /// T (tab bar) on screen with N [A]; `m` ready to present with `style` and a delegate.
    func setUp(_ style: ModalPresentationStyle) throws -> (Simulation, TabBarController, NavigationController, Probe, Probe, Delegate) {
        let sim = Simulation()
        let a = Probe(sim, "a")
        let n = try NavigationController(simulation: sim, name: "n", root: a)
        let t = TabBarController(simulation: sim, name: "t")
        try t.setViewControllers([n])
        _ = try onScreen(t)
        let m = Probe(sim, "m")
        m.modalPresentationStyle = style
        let d = Delegate()
        m.transitioningDelegate = d
        return (sim, t, n, a, m, d)
    }

    @Test("presentedViewController answers for the nearest ancestor; visibleViewController is the presented one")
    func nearestAncestor() throws {
        let (sim, t, n, a, m, _) = try setUp(.pageSheet)
        m.transitioningDelegate = nil
        #expect(a.presentedViewController == nil && n.visibleViewController === a)
        try a.present(m, animated: false, completion: nil)
        sim.settle()
        #expect(t.presentedViewController === m && n.presentedViewController === m && a.presentedViewController === m)
        #expect(n.visibleViewController === m && m.presentingViewController === t)
        #expect(m.presentedViewController == nil)
        m.dismiss(animated: false, completion: nil)
        sim.settle()
        #expect(a.presentedViewController == nil && n.visibleViewController === a)
    }

    @Test("the delegate's animator runs a full-screen presentation: S37's order, the presenting views leave")
    func fullScreenAnimator() throws {
        let (sim, t, _, a, m, d) = try setUp(.fullScreen)
        var done: [String] = []
        try a.present(m, animated: true) { done.append("presented") }
        sim.settle()
        expectTrace(sim, """
            m.loadView()
            m.viewDidLoad()
            t.viewWillDisappear(animated: true)
            n.viewWillDisappear(animated: true)
            a.viewWillDisappear(animated: true)
            m.viewWillAppear(animated: true)
            m.viewIsAppearing(animated: true)
            m.viewDidAppear(animated: true)
            t.viewDidDisappear(animated: true)
            n.viewDidDisappear(animated: true)
            a.viewDidDisappear(animated: true)
            """)
        #expect(done == ["presented"] && t.view.window == nil && m.view.superview === sim.window)
        #expect(d.slide.views[0].from === t.view && d.slide.views[0].to === m.view, "the presenting view is the context's to give")
        sim.trace.mark(nil)
        m.dismiss(animated: true) { done.append("dismissed") }
        sim.settle()
        expectTrace(sim, """
            m.viewWillDisappear(animated: true)
            t.viewWillAppear(animated: true)
            n.viewWillAppear(animated: true)
            a.viewWillAppear(animated: true)
            t.viewIsAppearing(animated: true)
            n.viewIsAppearing(animated: true)
            a.viewIsAppearing(animated: true)
            t.viewDidAppear(animated: true)
            n.viewDidAppear(animated: true)
            a.viewDidAppear(animated: true)
            m.viewDidDisappear(animated: true)
            """)
        #expect(done == ["presented", "dismissed"] && t.view.window === sim.window && m.view.window == nil)
        #expect(d.slide.views[1].from === m.view && d.slide.views[1].to === t.view)
    }

    @Test("the delegate's animator runs a sheet: the presenting view is nil in the context", arguments: [ModalPresentationStyle.pageSheet, .overFullScreen])
    func sheetAnimator(_ style: ModalPresentationStyle) throws {
        let (sim, t, _, a, m, d) = try setUp(style)
        try a.present(m, animated: true, completion: nil)
        sim.settle()
        m.dismiss(animated: true, completion: nil)
        sim.settle()
        expectTrace(sim, """
            m.loadView()
            m.viewDidLoad()
            m.viewWillAppear(animated: true)
            m.viewIsAppearing(animated: true)
            m.viewDidAppear(animated: true)
            m.viewWillDisappear(animated: true)
            m.viewDidDisappear(animated: true)
            """)
        #expect(d.slide.contexts.count == 2 && d.slide.views[0].from == nil && d.slide.views[1].to == nil)
        // A page sheet starts 10 points below the safe area (59 on the iPhone 15).
        let sheet = style == .pageSheet ? Rect(x: 0, y: 69, width: 393, height: 783) : sim.window.bounds
        #expect(d.slide.contexts[0].finalFrame(m) == sheet)
        #expect(t.view.window === sim.window && m.view.window == nil && t.presentedViewController == nil)
    }

    @Test("Q15c: a cancelled interactive dismissal of a sheet leaves it presented, its callbacks balanced")
    func cancelledSheetDismissal() throws {
        let (sim, t, _, a, m, d) = try setUp(.pageSheet)
        try a.present(m, animated: true, completion: nil)
        sim.settle()
        sim.trace.mark(nil)
        let drag = PercentDrivenInteractiveTransition(simulation: sim, name: "drag")
        d.dismissing = drag
        var done: [String] = []
        m.dismiss(animated: true) { done.append("dismissed") }
        #expect(d.slide.contexts.last?.isInteractive == true && m.isBeingDismissed)
        drag.update(0.4)
        sim.advance(by: 0.1)
        #expect(m.view.presentation.frame.origin.y > m.view.frame.origin.y - 500, "the drag holds the slide")
        drag.cancel()
        sim.settle()
        expectTrace(sim, """
            m.viewWillDisappear(animated: true)
            m.viewWillAppear(animated: true)
            m.viewIsAppearing(animated: true)
            m.viewDidAppear(animated: true)
            """)
        #expect(done.isEmpty && t.presentedViewController === m && m.presentingViewController === t)
        #expect(m.view.window === sim.window && m.view.frame == Rect(x: 0, y: 69, width: 393, height: 783) && !m.isBeingDismissed)
        #expect(lines(sim, .warning).isEmpty)
        // The same drag, finished this time, dismisses.
        sim.trace.mark(nil)
        m.dismiss(animated: true) { done.append("dismissed") }
        drag.update(0.7)
        drag.finish()
        sim.settle()
        expectTrace(sim, """
            m.viewWillDisappear(animated: true)
            m.viewDidDisappear(animated: true)
            """)
        #expect(done == ["dismissed"] && t.presentedViewController == nil && m.view.window == nil)
    }

    @Test("Q15c: a cancelled interactive dismissal of a full-screen presentation covers the presenting side again")
    func cancelledFullScreenDismissal() throws {
        let (sim, t, _, a, m, d) = try setUp(.fullScreen)
        try a.present(m, animated: true, completion: nil)
        sim.settle()
        sim.trace.mark(nil)
        let drag = PercentDrivenInteractiveTransition(simulation: sim, name: "drag")
        d.dismissing = drag
        m.dismiss(animated: true, completion: nil)
        #expect(t.view.window === sim.window, "the presenting side comes back under the dragged view")
        // Reversed, it leaves the window between its will- and did-disappear.
        var seen: [String] = []
        a.onHook = { p, hook in
            switch hook {
            case .viewWillDisappear, .viewDidDisappear: seen.append("\(hook.name) in window \(p.view.window != nil)")
            default: break
            }
        }
        drag.update(0.2)
        drag.cancel()
        sim.settle()
        #expect(seen == ["viewWillDisappear in window true", "viewDidDisappear in window false"], "\(seen)")
        expectTrace(sim, """
            m.viewWillDisappear(animated: true)
            t.viewWillAppear(animated: true)
            n.viewWillAppear(animated: true)
            a.viewWillAppear(animated: true)
            t.viewIsAppearing(animated: true)
            n.viewIsAppearing(animated: true)
            a.viewIsAppearing(animated: true)
            t.viewWillDisappear(animated: true)
            n.viewWillDisappear(animated: true)
            a.viewWillDisappear(animated: true)
            t.viewDidDisappear(animated: true)
            n.viewDidDisappear(animated: true)
            a.viewDidDisappear(animated: true)
            m.viewWillAppear(animated: true)
            m.viewIsAppearing(animated: true)
            m.viewDidAppear(animated: true)
            """)
        #expect(t.view.window == nil && m.view.window === sim.window && t.presentedViewController === m)
        #expect(lines(sim, .warning).isEmpty)
    }

    @Test("Q15c: a cancelled interactive presentation presents nothing and calls no completion")
    func cancelledPresentation() throws {
        let (sim, t, _, a, m, d) = try setUp(.fullScreen)
        let drag = PercentDrivenInteractiveTransition(simulation: sim, name: "drag")
        d.presenting = drag
        var done: [String] = []
        try a.present(m, animated: true) { done.append("presented") }
        drag.update(0.5)
        drag.cancel()
        sim.settle()
        expectTrace(sim, """
            m.loadView()
            m.viewDidLoad()
            t.viewWillDisappear(animated: true)
            n.viewWillDisappear(animated: true)
            a.viewWillDisappear(animated: true)
            m.viewWillAppear(animated: true)
            m.viewIsAppearing(animated: true)
            m.viewWillDisappear(animated: true)
            m.viewDidDisappear(animated: true)
            t.viewWillAppear(animated: true)
            n.viewWillAppear(animated: true)
            a.viewWillAppear(animated: true)
            t.viewIsAppearing(animated: true)
            n.viewIsAppearing(animated: true)
            a.viewIsAppearing(animated: true)
            t.viewDidAppear(animated: true)
            n.viewDidAppear(animated: true)
            a.viewDidAppear(animated: true)
            """)
        #expect(done.isEmpty && t.presentedViewController == nil && m.presentingViewController == nil)
        #expect(m.view.window == nil && t.view.window === sim.window && !m.isBeingPresented)
        // Nothing is left in the way: the next presentation goes ahead.
        d.presenting = nil
        try a.present(m, animated: false, completion: nil)
        sim.settle()
        #expect(t.presentedViewController === m && lines(sim, .warning).isEmpty)
    }

    @Test("a presentation controller: its container holds the presented view at its frame; the presenter stays")
    func presentationController() throws {
        let (sim, t, _, a, m, d) = try setUp(.custom)
        let pc = PresentationController(simulation: sim, name: "half")
        let o = Overrides()
        o.frame = Rect(x: 0, y: 426, width: 393, height: 426)
        pc.overrides = o
        d.pc = pc
        try a.present(m, animated: true, completion: nil)
        sim.settle()
        expectTrace(sim, """
            m.loadView()
            m.viewDidLoad()
            m.viewWillAppear(animated: true)
            half.presentationTransitionWillBegin()
            m.viewIsAppearing(animated: true)
            m.viewDidAppear(animated: true)
            half.presentationTransitionDidEnd(completed: true)
            """)
        let container = try #require(pc.containerView)
        #expect(container.className == "TransitionView" && container.superview === sim.window)
        #expect(m.view.superview === container && m.view.frame == o.frame && t.view.window === sim.window)
        #expect(m.presentationController === pc && pc.presentedViewController === m && pc.presentingViewController === t)
        #expect(d.slide.views[0].from == nil && d.slide.views[0].to === m.view)
        #expect(o.log.filter { !$0.hasPrefix("container") } == ["presentationTransitionWillBegin", "presentationTransitionDidEnd"])
        #expect(o.log.contains("containerViewWillLayoutSubviews"))
        sim.trace.mark(nil)
        m.dismiss(animated: true, completion: nil)
        sim.settle()
        expectTrace(sim, """
            m.viewWillDisappear(animated: true)
            half.dismissalTransitionWillBegin()
            m.viewDidDisappear(animated: true)
            half.dismissalTransitionDidEnd(completed: true)
            """)
        #expect(container.superview == nil && m.presentationController == nil && !pc.isOwned)
    }

    @Test("shouldRemovePresentersView: the presenting side disappears as under a full-screen presentation")
    func removesPresentersView() throws {
        let (sim, t, _, a, m, d) = try setUp(.custom)
        let pc = PresentationController(simulation: sim, name: "cover")
        let o = Overrides()
        o.removes = true
        pc.overrides = o
        d.pc = pc
        try a.present(m, animated: false, completion: nil)
        sim.settle()
        expectTrace(sim, """
            m.loadView()
            m.viewDidLoad()
            t.viewWillDisappear(animated: false)
            n.viewWillDisappear(animated: false)
            a.viewWillDisappear(animated: false)
            m.viewWillAppear(animated: false)
            cover.presentationTransitionWillBegin()
            m.viewIsAppearing(animated: false)
            m.viewDidAppear(animated: false)
            t.viewDidDisappear(animated: false)
            n.viewDidDisappear(animated: false)
            a.viewDidDisappear(animated: false)
            cover.presentationTransitionDidEnd(completed: true)
            """)
        #expect(t.view.window == nil && d.slide.views[0].from === t.view)
    }

    @Test("an interaction controller that drives nothing says so, once")
    func idleInteraction() throws {
        let sim = Simulation()
        let drag = PercentDrivenInteractiveTransition(simulation: sim, name: "drag")
        drag.update(0.5)
        drag.cancel()
        #expect(lines(sim, .lint) == [
            "lint: <PercentDrivenInteractiveTransition: drag> drives no transition: update() does nothing (return it from an interactionController… delegate method)",
        ])
    }
}

extension Rect {
    func offsetBy(dy: Double) -> Rect { Rect(x: origin.x, y: origin.y + dy, width: size.width, height: size.height) }
}
