/// present/dismiss (reference §2.11, S37–S39, W14–W18, policy Q15).
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    case fullScreen, pageSheet, overFullScreen, custom
}

/// A script's transitioningDelegate.
public protocol PresentationAnimators: AnyObject {
    func animatorForPresented(_ presented: ViewController, presenting: ViewController, source: ViewController) -> TransitionAnimator?
    func animatorForDismissed(_ dismissed: ViewController) -> TransitionAnimator?
}

extension ViewController {
    /// The controller that presents on this one's behalf: the farthest ancestor (H-VC).
    var presentationRoot: ViewController {
        var vc: ViewController = self
        while let p = vc.parent { vc = p }
        return vc
    }

    public func present(_ vc: ViewController, animated: Bool, completion: (() -> Void)?) throws {
        let presenter = presentationRoot
        if vc.parent != nil || vc.isRootOfWindow || vc.presentingViewController != nil || vc === presenter {
            throw ContainmentError.invalidArgument("Application tried to present modally an active controller \(vc.objectDescription).")
        }
        simulation.trace.record(.call, name, "present", [("_", .ref(vc)), ("animated", .bool(animated))])
        guard presenter.viewIfLoaded?.window?.isVisible == true else {
            simulation.warn(self, "Attempt to present \(vc.objectDescription) on \(presenter.objectDescription) whose view is not in the window hierarchy!")
            return
        }
        if presenter.isPresentationTransitioning {
            simulation.warn(self, "Attempt to present \(vc.objectDescription) on \(presenter.objectDescription) (from \(objectDescription)) while a presentation is in progress.")
            return
        }
        if let busy = presenter.presentedViewController {
            simulation.warn(self, "Attempt to present \(vc.objectDescription) on \(presenter.objectDescription) (from \(objectDescription)) which is already presenting \(busy.objectDescription).")
            return
        }
        if !presenter.isRootOfWindow && presenter.presentingViewController == nil {
            simulation.warn(self, "Presenting view controllers on detached view controllers is discouraged \(objectDescription).")
        }
        presenter.presentedViewController = vc
        vc.presentingViewController = presenter
        vc.ownershipMayHaveChanged()
        presenter.isPresentationTransitioning = true
        let style = vc.modalPresentationStyle
        // The presenting side disappears only for a full-screen presentation (D-fullScreen;
        // a sheet, over-full-screen or custom presentation leaves it on screen).
        let coversPresenter = style == .fullScreen
        let presentedView = vc.view
        let window = simulation.window
        let custom = style == .custom ? vc.transitioningDelegate?.animatorForPresented(vc, presenting: presenter, source: self) : nil
        // The closures hold both controllers until they run, as UIKit's blocks do.
        let finish: (Bool) -> Void = { _ in
            vc.isBeingPresented = false
            presenter.isPresentationTransitioning = false
            if coversPresenter { presenter.viewIfLoaded?.detach() }
            completion?()
        }
        vc.isBeingPresented = true
        if let custom {
            let ctx = TransitionContext(simulation: simulation, container: window, from: presenter, to: vc,
                                        interactive: false) { finish($0) }
            ctx.animator = custom
            ctx.isAnimated = animated
            ctx.onScreen = true
            ctx.keepsFromView = true
            ctx.managesFrom = false
            vc.beginAppearance(true, animated: animated)
            custom.animateTransition(ctx)
            return
        }
        if coversPresenter { presenter.beginAppearance(false, animated: animated) }
        vc.beginAppearance(true, animated: animated)
        let final = frame(for: style)
        presentedView.frame = animated ? final.offsetBy(y: window.bounds.size.height) : final
        window.attach(presentedView, at: window.subviews.count)
        presentedView.layoutIfNeeded()
        vc.deliverIsAppearing()
        simulation.animator.animate(duration: animated ? Self.modalDuration : 0, curve: .easeInOut,
                                    animations: { presentedView.frame = final })
        let end = {
            vc.endAppearance()
            if coversPresenter { presenter.endAppearance() }
            finish(true)
        }
        if animated { simulation.clock.schedule(after: Self.modalDuration, end) } else { simulation.clock.enqueue(end) }
    }

    static var modalDuration: Double { 0.35 }

