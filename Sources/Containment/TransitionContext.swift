/// UIViewControllerContextTransitioning for a container's own transitions.
public final class TransitionContext: SimObject {
    public let containerView: View
    public let fromViewController: ViewController
    public let toViewController: ViewController
    public internal(set) var isAnimated = true
    public let isInteractive: Bool
    public internal(set) var transitionWasCancelled = false
    public internal(set) var isComplete = false
    var onScreen = false
    /// How a cancel reverses appearance: a custom container's at the cancel (S16's
    /// shape); a navigation controller's interactive pop at the end (S24's shape).
    var reversesAtEnd = false
    /// Presentations: the presenting side may take no callbacks (a custom presentation
    /// does not call its disappearance methods) and keep its view.
    var managesFrom = true
    var managesTo = true
    var keepsFromView = false
    var animator: TransitionAnimator?
    var completion: ((Bool) -> Void)?

    public init(simulation: Simulation, container: View, from: ViewController, to: ViewController,
         interactive: Bool, completion: ((Bool) -> Void)?) {
        containerView = container; fromViewController = from; toViewController = to
        isInteractive = interactive; self.completion = completion
        super.init(simulation: simulation, className: "TransitionContext")
    }

    public func view(_ key: String) -> View? {
        switch key {
        case "from": return fromViewController.view
        case "to": return toViewController.view
        default: return nil
        }
    }

    /// Where a controller's view starts: from's current frame; to starts nowhere
    /// (.zero), as UIKit reports for a view that is not yet on screen.
    public func initialFrame(_ vc: ViewController) -> Rect {
        vc === fromViewController ? fromViewController.view.frame : .zero
    }

    /// Where a controller's view ends: to takes from's place; from ends nowhere.
    public func finalFrame(_ vc: ViewController) -> Rect {
        vc === toViewController ? fromViewController.view.frame : .zero
    }

    /// The animator says it is done. Completed: from's view leaves, the did-callbacks
    /// run, then the completion. Cancelled: to's view leaves, from appears again.
    public func completeTransition(_ didComplete: Bool) {
        guard !isComplete else { return }
        isComplete = true
        simulation.trace.record(.call, name, "completeTransition", [("_", .bool(didComplete))])
        let from = fromViewController, to = toViewController
        if didComplete {
            if !keepsFromView { from.viewIfLoaded?.removeFromSuperview() }
        } else {
            to.viewIfLoaded?.removeFromSuperview()
        }
        if onScreen {
            if !didComplete && reversesAtEnd {
                to.beginAppearance(false, animated: isAnimated)
                to.endAppearance()
                from.beginAppearance(true, animated: isAnimated)
                from.endAppearance()
            } else {
                if managesFrom { from.endAppearance() }
                if managesTo { to.endAppearance() }
            }
        }
        animator?.animationEnded(self, completed: didComplete)
        animator = nil
        let done = completion
        completion = nil
        done?(didComplete)
    }

    /// A cancel of an interactive transition (S16's shape): from appears again and to
    /// disappears, not animated; their did-callbacks come with completeTransition.
    func cancel() {
        transitionWasCancelled = true
        guard onScreen, !reversesAtEnd else { return }
        fromViewController.beginAppearance(true, animated: false)
        toViewController.beginAppearance(false, animated: false)
    }
}
