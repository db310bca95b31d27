/// dismiss (docs/containment.md, Presentation; S38/S39, W17, policies Q15 and Q15b).
extension ViewController {
    /// Dismisses what this controller presented, or this controller if it was presented.
    /// Whatever the dismissed controller presented goes with it in the same dismissal:
    /// Apple documents that "only the top-most view is dismissed in an animated fashion;
    /// any intermediate view controllers are simply removed from the stack" (policy Q15b
    /// in docs/policies.md: intermediate controllers on screen get their disappearance
    /// callbacks, not animated; covered ones, already disappeared, get none). The stack
    /// is walked in a loop: a script can make it tens of thousands of controllers long.
    public func dismiss(animated: Bool, completion: (() -> Void)?) {
        guard let (presenter, first) = dismissalTarget() else { return }
        simulation.trace.record(.call, self, "dismiss", "animated", .bool(animated))
        var stack = [first]
        while let next = stack[stack.count - 1].presentedHere { stack.append(next) }
        // W17, for the presenter or any presenter in the stack.
        if let busy = ([presenter] + stack).first(where: { $0.isPresentationTransitioning }) {
            simulation.warn(self, "Warning: Attempt to dismiss from view controller \(busy.objectDescription) while a presentation or dismiss is in progress!")
            return
        }
        performDismissal(of: stack, from: presenter, animated: animated, completion: completion)
    }

    /// The (presenter, presented) pair a `dismiss` on this controller acts on: what it or
    /// its nearest ancestor presents (a context's presenter is a child: Q67); else its
    /// farthest ancestor, if that was presented. Apple: "the presenting view controller
    /// is responsible for dismissing the view controller it presented", a presented
    /// controller asks its presenter to dismiss it, and a child of a presented controller
    /// (a controller in a presented navigation stack) asks the same.
    func dismissalTarget() -> (ViewController, ViewController)? {
        var vc: ViewController? = self
        var root: ViewController = self
        while let c = vc {
            if let presented = c.presentedHere { return (c, presented) }
            root = c
            vc = c.parent
        }
        if let p = root.presentingViewController { return (p, root) }
        return nil
    }

    /// `presentingViewController` as UIKit answers it: the presenter of this controller
    /// or, for a child, of its nearest ancestor that was presented (Apple's page for the
    /// property).
    public var presentingViewControllerOfAncestor: ViewController? { firstUp { $0.presentingViewController } }

    /// This controller's answer, else its parent's, and so on up; bounded, as a script
    /// can build a tree of any depth.
    func firstUp<T>(_ answer: (ViewController) -> T?) -> T? {
        var vc: ViewController? = self
        var steps = 0
        while let c = vc, steps < 100_000 {
            if let a = answer(c) { return a }
            vc = c.parent
            steps += 1
        }
        return nil
    }

