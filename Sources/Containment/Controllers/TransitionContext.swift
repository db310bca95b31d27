/// UIViewControllerContextTransitioning for a container's own transitions.
public final class TransitionContext: SimObject {
    /// Who runs the transition. It fixes, in `policy`, which appearance callbacks the
    /// context sends and which view it removes at the end.
    public enum Kind {
        /// A custom container's `transition(from:to:animator:)`, with from's view as the
        /// call found it: its animation and its screen are measured in init.
        case childTransition(fromView: View)
        /// A navigation controller's push or pop, with the slide or the delegate's animator.
        case navigation(animated: Bool)
        /// A tab switch through the tab bar controller delegate's animator.
        case tabSelection
        /// A presentation through the transitioning delegate's animator, with the
        /// presenting side staying on screen (a sheet, over full screen, or custom).
        case presentation(animated: Bool)
        /// The same where the presenting side's views leave the window (full screen, or
        /// a presentation controller whose shouldRemovePresentersView is true).
        case coveringPresentation(animated: Bool)
        /// The dismissal of a presentation through the transitioning delegate's animator,
        /// the presenting side having stayed on screen.
        case dismissal(animated: Bool)
        /// The same where the presenting side comes back into the window.
        case uncoveringDismissal(animated: Bool)
    }

    /// What a kind of transition does with the two controllers.
    struct Policy {
        var isAnimated: Bool
        /// Appearance callbacks are sent at all (policy Q3: nothing appears off screen).
        var onScreen = true
        /// How a cancel reverses appearance: at the cancel, or at the end.
        var reversesAtEnd = false
        /// Whether from and to take their did-callbacks from completeTransition.
        var managesFrom = true
        var managesTo = true
        /// Whether from's view stays in the window when the transition completes.
        var keepsFromView = false
        /// to's did-callback before from's: a presentation's (S37) and a dismissal's (Q15).
        var endsToFirst = false
        /// Completed, from's view leaves the window just before from's did-callback, as
        /// `viewDidDisappear` means (Apple: "its view was removed from a view
        /// hierarchy"): a full-screen presentation's presenting side, a dismissed one.
        var removesFromViewBeforeItsEnd = false
        /// The presenting side stays in the window: its view is not the context's to
        /// give (`view("from")` of a presentation, `view("to")` of a dismissal is nil,
        /// as in UIKit).
        var hidesPresenterView = false
    }

    public let kind: Kind
    public let containerView: View
    public let fromViewController: ViewController
    public let toViewController: ViewController
    public var isAnimated: Bool { policy.isAnimated }
    public let isInteractive: Bool
    public internal(set) var transitionWasCancelled = false
    public internal(set) var isComplete = false
    var animator: TransitionAnimator?
    var completion: ((Bool) -> Void)?
    /// Run as a completed transition ends, before the did-callbacks: a full-screen
    /// dismissal puts back a presenting view its animator left out (Q15).
    var beforeEnds: (() -> Void)?
    /// What `transitionCoordinator` answers for this transition (Q80); none for a custom
    /// container's child transition.
    var coordinator: TransitionCoordinator?
    /// The interaction controller driving it, if any (L21 leaves a driven one alone).
    weak var interaction: PercentDrivenInteractiveTransition?
    /// A child transition's animation and screen, measured once in init; while the
    /// animator answers its duration, the context reads as animated.
    private var measured = (isAnimated: true, onScreen: false)

    /// A child transition asks `animator` for its duration here, with this context, and
    /// only then reads whether from's view is on screen: a script's animator may move the
    /// view while it answers.
    public init(simulation: Simulation, kind: Kind, container: View, from: ViewController, to: ViewController,
                animator: TransitionAnimator, interactive: Bool, completion: ((Bool) -> Void)?) {
        self.kind = kind
        containerView = container; fromViewController = from; toViewController = to
        self.animator = animator
        isInteractive = interactive; self.completion = completion
        super.init(simulation: simulation, className: "TransitionContext")
        simulation.lintTransitionStarted(self)
        if case .childTransition(let fromView) = kind {
            measured.isAnimated = animator.transitionDuration(self) > 0
            measured.onScreen = fromView.window?.isVisible == true
        }
    }

