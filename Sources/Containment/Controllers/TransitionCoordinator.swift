/// UIViewControllerTransitionCoordinator for size transitions: animations to run
/// alongside, and completions for the end.
public final class TransitionCoordinator: SimObject {
    public let transitionDuration: Double
    var alongside: [() -> Void] = []
    var completions: [() -> Void] = []
    /// UIKit queues animations only until the transition's animation begins: after that
    /// `animate(alongsideTransition:completion:)` answers false and keeps nothing.
    public internal(set) var isQueueing = true

    init(simulation: Simulation, duration: Double) {
        transitionDuration = duration
        super.init(simulation: simulation, className: "TransitionCoordinator")
    }

    @discardableResult
    public func animate(alongside animation: (() -> Void)?, completion: (() -> Void)?) -> Bool {
        guard isQueueing else { return false }
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }
}