    /// `stack`: the controller `presenter` presented, then each one it presented in turn.
    /// A sheet's swipe (Q81) gives the `interaction` that drives it, and `willBegin`, told
    /// once the coordinator is in place and before anything disappears.
    func performDismissal(of stack: [ViewController], from presenter: ViewController, animated: Bool,
                          completion: (() -> Void)?, interaction swipe: PercentDrivenInteractiveTransition? = nil,
                          willBegin: (() -> Void)? = nil) {
        guard let top = stack.last else { return }
        let first = stack[0]
        // Q67: what a child presented over its context goes with them, as an intermediate.
        let stack = Array(stack.dropLast()) + Self.presentedInContexts(of: stack) + [top]
        let intermediates = stack.dropLast()
        // Q15b: the intermediate controllers on screen (under a sheet) disappear with the top.
        let leaving = intermediates.reversed().filter { $0.appearanceState == .appeared || $0.appearanceState == .appearing }
        presenter.isPresentationTransitioning = true
        let coversPresenter = first.presentationController.map { $0.shouldRemovePresentersView }
            ?? first.activeStyle.coversPresenter
        // Where the intermediate views were, for a cancelled interactive dismissal (Q15c).
        let places = intermediates.compactMap { vc in
            vc.viewIfLoaded.flatMap { v in v.superview.map { s in (v, s, s.subviews.firstIndex { $0 === v } ?? 0) } }
        }
        // The top-most controller starts to disappear. The intermediate ones leave at once,
        // under its animation: those on screen get their will-disappear (not animated), and
        // every view leaves the window (Q15b).
        let start = {
            top.beginAppearance(false, animated: animated)
            for vc in leaving { vc.beginAppearance(false, animated: false) }
            for vc in intermediates { vc.viewIfLoaded?.detach() }
            top.presentationController?.tell(.dismissalTransitionWillBegin)
        }
        // The closures hold the controllers until they run, as UIKit's blocks do: the
        // presenter's strong reference to the stack goes away inside.
        let finish: (Bool) -> Void = { completed in
            presenter.isPresentationTransitioning = false
            guard completed else {
                for vc in stack { vc.isBeingDismissed = false }
                // Q15c: cancelled, everything is as before the dismissal: the intermediate
                // views go back, those that were on screen appear again, nothing is
                // unlinked, and the completion is not called.
                for (v, s, i) in places { s.attach(v, at: i) }
                for vc in leaving.reversed() {
                    vc.beginAppearance(true, animated: false)
                    vc.endAppearance()
                }
                top.presentationController?.tell(.dismissalTransitionDidEnd(completed: false))
                return
            }
            for vc in leaving { vc.endAppearance() }     // Q15b: after the top-most's
            // Each controller of the stack is being dismissed through its did-disappear
            // (UIViewController.h, isBeingDismissed), the intermediate ones' included.
            for vc in stack { vc.isBeingDismissed = false }
            top.presentationController?.tell(.dismissalTransitionDidEnd(completed: true))
            for vc in stack {
                vc.viewIfLoaded?.detach()
                vc.presentationController?.release()
                if let below = vc.presentingViewController, below.presentedHere === vc { below.presentedHere = nil }
                vc.presentingViewController = nil
                vc.ownershipMayHaveChanged()
            }
            presenter.simulation.presentationTop = presenter
            completion?()
        }
        for vc in stack { vc.isBeingDismissed = true }
        let delegate = top.transitioningDelegate
        // The container is where the dismissed view is: a custom presentation's container
        // view, a context's superview (Q67), else the window.
        let context = top.activeStyle.isContext ? top.viewIfLoaded?.superview : nil
        let container = top.presentationController?.containerView ?? context ?? simulation.window
        // Q80: the presenter and every controller dismissed answer it from the start.
        let coordinator = TransitionCoordinator(simulation: simulation, from: top, to: presenter, container: container,
                                                style: top.activeStyle, animated: animated, presented: top,
                                                duration: Self.modalDuration, hidesPresenterView: !coversPresenter)
        coordinator.vend(to: [presenter] + stack)
        // Asked whatever the style, as for the presentation (Q15c); a swipe drives the
        // delegate's animator, else the sheet's own slide (Q81).
        if let animator = delegate?.animatorForDismissed(top) ?? swipe.map({ _ in SheetSlide() }) {
            let interaction = swipe ?? delegate?.interactionForDismissal(animator)
            let kind: TransitionContext.Kind = coversPresenter ? .uncoveringDismissal(animated: animated) : .dismissal(animated: animated)
            let ctx = TransitionContext(simulation: simulation, kind: kind, container: container,
                                        from: top, to: presenter, animator: animator,
                                        interactive: interaction != nil, completion: finish)
            coordinator.bind(ctx)
            willBegin?()        // the coordinator answers as the transition will run
            start()
            // The animator puts the presenting view back, as it puts the presented one in
            // for a presentation (`ctx:view("to")`); it hears viewIsAppearing as it
            // enters the window. One the animator left out, or left in a custom
            // container that goes, is put back as the transition completes (policy Q15).
            if coversPresenter {
                presenter.beginAppearance(true, animated: animated)
                // Held as `finish` holds them, until the transition completes.
                ctx.beforeEnds = {
                    guard let pv = presenter.viewIfLoaded, pv.window == nil || pv.superview is TransitionView else { return }
                    presenter.putBack(under: top)
                }
            }
            ctx.run(driven: interaction)
        } else {
            willBegin?()
            dismissModal(top, to: presenter, covers: coversPresenter, animated: animated, start: start) {
                finish(true)
                coordinator.end(cancelled: false)
            }
            coordinator.startAlongside()
        }
    }

