/// UIBarButtonItem: a titled button in a navigation bar; its action is the host's.
public final class BarButtonItem: SimObject {
    public var title: String?
    /// The navigation item listing it. While listed it is owned (its script-side
    /// `action` must live as long as its button can be tapped); weak, as the list holds it.
    weak var holder: NavigationItem? { didSet { ownershipMayHaveChanged() } }

    public override var isOwned: Bool { holder != nil }

    public init(simulation: Simulation, title: String?, name: String? = nil) {
        self.title = title
        super.init(simulation: simulation, className: "BarButtonItem", name: name)
    }

    func trigger() { handle(.gestureAction) }
}
