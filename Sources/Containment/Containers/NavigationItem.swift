/// UINavigationItem: what the bar shows for a controller, created on demand
/// (UINavigationController.h).
public final class NavigationItem: SimObject {
    /// Weak: a script may keep the item after Lua collects its controller. UIKit's item
    /// does not know its controller at all; here it falls back to the controller's title
    /// and tells the bar of changes while the controller lives.
    weak var owner: ViewController?
    var _title: String?
    public var leftBarButtonItems: [BarButtonItem] = [] {
        didSet { BarButtonItem.hold(leftBarButtonItems, releasing: oldValue); owner?.navigationItemDidChange() }
    }
    public var rightBarButtonItems: [BarButtonItem] = [] {
        didSet { BarButtonItem.hold(rightBarButtonItems, releasing: oldValue); owner?.navigationItemDidChange() }
    }
    public var backButtonTitle: String? { didSet { owner?.navigationItemDidChange() } }
    public var hidesBackButton = false { didSet { owner?.navigationItemDidChange() } }

    init(owner: ViewController) {
        self.owner = owner
        super.init(simulation: owner.simulation, className: "NavigationItem", name: "\(owner.name).navigationItem")
    }

    deinit {
        BarButtonItem.hold([], releasing: leftBarButtonItems + rightBarButtonItems)
    }

    /// The item's title, else the controller's.
    public var title: String? {
        get { _title ?? owner?.title }
        set { _title = newValue; owner?.navigationItemDidChange() }
    }
}

extension ViewController {
    /// Created on first use, as UIKit does.
    public var navigationItem: NavigationItem {
        if let item = _navigationItem { return item }
        let item = NavigationItem(owner: self)
        _navigationItem = item
        return item
    }

    /// The nearest navigation controller above (UIKit's `navigationController`).
    public var navigationController: NavigationController? {
        var p = parent
        while let cur = p {
            if let nav = cur as? NavigationController { return nav }
            p = cur.parent
        }
        return nil
    }

    func navigationItemDidChange() {
        navigationController?.navigationBar.update()
    }
}
