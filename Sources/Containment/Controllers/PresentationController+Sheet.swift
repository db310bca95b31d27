/// The presentation controllers UIKit makes itself, and a page sheet's swipe down
/// (policy Q81 in docs/policies.md).
///
/// UIKit gives every presented controller a presentation controller, and makes it when
/// `presentationController` is first read, before `present` if need be: Apple's sample
/// for disabling a sheet's pull-down sets `presentationController?.delegate` in
/// `viewDidLoad`. Its `delegate` (UIAdaptivePresentationControllerDelegate) hears of
/// the user's attempts to dismiss a sheet; nothing calls it for a programmatic dismissal.
public protocol AdaptivePresentationDelegate: AnyObject {
    /// nil: the delegate does not implement it (a sheet may be dismissed).
    func shouldDismiss(_ pc: PresentationController) -> Bool?
    func willDismiss(_ pc: PresentationController)
    func didDismiss(_ pc: PresentationController)
    func didAttemptToDismiss(_ pc: PresentationController)
}

extension ViewController {
    /// What `presentationController` answers: "the nearest presentation controller that
    /// is managing the current view controller" (Apple), so a child answers its presented
    /// ancestor's, or, with none, its farthest ancestor's, the one that would be presented
    /// (Q81). That controller's is a custom presentation's own, else the one UIKit makes
    /// for its style, made now if need be; before a `.custom` presentation there is none
    /// (the transitioning delegate makes it at `present`).
    public var presentationControllerForReading: PresentationController? {
        let managed = managingController
        if let custom = managed.presentationController { return custom }
        let style = managed.styleForPresentationController
        return style == .custom ? nil : managed.systemPresentationController(for: style)
    }

    /// `sheetPresentationController`: the same, when it is a page sheet's; nil, and none
    /// made, for another style.
    public var sheetPresentationControllerForReading: SheetPresentationController? {
        let managed = managingController
        guard managed.presentationController == nil, managed.styleForPresentationController == .pageSheet else { return nil }
        return presentationControllerForReading as? SheetPresentationController
    }

    /// The controller whose presentation manages this one: itself or its nearest ancestor
    /// that is presented, else its farthest ancestor. Bounded, as a tree may be deep.
    private var managingController: ViewController {
        var vc = self
        var steps = 0
        while vc.presentingViewController == nil, let p = vc.parent, steps < 100_000 { vc = p; steps += 1 }
        return vc
    }

    private var styleForPresentationController: ModalPresentationStyle {
        presentingViewController != nil ? activeStyle : modalPresentationStyle.resolved
    }

    /// The presentation controller UIKit makes for `style`: the one made before, while
    /// its style is still the one asked for; a sheet's is a SheetPresentationController.
    func systemPresentationController(for style: ModalPresentationStyle) -> PresentationController {
        let old = systemPresentationControllerIfMade
        if let old, old.systemStyle == style { return old }
        let made = style == .pageSheet
            ? SheetPresentationController(simulation: simulation, presented: self)
            : PresentationController(simulation: simulation, className: "PresentationController", system: style, presented: self)
        if presentingViewController != nil { made.presentingViewController = presentingViewController }
        systemPresentationControllerIfMade = made
        old?.ownershipMayHaveChanged()
        made.ownershipMayHaveChanged()
        return made
    }

    /// `isModalInPresentation` on this controller or on a child, at any depth (Apple's
    /// sample sets it on a navigation controller's root, not on the navigation controller
    /// presented; Q81). Bounded: a tree can be as deep as a script makes it.
    var isModalInPresentationInTree: Bool {
        var pending: [ViewController] = [self]
        var seen = 0
        while let vc = pending.popLast(), seen < 1_000_000 {
            if vc.isModalInPresentation { return true }
            pending.append(contentsOf: vc.children)
            seen += 1
        }
        return false
    }
}

/// UISheetPresentationController, as UIKit makes it for a page sheet: a type of its own
/// so that its members Nestbox does not model (`detents`, `prefersGrabberVisible`) are
/// refused by name rather than kept as a script's fields.
public final class SheetPresentationController: PresentationController {
    init(simulation: Simulation, presented: ViewController) {
        super.init(simulation: simulation, className: "SheetPresentationController", system: .pageSheet, presented: presented)
    }
}

extension PresentationController {
    /// A page sheet's pan (UIKit's is on the sheet's shadow view, which Nestbox does not
    /// model, so it is in no view's `gestureRecognizers`). Made on first use.
    var sheetPan: GestureRecognizer {
        if let made = sheetPanIfMade { return made }
        let pan = PanGestureRecognizer(simulation: simulation, name: "\(name).dismissPan")
        pan.onAction = { [weak self] g in self?.sheetSwipe(g) }
        sheetPanIfMade = pan
        return pan
    }

    /// Q81: asked as the pull begins. A modal controller is not asked about
    /// (`presentationControllerShouldDismiss` is not called then, UIPresentationController.h).
    private func mayDismiss(_ vc: ViewController) -> Bool {
        if vc.isModalInPresentationInTree { return false }
        guard let delegate else { return true }
        let ok = delegate.shouldDismiss(self) ?? true
        simulation.trace.record(.delegate, self, "shouldDismiss", [], result: .bool(ok))
        return ok
    }

    /// One of the delegate's notifications, traced as the tab bar controller's are: only
    /// when there is a delegate to tell.
    private func tell(_ name: String, _ call: (AdaptivePresentationDelegate) -> Void) {
        guard let delegate else { return }
        simulation.trace.record(.delegate, self, name)
        call(delegate)
    }

