/// UIViewControllerTransitionCoordinator: what a size transition hands `viewWillTransition`,
/// and what `transitionCoordinator` answers while a presentation, a dismissal, a
/// navigation controller's push or pop, or an animated tab switch runs (policy Q80).
/// It keeps the animations to run alongside the transition, the blocks to run when it
/// completes, and those to run when an interaction ends; it is released, and answered
/// no more, once its completions have run (UIKit: "an ephemeral object that is
/// released after the transition completes and the last callback has been made").
public final class TransitionCoordinator: SimObject {
    /// Asked of a context's animator when first read (a script's animator is asked only
    /// if the script reads it or runs animations alongside).
    public var transitionDuration: Double {
        if let duration { return duration }
        guard let d = context?.animatorDuration else { return 0 }
        duration = isAnimated ? d : 0
        return duration ?? 0
    }
    private var duration: Double?
    /// A non-animated presentation or push still has one: UIKit runs its blocks, no
    /// animation (the header: "Most of the time isAnimated will be YES").
    public let isAnimated: Bool
    /// Fixed before the transition's first callback ("It never changes during the
    /// course of a transition").
    public private(set) var initiallyInteractive: Bool
    public internal(set) var isInteractive: Bool
    /// Only an interactive transition can be cancelled.
    public internal(set) var isCancelled = false
    /// The style of the presentation or dismissal; nil (UIKit's `none`) for the rest.
    public let presentationStyle: ModalPresentationStyle?
    /// UIKit queues animations only until the transition's animation begins.
    public internal(set) var isQueueing = true

    private var alongside: [() -> Void] = []
    private var completions: [() -> Void] = []
    private var interactionHandlers: [() -> Void] = []

    // Weak, all of them: a script may keep the coordinator long after its transition,
    // and the transition's own closures hold what it moves until it ends.
    private weak var context: TransitionContext?
    private weak var from: ViewController?
    private weak var to: ViewController?
    private weak var presented: ViewController?
    private weak var container: View?
    /// A sheet's presenting side stays in the window: its view is not the transition's
    /// (as `TransitionContext.view` answers).
    private var hidesPresenterView = false
    weak var interaction: PercentDrivenInteractiveTransition?
    /// The interaction's progress when it ended, kept once it no longer drives.
    private var endedPercent: Double?
    /// The controllers that answer it from `transitionCoordinator` (weakly held), each
    /// with the coordinator it answered before, given back at the end if that one's
    /// transition still runs (a push inside a controller being presented).
    private var vendors: [Vendor] = []
    private var alongsideStarted = false
    /// Their animation: a cancel runs it back, and it has ended when the completions run.
    private var alongsideGroup: AnimationGroup?
    private(set) var ended = false

    /// A size transition's (Rotation.swift): animated, never interactive, no controllers.
    init(simulation: Simulation, duration: Double) {
        self.duration = duration
        isAnimated = true
        initiallyInteractive = false; isInteractive = false
        presentationStyle = nil
        super.init(simulation: simulation, className: "TransitionCoordinator")
        container = simulation.window
    }

    /// A controller transition's, made before its first callback so that
    /// `viewWillAppear` finds it. One run through a context is bound to it (`bind`);
    /// a presentation or dismissal Nestbox animates itself has `presented` and its
    /// duration (0.35 s, or none).
    init(simulation: Simulation, from: ViewController, to: ViewController, container: View,
         style: ModalPresentationStyle?, animated: Bool, presented: ViewController? = nil,
         duration: Double? = nil, hidesPresenterView: Bool = false) {
        isAnimated = animated
        initiallyInteractive = false; isInteractive = false
        presentationStyle = style
        super.init(simulation: simulation, className: "TransitionCoordinator")
        self.from = from; self.to = to; self.presented = presented
        self.container = container
        self.duration = duration.map { animated ? $0 : 0 }
        self.hidesPresenterView = hidesPresenterView
    }

    /// A container's transition, all of it from its context (a navigation controller's,
    /// a tab switch's).
    convenience init(context ctx: TransitionContext) {
        self.init(simulation: ctx.simulation, from: ctx.fromViewController, to: ctx.toViewController,
                  container: ctx.containerView, style: nil, animated: ctx.isAnimated)
        bind(ctx)
    }

    /// The context that runs the transition: its views, its animator's duration, its
    /// interaction.
    func bind(_ ctx: TransitionContext) {
        context = ctx
        ctx.coordinator = self
        duration = nil      // the animator's answer, not Nestbox's own slide's
        container = ctx.containerView
        initiallyInteractive = ctx.isInteractive; isInteractive = ctx.isInteractive
    }

    // MARK: - What a script reads

    public var containerView: View? { container }

    /// UITransitionContextFromViewControllerKey / ToViewControllerKey.
    public func viewController(_ key: String) -> ViewController? {
        switch key {
        case "from": return from
        case "to": return to
        default: return nil
        }
    }

    /// UITransitionContextFromViewKey / ToViewKey: nil for a presenting side that stays
    /// in the window, as the context answers.
    public func view(_ key: String) -> View? {
        if let context { return context.view(key) }
        guard let vc = viewController(key) else { return nil }
        if vc === presented { return vc.presentationController?.presentedView ?? vc.viewIfLoaded }
        return hidesPresenterView ? nil : vc.viewIfLoaded
    }

