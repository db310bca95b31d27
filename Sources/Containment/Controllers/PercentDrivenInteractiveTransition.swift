/// UIPercentDrivenInteractiveTransition: the animations the animator starts are held
/// paused and follow `update(p)`; `finish()` runs the rest, `cancel()` runs them back.
public final class PercentDrivenInteractiveTransition: SimObject {
    public private(set) var percentComplete = 0.0
    var groups: [AnimationGroup] = []
    var context: TransitionContext?
    /// Whether the lint for calls that drive nothing was given since the last attach.
    private var toldIdle = false
    /// Finished or cancelled: the transition runs to its end, and a later update,
    /// finish or cancel changes nothing (UIKit ignores them).
    private(set) var isSettled = false

    public override init(simulation: Simulation, className: String = "PercentDrivenInteractiveTransition", name: String? = nil) {
        super.init(simulation: simulation, className: className, name: name)
    }

    func attach(_ ctx: TransitionContext) {
        context = ctx; percentComplete = 0; groups = []; toldIdle = false; isSettled = false
        ctx.coordinator?.interaction = self
    }

    /// A controller that no transition asked for (no delegate method returned it), or
    /// whose transition ended, moves nothing: UIKit is silent, Nestbox says so once.
    private func checkDriving(_ call: String) {
        guard context?.isComplete ?? true, !toldIdle else { return }
        toldIdle = true
        simulation.lint(self, "\(objectDescription) drives no transition: \(call) does nothing (return it from an interactionController… delegate method)", rule: .idleInteraction)
    }

    public func update(_ p: Double) {
        guard !isSettled else { simulation.trace.record(.call, self, "update", "_", .number(percentComplete)); return }
        percentComplete = min(1, max(0, p.isFinite ? p : 0))
        simulation.trace.record(.call, self, "update", "_", .number(percentComplete))
        checkDriving("update()")
        for g in groups { simulation.animator.setFraction(g, percentComplete) }
    }

    public func finish() {
        simulation.trace.record(.call, self, "finish")
        checkDriving("finish()")
        guard !isSettled else { return }
        isSettled = true
        context?.coordinator?.interactionEnded(cancelled: false)
        for g in groups { simulation.animator.resume(g, reversed: false) }
        groups = []
    }

    public func cancel() {
        simulation.trace.record(.call, self, "cancel")
        checkDriving("cancel()")
        guard !isSettled else { return }
        isSettled = true
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
