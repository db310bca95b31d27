/// present/dismiss (docs/containment.md, Presentation; S37–S39, W14–W18, policy Q15).
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    case fullScreen, pageSheet, overFullScreen, custom

    /// The presenting side disappears only under a full-screen presentation (Apple's
    /// documentation of .fullScreen; a sheet, over-full-screen or custom presentation
    /// leaves it on screen), and reappears only when that one is dismissed.
    var coversPresenter: Bool { self == .fullScreen }
}

/// A script's transitioningDelegate.
public protocol PresentationAnimators: AnyObject {
    func animatorForPresented(_ presented: ViewController, presenting: ViewController, source: ViewController) -> TransitionAnimator?
    func animatorForDismissed(_ dismissed: ViewController) -> TransitionAnimator?
}

extension ViewController {
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
        let coversPresenter = style.coversPresenter
        let presentedView = vc.view
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
            presentCustom(vc, by: presenter, animator: custom, animated: animated, finish: finish)
        } else {
            presentModal(vc, view: presentedView, by: presenter, style: style, animated: animated, finish: finish)
        }
    }

    /// The transitioning delegate's animator puts the view in place; the presenting side
    /// stays on screen, with its view and no callbacks (TransitionContext.Kind.presentation).
    private func presentCustom(_ vc: ViewController, by presenter: ViewController, animator: TransitionAnimator,
                               animated: Bool, finish: @escaping (Bool) -> Void) {
        let ctx = TransitionContext(simulation: simulation, kind: .presentation(animated: animated),
                                    container: simulation.window, from: presenter, to: vc, animator: animator,
                                    interactive: false, completion: finish)
        vc.beginAppearance(true, animated: animated)
        animator.animateTransition(ctx)
    }

    /// `presentedView` (the view as `present` loaded it) slides up from below the window
    /// to the style's frame in 0.35 s, or lands there on the next turn; a full-screen
    /// presentation's presenting side disappears under it (S37).
    private func presentModal(_ vc: ViewController, view presentedView: View, by presenter: ViewController,
                              style: ModalPresentationStyle, animated: Bool, finish: @escaping (Bool) -> Void) {
        let window = simulation.window
        let coversPresenter = style.coversPresenter
        if coversPresenter { presenter.beginAppearance(false, animated: animated) }
        vc.beginAppearance(true, animated: animated)
        let final = frame(for: style)
        // Laid out at its final frame (its safe area is the one it lands with, Q16),
        // then moved below the window to slide up.
        presentedView.frame = final
        window.attach(presentedView, at: window.subviews.count)
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
