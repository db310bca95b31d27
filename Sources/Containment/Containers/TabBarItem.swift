/// UITabBarItem.
public final class TabBarItem: SimObject {
    public var title: String? { didSet { bar?.refreshButtons() } }
    public var image: String?
    public var selectedImage: String?
    public var badgeValue: String? { didSet { bar?.refreshButtons() } }
    public var tag = 0
    /// Weak: a script may keep the item after Lua collects its bar.
    weak var bar: TabBar?

    public init(simulation: Simulation, className: String = "TabBarItem", title: String?, name: String? = nil) {
        self.title = title
        super.init(simulation: simulation, className: className, name: name)
    }
}
