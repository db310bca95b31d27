/// UITabBarDelegate, the part Nestbox models: a bare bar's selection (a managed bar's
/// goes to its tab bar controller).
public protocol TabBarDelegate: AnyObject {
    func didSelect(_ bar: TabBar, item: TabBarItem)
}

/// UITabBar: one TabBarButton per item, each holding a TabBarSwappableImageView and a
/// TabBarButtonLabel, in item order, as UIKit's private subviews are.
public final class TabBar: View {
    static let height = 49.0
    public internal(set) var items: [TabBarItem] = []
    public internal(set) var selectedItem: TabBarItem?
    /// Set when a tab bar controller manages this bar (W12, W13). Weak: a script may
    /// keep the bar after Lua collects its controller; the bar is then a bare one.
    public internal(set) weak var controller: TabBarController?
    /// A bare bar's delegate: the host's bridge (strong; it holds the bar weakly).
    public var delegate: TabBarDelegate?
    /// Translucent by default: a tab's view extends under it (Q18).
    public var isTranslucent = true {
        didSet { controller?.childLayoutDidChange() }
    }

    public override init(simulation: Simulation, className: String = "TabBar", name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: className, name: name, frame: frame)
    }

    public override var isOwned: Bool { super.isOwned || controller != nil }

    public var isManaged: Bool { controller != nil }

    static var managedError: ContainmentError { ContainmentError("NSInternalInconsistencyException",
                                               "Directly modifying a tab bar managed by a tab bar controller is not allowed.") }

    /// `bar.items = ...` from a script (W12 on a managed bar).
    public func setItems(_ list: [TabBarItem]) throws {
        if isManaged { throw Self.managedError }
        replaceItems(list)
    }

    /// `bar.selectedItem = ...` from a script: no delegate call (policy Q14).
    public func setSelectedItem(_ item: TabBarItem?) throws {
        if isManaged { throw Self.managedError }
        selectedItem = item
        refreshButtons()
    }

    func replaceItems(_ list: [TabBarItem]) {
        for i in items where i.bar === self { i.bar = nil }
        items = list
        for i in list { i.bar = self }
        if let s = selectedItem, !list.contains(where: { $0 === s }) { selectedItem = nil }
        layoutItems()
    }

    /// The buttons (chrome: no trace events). They are made once per set of items, like
    /// UIKit's, so views a script adds to one stay there.
    func layoutItems() {
        for s in subviews { s.detach() }
        guard !items.isEmpty else { return }
        for (i, item) in items.enumerated() {
            let b = TabBarButton(bar: self, index: i, frame: .zero)
            let image = View(simulation: simulation, className: "TabBarSwappableImageView", name: "\(b.name).image")
            let label = Label(simulation: simulation, className: "TabBarButtonLabel", name: "\(b.name).label")
            label.text = item.title
            label.textAlignment = "center"
            b.attach(image, at: 0)
            b.attach(label, at: 1)
            b.image = image
            b.label = label
            attach(b, at: subviews.count)
        }
        placeButtons()
        refreshButtons()
    }

    /// Equal widths across the bar; done again whenever the bar's bounds change (a bar
    /// sized after its items are set, a rotation), as UIKit's layoutSubviews does.
    func placeButtons() {
        let buttons = subviews.compactMap { $0 as? TabBarButton }
        guard !buttons.isEmpty else { return }
        let w = bounds.size.width / Double(items.count)
        func place(_ v: View?, _ f: Rect) { if let v, v.frame != f { v.frame = f } }
        for b in buttons where b.index < items.count {
            // Q74: right to left, the first item is the rightmost.
            let slot = isRightToLeft ? items.count - 1 - b.index : b.index
            place(b, Rect(x: Double(slot) * w, y: 0, width: w, height: Self.height))
            place(b.image, Rect(x: w / 2 - 15, y: 5, width: 30, height: 30))
            place(b.label, Rect(x: 0, y: 35, width: w, height: 14))
            place(b.badge, Rect(x: w / 2 + 8, y: 2, width: 20, height: 18))
        }
    }

    public override class var actsOnCallbacks: Bool { true }

    public override func handle(_ hook: Hook) {
        if case .layoutSubviews = hook { placeButtons() }
        super.handle(hook)
    }

    /// Titles, badges and selection, updated in place.
    func refreshButtons() {
        for case let b as TabBarButton in subviews where b.index < items.count {
            let item = items[b.index]
            b.label?.text = item.title
            b.isSelected = item === selectedItem
            if let badge = item.badgeValue {
                if b.badge == nil {
                    let l = Label(simulation: simulation, className: "TabBarBadge", name: "\(b.name).badge",
                                  frame: Rect(x: b.bounds.size.width / 2 + 8, y: 2, width: 20, height: 18))
                    b.attach(l, at: b.subviews.count)
                    b.badge = l
                }
                b.badge?.text = badge
            } else if let l = b.badge {
                l.detach()
                b.badge = nil
            }
        }
    }

    /// A finger on button `index`: a managed bar asks its controller; a bare bar selects
    /// and tells its delegate (Apple's documentation of
    /// tabBar(_:didSelect:)).
    func userTapped(_ index: Int) {
        guard index < items.count else { return }
        if let controller {
            controller.userSelectedTab(index)
            return
        }
        let item = items[index]
        selectedItem = item
        refreshButtons()
        simulation.trace.record(.delegate, self, "didSelectItem", "item", ref: item)
        delegate?.didSelect(self, item: item)
    }
}

/// One tab's button (UIKit's private UITabBarButton).
public final class TabBarButton: View, TapHandling {
    /// Weak: a script may keep the button after Lua collects its bar; a tap on it then
    /// selects nothing.
    weak var bar: TabBar?
    let index: Int
    public internal(set) var isSelected = false
    /// The item this button shows (a picture draws its image's name), nil once the bar
    /// is gone or has fewer items.
    public var item: TabBarItem? { bar.flatMap { index < $0.items.count ? $0.items[index] : nil } }
    var image: View?
    var label: Label?
    var badge: Label?

    init(bar: TabBar, index: Int, frame: Rect) {
        self.bar = bar
        self.index = index
        super.init(simulation: bar.simulation, className: "TabBarButton", name: "\(bar.name).button\(index + 1)", frame: frame)
    }

    public func handleTap(at point: Point) -> Bool {
        bar?.userTapped(index)
        return true
    }
}
