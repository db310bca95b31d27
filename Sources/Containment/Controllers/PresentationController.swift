/// UIPresentationController for `.custom` presentations (docs/containment.md,
/// Presentation): it owns the container view (UIKit's UITransitionView) that holds the
/// presented view, says where that view goes, and whether the presenting side's views
/// leave the window. The presented controller holds it strongly from `present` until
/// its dismissal completes, as UIKit's does; its links back are weak, since a script can
/// keep it after both controllers are collected.
open class PresentationController: SimObject {
    public internal(set) weak var presentedViewController: ViewController?
    public internal(set) weak var presentingViewController: ViewController?
    /// Made when the presentation starts; it leaves the window with the dismissal.
    public internal(set) var containerView: View?
    /// A script's overrides (the Lua binding's bridge).
    public var overrides: PresentationControllerOverrides?
    /// UIAdaptivePresentationControllerDelegate: told of a user's attempts to dismiss (Q81).
    public var delegate: AdaptivePresentationDelegate?
    /// The style UIKit made this one for; nil for a custom presentation's (Q81).
    public let systemStyle: ModalPresentationStyle?
    var sheetPanIfMade: GestureRecognizer?
    /// The swipe's interactive dismissal while the finger drives it, and how far down
    /// the sheet goes (its progress is the finger's travel over it).
    var sheetInteraction: PercentDrivenInteractiveTransition?
    var sheetTravel = 1.0

    public override init(simulation: Simulation, className: String = "PresentationController", name: String? = nil) {
        systemStyle = nil
        super.init(simulation: simulation, className: className, name: name)
    }

    /// One UIKit makes for `presented` (Q81): linked to it from the start, as UIKit's
    /// initializer takes the presented controller.
    init(simulation: Simulation, className: String, system style: ModalPresentationStyle, presented: ViewController) {
        systemStyle = style
        super.init(simulation: simulation, className: className, name: nil)
        presentedViewController = presented
    }

    /// Anchored while it presents: a custom one as its presented controller holds it, one
    /// UIKit made while its controller is presented. Otherwise the Lua binding hangs one
    /// UIKit made from its controller's userdata (Q81), so that a delegate closing over
    /// the controller is a cycle the collector takes, not one an anchor keeps forever.
    open override var isOwned: Bool {
        guard let vc = presentedViewController else { return false }
        return vc.presentationController === self
            || (vc.systemPresentationControllerIfMade === self && vc.presentingViewController != nil)
    }

    /// UIKit's `presentationStyle`: the style presented with.
    public var presentationStyle: ModalPresentationStyle { systemStyle ?? .custom }

    /// UIKit's default: the whole container view.
    public var defaultFrameOfPresentedView: Rect { containerView?.bounds ?? simulation.window.bounds }

    public var frameOfPresentedViewInContainerView: Rect {
        overrides?.frameOfPresentedView(self) ?? defaultFrameOfPresentedView
    }

    /// False by default for a custom presentation: the presenting side stays on screen
    /// and is not told it disappears (UIPresentationController.h).
    public var shouldRemovePresentersView: Bool { overrides?.shouldRemovePresentersView(self) ?? false }

    /// The view the animator moves: the presented controller's, unless overridden.
    public var presentedView: View? { overrides?.presentedView(self) ?? presentedViewController?.view }

    /// One of the transition callbacks: recorded as a `lifecycle` event of a script's
    /// presentation controller (the plain one UIKit makes has nothing to tell), then the
    /// override runs.
    func tell(_ callback: PresentationControllerCallback) {
        guard let overrides else { return }
        switch callback {
        case .presentationTransitionDidEnd(let done), .dismissalTransitionDidEnd(let done):
            simulation.trace.record(.lifecycle, self, callback.name, "completed", .bool(done))
        case .presentationTransitionWillBegin, .dismissalTransitionWillBegin:
            simulation.trace.record(.lifecycle, self, callback.name)
        case .preferredContentSizeDidChange(let container):
            simulation.trace.record(.lifecycle, self, callback.name, "container", ref: container)
        case .containerViewWillLayoutSubviews, .containerViewDidLayoutSubviews:
            break     // as frequent as layout passes: like layoutSubviews, not traced
        }
        overrides.run(callback, on: self)
    }

    /// Adopted by `present`: the links, and the container view on top of the window.
    func adopt(presented: ViewController, presenting: ViewController) {
        presentedViewController = presented
        presentingViewController = presenting
        let container = TransitionView(simulation: simulation, name: "\(name).containerView", owner: self)
        container.frame = simulation.window.bounds
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        containerView = container
        simulation.window.attach(container, at: simulation.window.subviews.count)
        presented.presentationController = self
        ownershipMayHaveChanged()
    }

    /// Let go when the presentation ends (dismissed, or cancelled).
    func release() {
        containerView?.detach()
        guard let vc = presentedViewController, vc.presentationController === self else { return }
        vc.presentationController = nil
        ownershipMayHaveChanged()
    }
}

/// The callbacks UIKit makes on a presentation controller.
public enum PresentationControllerCallback {
    case presentationTransitionWillBegin
    case presentationTransitionDidEnd(completed: Bool)
    case dismissalTransitionWillBegin
    case dismissalTransitionDidEnd(completed: Bool)
    case containerViewWillLayoutSubviews
    case containerViewDidLayoutSubviews
    /// The presented controller's preferred size changed (policy Q78).
    case preferredContentSizeDidChange(container: ViewController)

    public var name: String {
        switch self {
        case .presentationTransitionWillBegin: return "presentationTransitionWillBegin"
        case .presentationTransitionDidEnd: return "presentationTransitionDidEnd"
        case .dismissalTransitionWillBegin: return "dismissalTransitionWillBegin"
        case .dismissalTransitionDidEnd: return "dismissalTransitionDidEnd"
        case .containerViewWillLayoutSubviews: return "containerViewWillLayoutSubviews"
        case .containerViewDidLayoutSubviews: return "containerViewDidLayoutSubviews"
        case .preferredContentSizeDidChange: return "preferredContentSizeDidChange"
        }
    }
}

/// What a script overrides; nil answers mean UIKit's default.
public protocol PresentationControllerOverrides: AnyObject {
    func frameOfPresentedView(_ pc: PresentationController) -> Rect?
    func shouldRemovePresentersView(_ pc: PresentationController) -> Bool?
    func presentedView(_ pc: PresentationController) -> View?
    func run(_ callback: PresentationControllerCallback, on pc: PresentationController)
}

/// UITransitionView: the container view of a custom presentation. Its layout pass is
/// bracketed by the presentation controller's containerViewWill/DidLayoutSubviews.
final class TransitionView: View {
    /// Weak: the presentation controller holds this view.
    weak var presentationController: PresentationController?

    init(simulation: Simulation, name: String, owner: PresentationController) {
        self.presentationController = owner
        super.init(simulation: simulation, className: "TransitionView", name: name)
    }

    override class var actsOnCallbacks: Bool { true }

    override func handle(_ hook: Hook) {
        guard case .layoutSubviews = hook, let presentationController else { return super.handle(hook) }
        presentationController.tell(.containerViewWillLayoutSubviews)
        super.handle(hook)
        presentationController.tell(.containerViewDidLayoutSubviews)
    }
}
