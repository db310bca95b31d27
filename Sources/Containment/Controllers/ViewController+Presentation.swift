/// present/dismiss (docs/containment.md, Presentation; S37–S39, W14–W18, policy Q15).
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    case fullScreen, pageSheet, overFullScreen, custom

    /// The presenting side disappears only under a full-screen presentation (Apple's
    /// documentation of .fullScreen; a sheet, over-full-screen or custom presentation
    /// leaves it on screen), and reappears only when that one is dismissed.
    var coversPresenter: Bool { self == .fullScreen }
}

/// A script's transitioningDelegate. UIKit asks it for animators whatever the style,
/// and for a presentation controller under `.custom` only.
public protocol PresentationAnimators: AnyObject {
    func animatorForPresented(_ presented: ViewController, presenting: ViewController, source: ViewController) -> TransitionAnimator?
    func animatorForDismissed(_ dismissed: ViewController) -> TransitionAnimator?
    func interactionForPresentation(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition?
    func interactionForDismissal(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition?
    func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                source: ViewController) -> PresentationController?
}

extension PresentationAnimators {
    public func interactionForPresentation(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? { nil }
    public func interactionForDismissal(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? { nil }
    public func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                       source: ViewController) -> PresentationController? { nil }
}

extension ViewController {
    /// Whether this controller, or one of the presented controllers that present it, is
    /// being dismissed (a walk up the presenting chain, bounded by it).
    var isLeavingByDismissal: Bool {
        var vc: ViewController? = self
        var steps = 0
        while let c = vc, steps < 10_000 {
            if c.isBeingDismissed { return true }
            vc = c.presentingViewController
            steps += 1
        }
        return false
    }

    /// The controller that presents on this one's behalf: the farthest ancestor
    /// (UIViewController.h).
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
        // Q5b: presenting a controller that holds the presenter would make a cycle.
        if vc.holds(presenter) {
            throw ContainmentError.invalidArgument(Messages.mutualHold(vc, presenter, "present", "from"))
        }
        simulation.trace.record(.call, self, "present", [("_", .ref(vc)), ("animated", .bool(animated))])
        // W15: also a presenter on its way out (being dismissed, it or a controller that
        // presents it): its view is leaving the window, and UIKit shows nothing.
        guard presenter.viewIfLoaded?.window?.isVisible == true, !presenter.isLeavingByDismissal else {
            simulation.warn(self, "Attempt to present \(vc.objectDescription) on \(presenter.objectDescription) whose view is not in the window hierarchy!", lint: .presentFromDetached)
            return
        }
        if presenter.isPresentationTransitioning {
            simulation.warn(self, "Attempt to present \(vc.objectDescription) on \(presenter.objectDescription) (from \(objectDescription)) while a presentation is in progress.")
            return
        }
        if let busy = presenter.presentedHere {
            simulation.warn(self, "Attempt to present \(vc.objectDescription) on \(presenter.objectDescription) (from \(objectDescription)) which is already presenting \(busy.objectDescription).")
            return
        }
        if !presenter.isRootOfWindow && presenter.presentingViewController == nil {
            simulation.warn(self, "Presenting view controllers on detached view controllers is discouraged \(objectDescription).", lint: .presentFromDetached)
        }
        presenter.presentedHere = vc
        vc.presentingViewController = presenter
        vc.ownershipMayHaveChanged()
        presenter.isPresentationTransitioning = true
        let style = vc.modalPresentationStyle
        let presentedView = vc.view
        let delegate = vc.transitioningDelegate
        // UIKit asks for the presentation controller first, under .custom only, and
        // makes a plain one when the delegate gives none.
        var pc: PresentationController?
        if style == .custom {
            let made = delegate?.presentationController(forPresented: vc, presenting: presenter, source: self)
            let chosen = made.flatMap { $0.isOwned ? nil : $0 }
                ?? PresentationController(simulation: simulation)
            chosen.adopt(presented: vc, presenting: presenter)
            pc = chosen
        }
        let coversPresenter = pc.map { $0.shouldRemovePresentersView } ?? style.coversPresenter
        // The delegate's animator is used whatever the style (Q15c): UIKit asks the
        // transitioning delegate for every presentation.
        let animator = delegate?.animatorForPresented(vc, presenting: presenter, source: self)
        let interaction = animator.flatMap { delegate?.interactionForPresentation($0) }
        // The closures hold both controllers until they run, as UIKit's blocks do.
        let finish: (Bool) -> Void = { completed in
            vc.isBeingPresented = false
            presenter.isPresentationTransitioning = false
            pc?.tell(.presentationTransitionDidEnd(completed: completed))
            guard completed else {
                // Q15c: a cancelled presentation leaves nothing presented, and its
                // completion is not called (UIKit calls it after viewDidAppear).
                vc.viewIfLoaded?.detach()
                pc?.release()
                if presenter.presentedHere === vc { presenter.presentedHere = nil }
                vc.presentingViewController = nil
                vc.ownershipMayHaveChanged()
                return
            }
            if coversPresenter { presenter.viewIfLoaded?.detach() }
            completion?()
        }
        vc.isBeingPresented = true
        if let animator {
            let kind: TransitionContext.Kind = coversPresenter ? .coveringPresentation(animated: animated) : .presentation(animated: animated)
            let ctx = TransitionContext(simulation: simulation, kind: kind, container: pc?.containerView ?? simulation.window,
                                        from: presenter, to: vc, animator: animator,
                                        interactive: interaction != nil, completion: finish)
            if coversPresenter { presenter.beginAppearance(false, animated: animated) }
            vc.beginAppearance(true, animated: animated)
            pc?.tell(.presentationTransitionWillBegin)
            run(animator, ctx, driven: interaction)
        } else {
            pc?.tell(.presentationTransitionWillBegin)
            presentModal(vc, view: presentedView, by: presenter, style: style, covers: coversPresenter,
                         animated: animated, finish: finish)
        }
    }

