/// present/dismiss (docs/containment.md, Presentation; S37–S39, W14–W18, policy Q15).
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    case automatic, fullScreen, pageSheet, overFullScreen, currentContext, overCurrentContext, custom

    /// UIModalPresentationStyle's cases Nestbox refuses: `formSheet` and `popover` adapt
    /// by size class and device, and `none` only answers an adaptive presentation's delegate.
    public static var unmodelled: [String] { ["formSheet", "popover", "none"] }

    /// The style a presentation uses: `.automatic`, UIKit's default since iOS 13, is a page
    /// sheet for a plain controller (Apple's documentation of `.automatic`; Q67).
    var resolved: ModalPresentationStyle { self == .automatic ? .pageSheet : self }

    /// The presenting side disappears only under a full-screen or current-context
    /// presentation (Apple's documentation of .fullScreen and .currentContext; a sheet,
    /// an "over" style or a custom presentation leaves it on screen), and reappears only
    /// when that one is dismissed.
    var coversPresenter: Bool { self == .fullScreen || self == .currentContext }

    /// Presented over the controller that defines the presentation context (Q67).
    var isContext: Bool { self == .currentContext || self == .overCurrentContext }

    /// Its presented view fills the window: the controller decides the interface's
    /// orientations while presented (Q82).
    var fillsWindow: Bool { self == .fullScreen || self == .overFullScreen }
}