    /// The interaction's progress while it drives, and where it ended after; 0 for a
    /// transition no interaction drives (the header: "meaningful for interactive
    /// transitions").
    public var percentComplete: Double { endedPercent ?? interaction?.percentComplete ?? 0 }

    /// What the transition is, in a lint's words (as the context names it).
    var transitionName: String {
        if let context { return context.transitionName }
        guard let from, let to else { return "the size transition" }
        return "the \(to === presented ? "presentation" : "dismissal") from \(from.objectDescription) to \(to.objectDescription)"
    }

    // MARK: - Blocks

    /// True when queued. Once the animation has begun it answers false and runs no
    /// animation, but a completion still runs at the end ("The completions may be run
    /// even if the animations are not", the header); once ended, nothing is kept.
    @discardableResult
    public func animate(alongside animation: (() -> Void)?, completion: (() -> Void)?) -> Bool {
        guard !ended else { return false }
        if let completion { completions.append(completion) }
        guard isQueueing else {
            // L23: UIKit answers false and the script's animation silently never runs.
            // Not in a cancel's will-callbacks: the usual code in viewWillAppear runs
            // again there, and nothing is left to animate alongside.
            if animation != nil, !isCancelled {
                simulation.lint(self, "animate(alongside:) once \(transitionName) had started: the animation does not run (its completion does); give it from a will-callback or presentationTransitionWillBegin", rule: .lateAlongside)
            }
            return false
        }
        if let animation { alongside.append(animation) }
        return true
    }

    /// Kept until the transition completes; called when the interaction ends (finished
    /// or cancelled), before a cancel's reversed will-callbacks.
    public func notifyWhenInteractionChanges(_ handler: @escaping () -> Void) {
        guard !ended else { return }
        interactionHandlers.append(handler)
    }

    // MARK: - The transition's steps

    /// Answered by `vcs` (and, through their parents, by their children) until it ends.
    func vend(to vcs: [ViewController]) {
        for vc in vcs {
            vendors.append(Vendor(vc: vc, previous: vc.vendedCoordinator))
            vc.vendedCoordinator = self
        }
    }

    /// Runs the alongside animations once, in an animation of the transition's duration
    /// and curve (inside `capture` of an interaction, which then drives them too), or at
    /// once when not animated. A context's animator may use no UIView animation: its
    /// alongside ones run just after `animateTransition` returns, as UIKit's header says.
    func startAlongside() {
        let blocks = takeAlongside()
        guard !blocks.isEmpty else { return }
        let group = simulation.animator.animate(duration: isAnimated ? transitionDuration : 0, curve: .easeInOut,
                                                animations: { for b in blocks { b() } })
        group.keepsValuesWhenReversed = true
        alongsideGroup = group
    }

    /// A size transition's alongside animations, inside its own animation block.
    func runAlongsideInPlace() {
        for b in takeAlongside() { b() }
    }

    /// The alongside animations, the first time only: queueing ends here.
    private func takeAlongside() -> [() -> Void] {
        guard !alongsideStarted else { return [] }
        alongsideStarted = true
        isQueueing = false
        defer { alongside = [] }
        return alongside
    }

    /// A coordinator the script holds answers its duration after the animator is gone:
    /// asked while the context still has it (a script's animator only then).
    func keepDuration() {
        if duration == nil, host != nil { _ = transitionDuration }
    }

    /// The interaction finished or cancelled: no longer interactive.
    func interactionEnded(cancelled: Bool) {
        guard isInteractive, !ended else { return }
        endedPercent = interaction?.percentComplete ?? 0
        isInteractive = false
        isCancelled = cancelled
        for h in interactionHandlers { h() }
    }

    /// The transition completed (or was cancelled and is over): alongside blocks that
    /// never started run now, then the completions; after them no controller answers it.
    func end(cancelled: Bool) {
        guard !ended else { return }
        // "All interactive transitions complete as non-interactive ones" (the header):
        // an animator that completes while the interaction still drives ends it here.
        if isInteractive { interactionEnded(cancelled: cancelled) }
        if cancelled { isCancelled = true }
        startAlongside()
        keepDuration()
        // Run back on screen by a cancel, the alongside animations end with the
        // transition and leave the values they set, as UIKit's model keeps them: the
        // completion sees them, and what it (or any callback) sets is kept.
        if cancelled, let g = alongsideGroup { simulation.animator.finish(g, finished: true) }
        alongsideGroup = nil
        ended = true
        let blocks = completions
        completions = []
        interactionHandlers = []
        for b in blocks { b() }
        for v in vendors where v.vc?.vendedCoordinator === self {
            v.vc?.vendedCoordinator = v.previous.flatMap { $0.ended ? nil : $0 }
        }
        vendors = []
    }
}

extension ViewController {
    /// UIKit's `transitionCoordinator`: this controller's own transition's (a
    /// presentation or dismissal it takes part in, or its own container transition),
    /// else its parent's, and so on up (UIViewControllerTransitionCoordinator.h: "Otherwise
    /// it will ask the parent view controller").
    public var transitionCoordinator: TransitionCoordinator? { firstUp { $0.vendedCoordinator } }
}

private struct Vendor {
    weak var vc: ViewController?
    let previous: TransitionCoordinator?
}
