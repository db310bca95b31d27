/// `transition(from:to:duration:options:animations:completion:)` (docs/containment.md).
extension ViewController {
    /// Swaps two children's views. `to.view` goes into `from.view`'s superview, both get
    /// their appearance callbacks (animated = duration > 0, policy Q2) when the container
    /// is on screen (policy Q3), and at the end `from.view` is removed, from's
    /// did-callback, to's did-callback, then `completion` (Q2). Duration 0 completes on
    /// the next run-loop turn.
    public func transition(from: ViewController, to: ViewController, duration: Double,
                           curve: TimingCurve = .easeInOut, options: AnimationOptions = [],
                           animations: (() -> Void)?, completion: ((Bool) -> Void)?) throws {
        try checkTransitionChildren(from, to)
        simulation.trace.record(.call, name, "transition",
                                [("from", .ref(from)), ("to", .ref(to)), ("duration", .number(duration))])
        let animated = duration > 0
        let fromView = from.view
        let toView = to.view
        let onScreen = fromView.window?.isVisible == true
        if onScreen {
            from.beginAppearance(false, animated: animated)
            to.beginAppearance(true, animated: animated)
        }
        let container = fromView.superview ?? view
        try container.insertSubview(toView, aboveSubview: fromView)
        if onScreen { to.deliverIsAppearing() }
        simulation.animator.animate(duration: duration, curve: curve, options: options,
                                    animations: { animations?() })
        let end = {
            fromView.removeFromSuperview()
            if onScreen {
                from.endAppearance()
                to.endAppearance()
            }
            completion?(true)
        }
        if duration > 0 { simulation.clock.schedule(after: duration, end) } else { simulation.clock.enqueue(end) }
    }

    /// W2: both must be children of the receiver.
    func checkTransitionChildren(_ from: ViewController, _ to: ViewController) throws {
        guard from.parent === self, to.parent === self else {
            throw ContainmentError.invalidArgument(
                "Children view controllers \(from.objectDescription) and \(to.objectDescription) must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]")
        }
    }

    /// A custom transition between two children: `animator` animates it through a
    /// transition context (UIViewControllerAnimatedTransitioning), optionally driven by
    /// `interaction` (UIPercentDrivenInteractiveTransition).
    @discardableResult
    public func transition(from: ViewController, to: ViewController, animator: TransitionAnimator,
                           interaction: PercentDrivenInteractiveTransition? = nil,
                           completion: ((Bool) -> Void)? = nil) throws -> TransitionContext {
        try checkTransitionChildren(from, to)
        simulation.trace.record(.call, name, "transition",
                                [("from", .ref(from)), ("to", .ref(to)), ("interactive", .bool(interaction != nil))])
        let fromView = from.view
        _ = to.view
        let ctx = TransitionContext(simulation: simulation, container: fromView.superview ?? view, from: from, to: to,
                                    interactive: interaction != nil, completion: completion)
        ctx.animator = animator
        ctx.isAnimated = animator.transitionDuration(ctx) > 0
        ctx.onScreen = fromView.window?.isVisible == true
        if ctx.onScreen {
            from.beginAppearance(false, animated: ctx.isAnimated)
            to.beginAppearance(true, animated: ctx.isAnimated)
        }
        if let interaction {
            interaction.attach(ctx)
            simulation.animator.capture(for: interaction) { animator.animateTransition(ctx) }
        } else {
            animator.animateTransition(ctx)
        }
        return ctx
    }
}

/// What a custom transition's animator provides (UIViewControllerAnimatedTransitioning).
public protocol TransitionAnimator: AnyObject {
    func transitionDuration(_ context: TransitionContext) -> Double
    func animateTransition(_ context: TransitionContext)
    func animationEnded(_ context: TransitionContext, completed: Bool)
}

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

/// UIPercentDrivenInteractiveTransition: the animations the animator starts are held
/// paused and follow `update(p)`; `finish()` runs the rest, `cancel()` runs them back.
public final class PercentDrivenInteractiveTransition: SimObject {
    public private(set) var percentComplete = 0.0
    var groups: [AnimationGroup] = []
    var context: TransitionContext?

    public init(simulation: Simulation, name: String? = nil) {
        super.init(simulation: simulation, className: "PercentDrivenInteractiveTransition", name: name)
    }

    func attach(_ ctx: TransitionContext) { context = ctx; percentComplete = 0; groups = [] }

    public func update(_ p: Double) {
        percentComplete = min(1, max(0, p.isFinite ? p : 0))
        simulation.trace.record(.call, name, "update", [("_", .number(percentComplete))])
        for g in groups { simulation.animator.setFraction(g, percentComplete) }
    }

    public func finish() {
        simulation.trace.record(.call, name, "finish")
        for g in groups { simulation.animator.resume(g, reversed: false) }
        groups = []
    }

    public func cancel() {
        simulation.trace.record(.call, name, "cancel")
        context?.cancel()
        for g in groups { simulation.animator.resume(g, reversed: true) }
        groups = []
    }
}

extension Animator {
    /// Animations started inside `body` are held for `interaction` to drive.
    func capture(for interaction: PercentDrivenInteractiveTransition, _ body: () -> Void) {
        capturing.append(interaction)
        body()
        capturing.removeLast()
    }
}
