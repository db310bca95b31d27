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
        // UIViewController.h: the method "will fail with an NSInvalidArgumentException
        // ... if the receiver explicitly forwards its appearance and rotation callbacks
        // to its children" (policy Q62, W23).
        guard shouldAutomaticallyForwardAppearanceMethods else {
            throw ContainmentError.invalidArgument(Messages.transitionUnderManualForwarding(self))
        }
        simulation.trace.record(.call, self, "transition",
                                [("from", .ref(from)), ("to", .ref(to)), ("duration", .number(duration))])
        let animated = duration > 0
        simulation.lintTransition(in: self, started: true)
        let fromView = from.view
        let toView = to.view
        // Loading `to` ran its viewDidLoad, which may have taken from's view out (Q2).
        guard fromView.superview != nil else { throw ContainmentError.invalidArgument(Messages.transitionFromNowhere(from, to)) }
        let onScreen = fromView.window?.isVisible == true
        if onScreen {
            from.beginAppearance(false, animated: animated)
            to.beginAppearance(true, animated: animated)
        }
        // Checked above; a will-disappear hook may have taken it out meanwhile.
        let container = fromView.superview ?? view
        try container.insertSubview(toView, aboveSubview: fromView)
        if onScreen { to.deliverIsAppearing() }
        simulation.animator.animate(duration: duration, curve: curve, options: options,
                                    animations: { animations?() })
        let end = { [weak self] in
            if let self { self.simulation.lintTransition(in: self, started: false) }
            fromView.removeFromSuperview()
            if onScreen {
                from.endAppearance()
                to.endAppearance()
            }
            completion?(true)
        }
        if duration > 0 { simulation.clock.schedule(after: duration, end) } else { simulation.clock.enqueue(end) }
    }

    /// W2: both must be children of the receiver. And (Q2) from's view must be in a
    /// view: to's view goes into its superview, and there is none to take it.
    func checkTransitionChildren(_ from: ViewController, _ to: ViewController) throws {
        guard from.parent === self, to.parent === self else {
            throw ContainmentError.invalidArgument(
                "Children view controllers \(from.objectDescription) and \(to.objectDescription) must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]")
        }
        guard from.viewIfLoaded?.superview != nil else {
            throw ContainmentError.invalidArgument(Messages.transitionFromNowhere(from, to))
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
        simulation.trace.record(.call, self, "transition",
                                [("from", .ref(from)), ("to", .ref(to)), ("interactive", .bool(interaction != nil))])
        let fromView = from.view
        _ = to.view
        // Loading `to` ran its viewDidLoad, which may have taken from's view out (Q2).
        guard let container = fromView.superview else { throw ContainmentError.invalidArgument(Messages.transitionFromNowhere(from, to)) }
        // L1: the container's children wait for this transition's completion.
        var completion = completion
        if simulation.linter != nil {
            simulation.lintTransition(in: self, started: true)
            let done = completion
            completion = { [weak self] finished in
                if let self { self.simulation.lintTransition(in: self, started: false) }
                done?(finished)
            }
        }
        let ctx = TransitionContext(simulation: simulation, kind: .childTransition(fromView: fromView),
                                    container: container, from: from, to: to, animator: animator,
                                    interactive: interaction != nil, completion: completion)
        if ctx.policy.onScreen {
            from.beginAppearance(false, animated: ctx.isAnimated)
            to.beginAppearance(true, animated: ctx.isAnimated)
        }
        ctx.run(driven: interaction)
        return ctx
    }
}

/// What a custom transition's animator provides (UIViewControllerAnimatedTransitioning).
public protocol TransitionAnimator: AnyObject {
    func transitionDuration(_ context: TransitionContext) -> Double
    func animateTransition(_ context: TransitionContext)
    func animationEnded(_ context: TransitionContext, completed: Bool)
}
