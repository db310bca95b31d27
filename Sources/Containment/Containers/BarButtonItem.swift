/// UIBarButtonItem: a titled button in a navigation bar; its action is the host's.
public final class BarButtonItem: SimObject {
    public var title: String?
    /// The navigation items listing this one: while any does, the item is owned, so a
    /// script's `action` lives as long as the button that calls it.
    var listings = 0 { didSet { ownershipMayHaveChanged() } }
    public override var isOwned: Bool { listings > 0 }

    public init(simulation: Simulation, className: String = "BarButtonItem", title: String?, name: String? = nil) {
        self.title = title
        super.init(simulation: simulation, className: className, name: name)
    }

    func trigger() { host?.send(.action, from: self) }
}