    /// The swipe: a refused one tells the delegate at once and moves nothing; an allowed
    /// one is an interactive dismissal the finger drives, the sheet under it point for
    /// point, finished past half its way down or by a flick down faster than 1,000 points a
    /// second, as the edge swipe's pop is (Q11), and cancelled otherwise.
    func sheetSwipe(_ g: GestureRecognizer) {
        switch g.state {
        case .began:
            guard let vc = presentedViewController, let presenter = vc.presentingViewController,
                  !presenter.isPresentationTransitioning, vc.presentedHere == nil else { return }
            guard mayDismiss(vc) else { return tell("didAttemptToDismiss") { $0.didAttemptToDismiss(self) } }
            // The delegate's answer may have dismissed, presented or started a
            // transition itself: the swipe then moves nothing.
            guard vc.presentingViewController === presenter, presenter.presentedHere === vc, vc.presentedHere == nil,
                  !presenter.isPresentationTransitioning, !vc.isBeingDismissed else { return }
            let interaction = PercentDrivenInteractiveTransition(simulation: simulation, name: "\(name).interactiveDismissal")
            sheetInteraction = interaction
            sheetTravel = SheetSlide.travel(of: vc)
            simulation.trace.record(.call, vc, "dismiss", [("animated", .bool(true)), ("interactive", .bool(true))])
            vc.performDismissal(of: [vc], from: presenter, animated: true, completion: { [weak self] in
                guard let self else { return }
                self.tell("didDismiss") { $0.didDismiss(self) }
            }, interaction: interaction, willBegin: { [weak self] in
                // "Before interaction or animations begin", with the coordinator in place.
                guard let self else { return }
                self.tell("willDismiss") { $0.willDismiss(self) }
            })
            interaction.update(g.translation.y / sheetTravel)
        case .changed:
            guard let interaction = sheetInteraction else { return }
            interaction.update(g.translation.y / sheetTravel)
        case .ended, .cancelled:
            guard let interaction = sheetInteraction else { return }
            sheetInteraction = nil
            if g.state == .ended && (interaction.percentComplete > 0.5 || g.velocity.y > 1000) {
                interaction.finish()
            } else {
                interaction.cancel()
            }
        default:
            break
        }
    }
}

extension Simulation {
    /// The frontmost of the window's views that is a page sheet's: its dimming view
    /// covers what is under it, so a touch there reaches nothing (UIKit's sheet at its full
    /// height; Q81). Views a script put in the window above it stay reachable.
    var topSheetView: View? { window.subviews.last { pageSheet(of: $0) != nil } }

    /// The controller presented as a page sheet (UIKit's, not a custom presentation)
    /// whose view `v` is.
    func pageSheet(of v: View) -> ViewController? {
        guard let vc = v.owningViewController, vc.presentingViewController != nil,
              vc.activeStyle == .pageSheet, vc.presentationController == nil else { return nil }
        return vc
    }

    /// Why a touch at `point` reaches nothing, when a page sheet's dimming view takes it.
    func sheetCover(at point: Point) -> String? {
        guard let sheet = topSheetView, !sheet.frame.contains(point), let vc = sheet.owningViewController else { return nil }
        return "outside the page sheet of \(vc.objectDescription), whose dimming view takes it (Q81)"
    }

    /// The pan of the top-most page sheet holding `hit`, for a drag mostly downward that
    /// no view under the finger took (Q81); with the reason when the sheet refuses.
    func sheetPan(at hit: View, from: Point, to: Point) -> (GestureRecognizer?, String?) {
        var holder = hit
        while let s = holder.superview, s !== window { holder = s }
        guard holder.superview === window, let vc = pageSheet(of: holder) else { return (nil, nil) }
        guard to.y - from.y > abs(to.x - from.x) else { return (nil, "the drag does not go down") }
        if let above = vc.presentedHere { return (nil, "\(vc.objectDescription) presents \(above.objectDescription)") }
        guard !vc.isBeingPresented, !vc.isBeingDismissed else {
            return (nil, "\(vc.objectDescription) is being \(vc.isBeingPresented ? "presented" : "dismissed")")
        }
        return (vc.systemPresentationController(for: .pageSheet).sheetPan, nil)
    }
}

/// The sheet's own slide down for a swipe's dismissal (Q81): 0.35 s, until its top
/// leaves the window, and linear, so that the sheet stays under the finger that drives
/// it. A cancel brings it back up.
final class SheetSlide: TransitionAnimator {
    func transitionDuration(_ context: TransitionContext) -> Double { ViewController.modalDuration }

    /// How far the sheet of `vc` goes down: from its top to the bottom of its container.
    static func travel(of vc: ViewController) -> Double {
        guard let v = vc.viewIfLoaded else { return 1 }
        return max(1, (v.superview?.bounds.size.height ?? v.simulation.window.bounds.size.height) - v.frame.origin.y)
    }

    func animateTransition(_ ctx: TransitionContext) {
        guard let sheet = ctx.view("from") else { ctx.completeTransition(!ctx.transitionWasCancelled); return }
        let frame = sheet.frame
        let gone = frame.offsetBy(y: Self.travel(of: ctx.fromViewController))
        ctx.simulation.animator.animate(duration: ViewController.modalDuration, curve: .linear, animations: {
            sheet.frame = gone
        }, completion: { _ in
            // Back where its style puts it now: the window may have turned meanwhile (Q17).
            if ctx.transitionWasCancelled { sheet.frame = ctx.fromViewController.modalFrame }
            ctx.completeTransition(!ctx.transitionWasCancelled)
        })
    }

    func animationEnded(_ context: TransitionContext, completed: Bool) {}
}
