/// UINavigationBar: the top item's title, a back button titled from the item below
/// (its backButtonTitle, else its title, else "Back"), and the items' buttons.
public final class NavigationBar: View {
    static let height = 44.0
    /// Weak: a script may keep the bar after Lua collects its controller; the bar then
    /// keeps what it shows and no longer updates.
    weak var navigationController: NavigationController?
    public private(set) var titleLabel: Label?
    public private(set) var backButton: Button?

    init(navigationController nav: NavigationController) {
        navigationController = nav
        super.init(simulation: nav.simulation, className: "NavigationBar", name: "\(nav.name).navigationBar")
    }

    /// Rebuilds the bar's contents for the current top (chrome: no trace events).
    func update() {
        for s in subviews { s.detach() }
        titleLabel = nil
        backButton = nil
        guard let nav = navigationController, let top = nav.topViewController else { return }
        let item = top.navigationItem
        let w = bounds.size.width
        let stack = nav.viewControllers
        var left = 8.0
        let showsBack = stack.count > 1 && !item.hidesBackButton && item.leftBarButtonItems.isEmpty
        if showsBack {
            let below = stack[stack.count - 2]
            let b = Button(simulation: simulation, name: "\(nav.name).backButton", frame: Rect(x: left, y: 0, width: 100, height: Self.height))
            b.title = below._navigationItem?.backButtonTitle ?? below.navigationItem.title ?? "Back"
            // Weak: a script may keep the button after the controller is collected.
            b.builtInAction = { [weak nav] event in
                if event == .touchUpInside { nav?.popViewController(animated: true) }
            }
            attach(b, at: subviews.count)
            backButton = b
            left += 108
        }
        for bar in item.leftBarButtonItems {
            left += addItemButton(bar, x: left) + 8
        }
        var right = w - 8
        for bar in item.rightBarButtonItems {
            let width = Self.width(of: bar)
            right -= width
            _ = addItemButton(bar, x: right)
            right -= 8
        }
        let label = Label(simulation: simulation, name: "\(nav.name).titleLabel",
                          frame: Rect(x: w / 2 - 100, y: 0, width: 200, height: Self.height))
        label.text = item.title
        label.textAlignment = "center"
        attach(label, at: subviews.count)
        titleLabel = label
    }

    static func width(of item: BarButtonItem) -> Double { max(44, Double((item.title ?? "").count) * 9 + 16) }

    private func addItemButton(_ item: BarButtonItem, x: Double) -> Double {
        let width = Self.width(of: item)
        let b = Button(simulation: simulation, name: "\(item.name).button", frame: Rect(x: x, y: 0, width: width, height: Self.height))
        b.title = item.title
        // Weak: the item belongs to a navigation item; a kept button must not keep it.
        b.builtInAction = { [weak item] event in if event == .touchUpInside { item?.trigger() } }
        attach(b, at: subviews.count)
        return width
    }
}
