/// UIViewControllerTransitionCoordinator for size transitions: animations to run
/// alongside, and completions for the end.
public final class TransitionCoordinator: SimObject {
    public let transitionDuration: Double
    var alongside: [() -> Void] = []
    var completions: [() -> Void] = []

    init(simulation: Simulation, duration: Double) {
        transitionDuration = duration
        super.init(simulation: simulation, className: "TransitionCoordinator")
    }

    public func animate(alongside animation: (() -> Void)?, completion: (() -> Void)?) {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
    }
}