    /// Starts a presentation's or dismissal's animator, its animations held for the
    /// interaction controller when there is one.
    func run(_ animator: TransitionAnimator, _ ctx: TransitionContext, driven interaction: PercentDrivenInteractiveTransition?) {
        if let interaction {
            interaction.attach(ctx)
            simulation.animator.capture(for: interaction) { animator.animateTransition(ctx) }
        } else {
            animator.animateTransition(ctx)
        }
    }

    /// `presentedView` (the view as `present` loaded it) slides up from below the window
    /// to the style's frame in 0.35 s, or lands there on the next turn; a full-screen
    /// presentation's presenting side disappears under it (S37).
    private func presentModal(_ vc: ViewController, view presentedView: View, by presenter: ViewController,
                              style: ModalPresentationStyle, covers coversPresenter: Bool, animated: Bool,
                              finish: @escaping (Bool) -> Void) {
        let window = simulation.window
        if coversPresenter { presenter.beginAppearance(false, animated: animated) }
        vc.beginAppearance(true, animated: animated)
        let pc = vc.presentationController
        let final = pc?.frameOfPresentedViewInContainerView ?? frame(for: style)
        // Laid out at its final frame (its safe area is the one it lands with, Q16),
        // then moved below the window to slide up.
        presentedView.frame = final
        let container = pc?.containerView ?? window
        container.attach(presentedView, at: container.subviews.count)
        presentedView.layoutIfNeeded()
        if animated { presentedView.frame = final.offsetBy(y: window.bounds.size.height) }
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
        presentedFrame(style, in: simulation.window.bounds, traits: simulation.traitCollection)
    }

    /// Where a presented view of `style` goes in a window of `bounds`: a page sheet
    /// starts 10 below the window's top safe-area inset, and fills the window in a
    /// compact height, as an iPhone's sheets do in landscape (policy Q17).
    func presentedFrame(_ style: ModalPresentationStyle, in bounds: Rect, traits: TraitCollection) -> Rect {
        guard style == .pageSheet, traits.verticalSizeClass != "compact" else { return bounds }
        let top = simulation.screen.safeAreaInsets.top + 10
        return Rect(x: 0, y: top, width: bounds.size.width, height: bounds.size.height - top)
    }

    /// This presented controller's frame in a window of `bounds` (Q17); a custom
    /// presentation is told the window's size, its view resizes by autoresizing.
    func modalFrame(in bounds: Rect, traits: TraitCollection) -> Rect {
        if modalPresentationStyle == .custom { return bounds }
        return presentedFrame(modalPresentationStyle, in: bounds, traits: traits)
    }

    /// A size transition resizes a presented view (Q17), unless it is sliding in or out.
    func resizePresentedView() {
        guard modalPresentationStyle != .custom, !isBeingPresented, !isBeingDismissed, let v = viewIfLoaded else { return }
        v.frame = frame(for: modalPresentationStyle)
    }
}

extension Rect {
    func offsetBy(y dy: Double) -> Rect { Rect(x: origin.x, y: origin.y + dy, width: size.width, height: size.height) }
}