    func frame(for style: ModalPresentationStyle) -> Rect {
        let b = simulation.window.bounds
        guard style == .pageSheet else { return b }
        let top = simulation.screen.safeAreaInsets.top + 10
        return Rect(x: 0, y: top, width: b.size.width, height: b.size.height - top)
    }

    /// Dismisses what this controller presented, or this controller if it was presented.
    /// Whatever the dismissed controller presented goes with it, innermost first and not
    /// animated, as the recursion UIKit's behaviour reads as would do it. The chain is
    /// walked in a loop: a script can make it thousands of controllers long.
    public func dismiss(animated: Bool, completion: (() -> Void)?) {
        var steps: [(presenter: ViewController, vc: ViewController)] = []
        var caller: ViewController = self
        // Outermost first: each level records its call and may refuse (busy), which
        // leaves the levels inside it alone.
        while let (presenter, vc) = caller.dismissalTarget() {
            simulation.trace.record(.call, caller.name, "dismiss", [("animated", .bool(steps.isEmpty ? animated : false))])
            if presenter.isPresentationTransitioning {
                simulation.warn(caller, "Warning: Attempt to dismiss from view controller \(presenter.objectDescription) while a presentation or dismiss is in progress!")
                break
            }
            steps.append((presenter, vc))
            guard vc.presentedViewController != nil else { break }
            caller = vc
        }
        for (i, step) in steps.enumerated().reversed() {
            performDismissal(of: step.vc, from: step.presenter, animated: i == 0 ? animated : false,
                             completion: i == 0 ? completion : nil)
        }
    }

    /// The (presenter, presented) pair a `dismiss` on this controller acts on.
    func dismissalTarget() -> (ViewController, ViewController)? {
        let root = presentationRoot
        if let presented = root.presentedViewController { return (root, presented) }
        if let p = presentingViewController { return (p, self) }
        return nil
    }

    func performDismissal(of vc: ViewController, from presenter: ViewController, animated: Bool,
                          completion: (() -> Void)?) {
        presenter.isPresentationTransitioning = true
        let style = vc.modalPresentationStyle
        let coversPresenter = style == .fullScreen
        let window = simulation.window
        // The closures hold both controllers until they run, as UIKit's blocks do: the
        // presenter's strong reference to `vc` goes away inside.
        let finish: () -> Void = {
            vc.viewIfLoaded?.detach()
            vc.isBeingDismissed = false
            presenter.isPresentationTransitioning = false
            if presenter.presentedViewController === vc { presenter.presentedViewController = nil }
            vc.presentingViewController = nil
            vc.ownershipMayHaveChanged()
            completion?()
        }
        vc.isBeingDismissed = true
        if style == .custom, let custom = vc.transitioningDelegate?.animatorForDismissed(vc) {
            let ctx = TransitionContext(simulation: simulation, container: window, from: vc, to: presenter,
                                        interactive: false) { _ in finish() }
            ctx.animator = custom
            ctx.isAnimated = animated
            ctx.onScreen = true
            ctx.managesTo = false
            vc.beginAppearance(false, animated: animated)
            custom.animateTransition(ctx)
            return
        }
        vc.beginAppearance(false, animated: animated)
        if coversPresenter, let pv = presenter.viewIfLoaded {
            presenter.beginAppearance(true, animated: animated)
            pv.frame = window.bounds
            if let mv = vc.viewIfLoaded, let i = window.subviews.firstIndex(where: { $0 === mv }) {
                window.attach(pv, at: i)
            } else {
                window.attach(pv, at: 0)
            }
            pv.layoutIfNeeded()
            presenter.deliverIsAppearing()
        }
        if let mv = vc.viewIfLoaded {
            let gone = mv.frame.offsetBy(y: window.bounds.size.height)
            simulation.animator.animate(duration: animated ? Self.modalDuration : 0, curve: .easeInOut,
                                        animations: { mv.frame = gone })
        }
        // Q15: the presenting side's did-appear, then the dismissed one's did-disappear.
        let end = {
            if coversPresenter { presenter.endAppearance() }
            vc.endAppearance()
            finish()
        }
        if animated { simulation.clock.schedule(after: Self.modalDuration, end) } else { simulation.clock.enqueue(end) }
    }
}

extension Rect {
    func offsetBy(y dy: Double) -> Rect { Rect(x: origin.x, y: origin.y + dy, width: size.width, height: size.height) }
}