    /// Each kind's policy, in one place.
    var policy: Policy {
        switch kind {
        case .childTransition:
            // Q2: animated when the animator's duration is above 0; Q3: callbacks only
            // on screen. A cancel reverses appearance at the cancel (S16's shape).
            return Policy(isAnimated: measured.isAnimated, onScreen: measured.onScreen)
        case .navigation(let animated):
            // S19/S22's order; a cancelled interactive pop reverses appearance at the
            // end of the animation (S24, Q11).
            return Policy(isAnimated: animated, reversesAtEnd: true)
        case .tabSelection:
            // S30's switch, animated since only the delegate's animator makes a context.
            return Policy(isAnimated: true)
        case .presentation(let animated):
            // Only a full-screen presentation covers the presenting side (Apple's
            // documentation of .fullScreen): under a custom one it keeps its view and
            // gets no callbacks, as under a sheet (S39). A cancel reverses the presented
            // side's appearance at the end, as a cancelled interactive pop does (Q15c).
            return Policy(isAnimated: animated, reversesAtEnd: true, managesFrom: false, keepsFromView: true,
                          endsToFirst: true, hidesPresenterView: true)
        case .coveringPresentation(let animated):
            // S37's order; the presenting views leave after the presentation completes,
            // which the presentation's own completion does (keepsFromView here).
            return Policy(isAnimated: animated, reversesAtEnd: true, keepsFromView: true, endsToFirst: true,
                          removesFromViewBeforeItsEnd: true)
        case .dismissal(let animated):
            // The presenting side never disappeared, so it gets no callbacks (S39).
            return Policy(isAnimated: animated, reversesAtEnd: true, managesTo: false, keepsFromView: true,
                          endsToFirst: true, removesFromViewBeforeItsEnd: true, hidesPresenterView: true)
        case .uncoveringDismissal(let animated):
            // Q15: the presenting side's did-appear first; the dismissal's completion
            // takes the dismissed views away.
            return Policy(isAnimated: animated, reversesAtEnd: true, keepsFromView: true, endsToFirst: true,
                          removesFromViewBeforeItsEnd: true)
        }
    }

    /// The animator's answer, while the transition holds it.
    var animatorDuration: Double? { animator.map { $0.transitionDuration(self) } }

    /// Starts the animator, its animations held for `interaction` when there is one,
    /// then the coordinator's alongside animations inside the same capture, just after
    /// `animateTransition` returns (UIViewControllerTransitionCoordinator.h; Q80).
    func run(driven interaction: PercentDrivenInteractiveTransition?) {
        guard let animator else { return }
        self.interaction = interaction
        let body = {
            animator.animateTransition(self)
            self.coordinator?.startAlongside()
        }
        if let interaction {
            interaction.attach(self)
            simulation.animator.capture(for: interaction, body)
        } else {
            body()
        }
    }

    /// What the transition is, in a lint's words: "the navigation transition from <a> to <b>".
    var transitionName: String {
        "the \(kindName) from \(fromViewController.objectDescription) to \(toViewController.objectDescription)"
    }

    var kindName: String {
        switch kind {
        case .childTransition: "transition(from:to:)"
        case .navigation: "navigation transition"
        case .tabSelection: "tab switch"
        case .presentation, .coveringPresentation: "presentation"
        case .dismissal, .uncoveringDismissal: "dismissal"
        }
    }

    /// The presented side of a presentation or dismissal (nil for other kinds).
    var presentedSide: ViewController? {
        switch kind {
        case .presentation, .coveringPresentation: return toViewController
        case .dismissal, .uncoveringDismissal: return fromViewController
        default: return nil
        }
    }

    public func view(_ key: String) -> View? {
        let vc: ViewController
        switch key {
        case "from": vc = fromViewController
        case "to": vc = toViewController
        default: return nil
        }
        guard let presented = presentedSide else { return vc.view }
        if vc === presented { return presented.presentationController?.presentedView ?? presented.view }
        return policy.hidesPresenterView ? nil : vc.view
    }

    /// Where a controller's view starts: from's current frame; to starts nowhere
    /// (.zero), as UIKit reports for a view that is not yet on screen.
    public func initialFrame(_ vc: ViewController) -> Rect {
        vc === fromViewController ? fromViewController.view.frame : .zero
    }