    /// The controllers presented over a context inside `stack`'s controllers (a child's
    /// `overCurrentContext` presentation, Q67), and what each of them presented in turn:
    /// they leave with the stack. Bounded, as trees and stacks are as large as a script
    /// makes them.
    static func presentedInContexts(of stack: [ViewController]) -> [ViewController] {
        var found: [ViewController] = []
        var seen = Set(stack.map(ObjectIdentifier.init))
        var pending = stack
        var visited = 0
        while let vc = pending.popLast(), visited < 1_000_000 {
            visited += 1
            for child in vc.children {
                pending.append(child)
                var next = child.presentedHere
                while let p = next, visited < 1_000_000, seen.insert(ObjectIdentifier(p)).inserted {
                    found.append(p)
                    pending.append(p)
                    next = p.presentedHere
                    visited += 1
                }
            }
        }
        return found
    }

    /// A covered presenting side starts to appear and comes back into the window, under
    /// the dismissed view.
    private func uncover(_ presenter: ViewController, under top: ViewController, animated: Bool) {
        presenter.beginAppearance(true, animated: animated)
        presenter.putBack(under: top)
    }

    /// The presenting view back where it was covered, laid out, and its viewIsAppearing
    /// when it was out of the window; one an animator left in a custom container (in the
    /// window) is moved, and hears nothing (Q77).
    private func putBack(under top: ViewController) {
        guard let pv = viewIfLoaded else { return }
        let window = simulation.window
        // Q67: a covered context goes back under the presented view, at its frame.
        if top.activeStyle.isContext, let tv = top.viewIfLoaded, let s = tv.superview, s !== window,
           let i = s.subviews.firstIndex(where: { $0 === tv }) {
            pv.frame = tv.frame
            s.attach(pv, at: i)
            pv.layoutIfNeeded()
            deliverIsAppearing()
            return
        }
        // A presenter that is presented itself (a sheet under a full-screen controller)
        // comes back at its own frame, the root's view at the window's bounds.
        pv.frame = presentingViewController != nil
            ? presentationController?.frameOfPresentedViewInContainerView ?? modalFrame
            : window.bounds
        // The window's subview that holds the dismissed view: the view itself, or the
        // container view of a custom presentation.
        var holder = top.viewIfLoaded
        while let h = holder, let s = h.superview, s !== window { holder = s }
        if let h = holder, let i = window.subviews.firstIndex(where: { $0 === h }) {
            window.attach(pv, at: i)
        } else {
            window.attach(pv, at: 0)
        }
        pv.layoutIfNeeded()
        deliverIsAppearing()
    }

    /// The top-most view slides down out of the window in 0.35 s, or leaves on the next
    /// turn; a covered presenting side comes back under it.
    private func dismissModal(_ top: ViewController, to presenter: ViewController, covers coversPresenter: Bool,
                              animated: Bool, start: () -> Void, finish: @escaping () -> Void) {
        let window = simulation.window
        start()
        if coversPresenter { uncover(presenter, under: top, animated: animated) }
        if let mv = top.viewIfLoaded {
            // It leaves as it came (Q67): down out of its container, or fading out.
            let fades = top.presentedTransitionStyle == .crossDissolve
            let gone = mv.frame.offsetBy(y: (mv.superview ?? window).bounds.size.height)
            simulation.animator.animate(duration: animated ? Self.modalDuration : 0, curve: .easeInOut,
                                        animations: { if fades { mv.alpha = 0 } else { mv.frame = gone } })
        }
        // Q15: the presenting side's did-appear, then the dismissed one's did-disappear.
        let end = {
            if coversPresenter { presenter.endAppearance() }
            // The dismissed view leaves before its viewDidDisappear, as that means.
            top.viewIfLoaded?.detach()
            top.endAppearance()
            finish()
        }
        if animated { simulation.clock.schedule(after: Self.modalDuration, end) } else { simulation.clock.enqueue(end) }
    }
}
