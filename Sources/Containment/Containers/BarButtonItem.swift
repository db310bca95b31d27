/// UIBarButtonItem: a titled button in a navigation bar; its action is the host's.
public final class BarButtonItem: SimObject {
    public var title: String?

    public init(simulation: Simulation, title: String?, name: String? = nil) {
        self.title = title
        super.init(simulation: simulation, className: "BarButtonItem", name: name)
    }

    func trigger() { handle(.gestureAction) }
}