    /// Where a controller's view ends: to takes from's place; from ends nowhere. A
    /// presented controller ends where its presentation controller says, or where its
    /// style puts it (the window, or a page sheet's frame).
    public func finalFrame(_ vc: ViewController) -> Rect {
        if case .presentation = kind, vc === toViewController { return presentedFrame(vc) }
        if case .coveringPresentation = kind, vc === toViewController { return presentedFrame(vc) }
        if case .uncoveringDismissal = kind, vc === toViewController {
            // A covered context comes back where it was: under the presented view (Q67).
            return fromViewController.activeStyle.isContext ? fromViewController.modalFrame : simulation.window.bounds
        }
        return vc === toViewController ? fromViewController.view.frame : .zero
    }

    private func presentedFrame(_ vc: ViewController) -> Rect {
        vc.presentationController?.frameOfPresentedViewInContainerView ?? vc.modalFrame
    }

    /// The animator says it is done. Completed: from's view leaves, the did-callbacks
    /// run, then the completion. Cancelled: to's view leaves, from appears again.
    public func completeTransition(_ didComplete: Bool) {
        guard !isComplete else {
            // L22: UIKit documents one call; a second changes nothing here.
            simulation.lint(self, "completeTransition(\(didComplete)) called again on \(transitionName), which already ended: it does nothing", rule: .transitionEndedTwice)
            return
        }
        isComplete = true
        simulation.trace.record(.call, self, "completeTransition", "_", .bool(didComplete))
        // Q80: alongside animations an animator never let start (it completed inside
        // animateTransition, or the transition is not animated) run before the end.
        coordinator?.startAlongside()
        let from = fromViewController, to = toViewController, policy = self.policy
        // A cancelled dismissal under which the presenting side stayed leaves every view
        // where it is: the presented one is back, the presenting one never left.
        let removesTo = !didComplete && (!policy.hidesPresenterView || presentedSide !== from)
        // Reversed here, to's view leaves between its viewWillDisappear and its
        // viewDidDisappear, as Apple's pages for the two have it.
        let reversesTo = !didComplete && policy.onScreen && policy.reversesAtEnd && policy.managesTo
        if didComplete {
            if !policy.keepsFromView { from.viewIfLoaded?.removeFromSuperview() }
            beforeEnds?()
        } else if removesTo && !reversesTo {
            to.viewIfLoaded?.removeFromSuperview()
        }
        if policy.onScreen {
            if !didComplete && policy.reversesAtEnd {
                if policy.managesTo {
                    begin(to, false, animated: isAnimated)
                    if removesTo { to.viewIfLoaded?.removeFromSuperview() }
                    end(to)
                }
                if policy.managesFrom {
                    begin(from, true, animated: isAnimated)
                    end(from)
                }
            } else if policy.endsToFirst {
                if policy.managesTo { end(to) }
                if policy.removesFromViewBeforeItsEnd { from.viewIfLoaded?.detach() }
                if policy.managesFrom { end(from) }
            } else {
                if policy.managesFrom { end(from) }
                if policy.managesTo { end(to) }
            }
        }
        animator?.animationEnded(self, completed: didComplete)
        coordinator?.keepDuration()
        animator = nil
        beforeEnds = nil
        let done = completion
        completion = nil
        done?(didComplete)
        // Q80: the coordinator's completions, once the transition is over: after its
        // did-callbacks and what the container does at its end (didMove, didShow, a
        // presentation's completion), as UIKit runs a push made during a push from them.
        coordinator?.end(cancelled: !didComplete)
    }

    /// A cancel of an interactive transition (S16's shape): from appears again and to
    /// disappears, not animated; their did-callbacks come with completeTransition.
    func cancel() {
        transitionWasCancelled = true
        // Before the will-callbacks a cancel sends (the coordinator's header).
        coordinator?.interactionEnded(cancelled: true)
        guard policy.onScreen, !policy.reversesAtEnd else { return }
        begin(fromViewController, true, animated: false)
        begin(toViewController, false, animated: false)
    }

    /// A navigation controller's and a tab bar controller's transitions are the
    /// container's own begin and end calls, which a subclass's override sees
    /// (`ViewController.containerBegin`); a presentation's and a custom container's
    /// are not (docs/policies.md, Q59).
    private var containerSends: Bool {
        switch kind {
        case .navigation, .tabSelection: true
        default: false
        }
    }

    private func begin(_ vc: ViewController, _ appearing: Bool, animated: Bool) {
        if containerSends { vc.containerBegin(appearing, animated: animated) } else { vc.beginAppearance(appearing, animated: animated) }
    }

    private func end(_ vc: ViewController) {
        if containerSends { vc.containerEnd() } else { vc.endAppearance() }
    }
}