/// UIModalTransitionStyle, the two Nestbox models: the presented view slides up from
/// the bottom, or fades in (Q67). UIKit's flipHorizontal and partialCurl are refused.
public enum ModalTransitionStyle: String, CaseIterable, Sendable {
    case coverVertical, crossDissolve
    public static var unmodelled: [String] { ["flipHorizontal", "partialCurl"] }
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
        guard simulation.controllersBeingDismissed > 0 else { return false }
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
        let presenter = vc.modalPresentationStyle.resolved.isContext ? contextPresenter : presentationRoot
        try refuseActive(vc, presenter)
        simulation.trace.record(.call, self, "present", [("_", .ref(vc)), ("animated", .bool(animated))])
        guard presentationCanStart(vc, on: presenter) else { return }
        // Q82: one that will fill the window is shown in an orientation it supports; the
        // interface turns first, and its answers and the turn's callbacks may have changed
        // what is shown.
        // Checked again whether it turned or not: the answers ran the script too.
        _ = try simulation.turnBeforePresenting(vc)
        try refuseActive(vc, presenter)
        guard presentationCanStart(vc, on: presenter) else { return }
        // A context's presenter is a child: detached is where its farthest ancestor is.
        let top = presenter.presentationRoot
        if !top.isRootOfWindow && top.presentingViewController == nil {
            simulation.warn(self, "Presenting view controllers on detached view controllers is discouraged \(objectDescription).", lint: .presentFromDetached)
        }
        presenter.presentedHere = vc
        simulation.presentationTop = vc
        vc.presentedStyle = vc.modalPresentationStyle.resolved
        vc.presentingViewController = presenter
        vc.ownershipMayHaveChanged()
        presenter.isPresentationTransitioning = true
        let style = vc.modalPresentationStyle.resolved
        vc.presentedTransitionStyle = style.isContext && presenter.providesPresentationContextTransitionStyle
            ? presenter.modalTransitionStyle : vc.modalTransitionStyle
        vc.contextPlace = style.isContext ? presenter.contextPlace(forPresenting: true) : nil
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
        } else if let made = vc.systemPresentationControllerIfMade {
            // Q81: the one read before, or a new one for a style changed since.
            if made.systemStyle == style { made.presentingViewController = presenter } else { _ = vc.systemPresentationController(for: style) }
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
                if presenter.simulation.presentationTop === vc { presenter.simulation.presentationTop = presenter }
                vc.presentingViewController = nil
                vc.ownershipMayHaveChanged()
                return
            }
            if coversPresenter { presenter.viewIfLoaded?.detach() }
            completion?()
        }
        vc.isBeingPresented = true
        let container = pc?.containerView ?? vc.contextPlace?.superview ?? simulation.window
        // Q80: both sides answer `transitionCoordinator` from before their first callback
        // (and the presentation controller's `presentationTransitionWillBegin`).
        let coordinator = TransitionCoordinator(simulation: simulation, from: presenter, to: vc, container: container,
                                                style: style, animated: animated, presented: vc,
                                                duration: Self.modalDuration, hidesPresenterView: !coversPresenter)
        coordinator.vend(to: [presenter, vc])
        if let animator {
            let kind: TransitionContext.Kind = coversPresenter ? .coveringPresentation(animated: animated) : .presentation(animated: animated)
            let ctx = TransitionContext(simulation: simulation, kind: kind, container: container,
                                        from: presenter, to: vc, animator: animator,
                                        interactive: interaction != nil, completion: finish)
            coordinator.bind(ctx)
            begin(vc, by: presenter, covers: coversPresenter, animated: animated)
            ctx.run(driven: interaction)
        } else {
            presentModal(vc, view: presentedView, by: presenter, style: style, covers: coversPresenter,
                         animated: animated, coordinator: coordinator, finish: finish)
        }
    }

    /// UIKit's exceptions for a controller that cannot be presented at all.
    private func refuseActive(_ vc: ViewController, _ presenter: ViewController) throws {
        if vc.parent != nil || vc.isRootOfWindow || vc.presentingViewController != nil || vc === presenter {
            throw ContainmentError.invalidArgument("Application tried to present modally an active controller \(vc.objectDescription).")
        }
        // Q5b: presenting a controller that holds the presenter would make a cycle.
        if vc.holds(presenter) {
            throw ContainmentError.invalidArgument(Messages.mutualHold(vc, presenter, "present", "from"))
        }
    }

    /// UIKit's warnings for a presentation that does nothing (W15, W16); false after one.
    private func presentationCanStart(_ vc: ViewController, on presenter: ViewController) -> Bool {
        // W15: also a presenter on its way out (being dismissed, it or a controller that
        // presents it): its view is leaving the window, and UIKit shows nothing.
        guard presenter.viewIfLoaded?.window?.isVisible == true, !presenter.isLeavingByDismissal else {
            simulation.warn(self, "Attempt to present \(vc.objectDescription) on \(presenter.objectDescription) whose view is not in the window hierarchy!", lint: .presentFromDetached)
            return false
        }
        if presenter.isPresentationTransitioning {
            simulation.warn(self, "Attempt to present \(vc.objectDescription) on \(presenter.objectDescription) (from \(objectDescription)) while a presentation is in progress.")
            return false
        }
        if let busy = presenter.presentedHere {
            simulation.warn(self, "Attempt to present \(vc.objectDescription) on \(presenter.objectDescription) (from \(objectDescription)) which is already presenting \(busy.objectDescription).")
            return false
        }
        return true
    }

    /// The will-callbacks, then the presentation controller's
    /// `presentationTransitionWillBegin`: one order whether the transitioning delegate
    /// gives an animator or Nestbox animates (UIKit runs both through one machinery).
    private func begin(_ vc: ViewController, by presenter: ViewController, covers coversPresenter: Bool, animated: Bool) {
        if coversPresenter { presenter.beginAppearance(false, animated: animated) }
        vc.beginAppearance(true, animated: animated)
        vc.presentationController?.tell(.presentationTransitionWillBegin)
    }

    /// `presentedView` (the view as `present` loaded it) slides up from below the window
    /// to the style's frame in 0.35 s, or lands there on the next turn; a full-screen
    /// presentation's presenting side disappears under it (S37).
    private func presentModal(_ vc: ViewController, view presentedView: View, by presenter: ViewController,
                              style: ModalPresentationStyle, covers coversPresenter: Bool, animated: Bool,
                              coordinator: TransitionCoordinator, finish: @escaping (Bool) -> Void) {
        begin(vc, by: presenter, covers: coversPresenter, animated: animated)
        let pc = vc.presentationController
        let final = pc?.frameOfPresentedViewInContainerView ?? vc.modalFrame
        // Laid out at its final frame (its safe area is the one it lands with, Q16),
        // then moved below its container to slide up, or made clear to fade in (Q67).
        presentedView.frame = final
        let (container, index) = pc?.containerView.map { ($0, $0.subviews.count) }
            ?? vc.contextPlace.flatMap { p in p.superview.map { ($0, p.index) } }
            ?? (simulation.window, simulation.window.subviews.count)
        container.attach(presentedView, at: min(index, container.subviews.count))
        if style.isContext { presentedView.autoresizingMask = [.flexibleWidth, .flexibleHeight] }
        presentedView.layoutIfNeeded()
        let fades = vc.presentedTransitionStyle == .crossDissolve
        let alpha = presentedView.alpha
        if animated { if fades { presentedView.alpha = 0 } else { presentedView.frame = final.offsetBy(y: container.bounds.size.height) } }
        vc.deliverIsAppearing()
        simulation.animator.animate(duration: animated ? Self.modalDuration : 0, curve: .easeInOut,
                                    animations: { if fades { presentedView.alpha = alpha } else { presentedView.frame = final } })
        coordinator.startAlongside()
        let end = {
            vc.endAppearance()
            // The presenting views leave as the presentation completes (Apple's
            // .fullScreen), before their viewDidDisappear: "its view was removed".
            if coversPresenter { presenter.viewIfLoaded?.detach(); presenter.endAppearance() }
            finish(true)
            coordinator.end(cancelled: false)
            // Q17: a size transition during the slide left the view where the old size
            // put it; landed, it takes its style's frame for the window it is in now.
            if pc == nil, vc.presentingViewController != nil { vc.resizePresentedView() }
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
    /// presentation is told the window's size, its view resizes by autoresizing, as
    /// does a context presentation's with its context (Q67).
    func modalFrame(in bounds: Rect, traits: TraitCollection) -> Rect {
        let style = activeStyle
        if style == .custom { return bounds }
        if style.isContext { return contextPlace?.superview === simulation.window ? bounds : modalFrame }
        return presentedFrame(style, in: bounds, traits: traits)
    }

    /// Where this controller's view goes when presented now: over its context's view
    /// (Q67), or where its style puts it in the window.
    var modalFrame: Rect {
        if activeStyle.isContext, let p = contextPlace { return p.frame }
        return frame(for: activeStyle)
    }

    /// A size transition resizes a presented view (Q17), unless it is sliding in or out.
    func resizePresentedView() {
        let style = activeStyle
        guard style != .custom, !style.isContext, !isBeingPresented, !isBeingDismissed, let v = viewIfLoaded else { return }
        v.frame = frame(for: style)
    }
}

extension Rect {
    func offsetBy(y dy: Double) -> Rect { Rect(x: origin.x, y: origin.y + dy, width: size.width, height: size.height) }
}
