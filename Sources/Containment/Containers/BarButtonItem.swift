/// UIBarButtonItem: a titled button in a navigation bar; its action is the host's.
public final class BarButtonItem: SimObject {
    public var title: String?

    public init(simulation: Simulation, title: String?, name: String? = nil) {
        self.title = title
        super.init(simulation: simulation, className: "BarButtonItem", name: name)
    }

    func trigger() { handle(.gestureAction) }

    /// The navigation items' slots that hold this item: while any does, the simulated
    /// world uses it, so a binding keeps its script-side state (its `action`) alive
    /// even after the script drops its last reference.
    var holders = 0
    public override var isOwned: Bool { holders > 0 }

    /// A navigation item's list changed from `old` to `new`.
    static func hold(_ new: [BarButtonItem], releasing old: [BarButtonItem]) {
        for item in new { item.holders += 1 }
        for item in old { item.holders -= 1 }
        for item in new { item.ownershipMayHaveChanged() }
        for item in old { item.ownershipMayHaveChanged() }
    }
}
