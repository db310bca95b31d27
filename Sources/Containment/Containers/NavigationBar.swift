/// A navigation controller's bar of buttons (its navigation bar, its toolbar): it shows
/// what the top controller gives it, and places its items again at a new width (a
/// rotation), as UIKit's bars lay them out.
public class NavigationChrome: View {
    /// Weak: a script may keep the bar after Lua collects its controller; the bar then
    /// keeps what it shows and no longer updates.
    weak var navigationController: NavigationController?
    /// The width and direction the items were placed for.
    var laidOutWidth = 0.0
    var laidOutRightToLeft = false

    init(_ nav: NavigationController, className: String, part: String) {
        navigationController = nav
        super.init(simulation: nav.simulation, className: className, name: "\(nav.name).\(part)")
    }

    public override class var actsOnCallbacks: Bool { true }

    public override func handle(_ hook: Hook) {
        if case .layoutSubviews = hook, bounds.size.width != laidOutWidth || isRightToLeft != laidOutRightToLeft { placeItems() }
        super.handle(hook)
    }

    /// Puts the items in place for the current width and direction (each bar's own layout).
    func placeItems() { laidOutWidth = bounds.size.width; laidOutRightToLeft = isRightToLeft }
}

/// UINavigationBar: the top item's title, a back button titled from the item below
/// (its backButtonTitle, else its title, else "Back"), and the items' buttons.
public final class NavigationBar: NavigationChrome {
    static let height = 44.0
    public private(set) var titleLabel: Label?
    public private(set) var backButton: Button?
    /// The item buttons with their widths.
    var leftButtons: [(Button, Double)] = []
    var rightButtons: [(Button, Double)] = []
    /// Translucent by default: the children's views extend under it (Q18).
    public var isTranslucent = true {
        didSet { navigationController?.childLayoutDidChange() }
    }

    init(navigationController nav: NavigationController) {
        super.init(nav, className: "NavigationBar", part: "navigationBar")
    }

    /// Rebuilds the bar's contents for the current top (chrome: no trace events).
    func update() {
        for s in subviews { s.detach() }
        titleLabel = nil
        backButton = nil
        leftButtons = []
        rightButtons = []
        guard let nav = navigationController, let top = nav.topViewController else { return }
        let item = top.navigationItem
        let stack = nav.viewControllers
        let showsBack = stack.count > 1 && !item.hidesBackButton && item.leftBarButtonItems.isEmpty
        if showsBack {
            let below = stack[stack.count - 2]
            let b = Button(simulation: simulation, name: "\(nav.name).backButton")
            b.title = below._navigationItem?.backButtonTitle ?? below.navigationItem.title ?? "Back"
            // Weak: a script may keep the button after the controller is collected.
            b.builtInAction = { [weak nav] event in
                if event == .touchUpInside { nav?.backButtonTapped() }
            }
            attach(b, at: subviews.count)
            backButton = b
        }
        leftButtons = item.leftBarButtonItems.map(attachButton)
        rightButtons = item.rightBarButtonItems.map(attachButton)
        let label = Label(simulation: simulation, name: "\(nav.name).titleLabel")
        label.text = item.title
        label.textAlignment = "center"
        attach(label, at: subviews.count)
        titleLabel = label
        placeItems()
        nav.toolbar.update()
    }

    /// The back button 100 wide at x = 8, left items after it, right items from the right
    /// edge, 8 apart; the title 200 wide, centred.
    override func placeItems() {
        super.placeItems()
        let w = bounds.size.width
        // Q74: right to left, the bar is mirrored: the back button and the left (leading)
        // items from the right edge, the right (trailing) items from the left.
        let mirrored = isRightToLeft
        func place(_ v: View, _ x: Double, _ width: Double) {
            let f = Rect(x: mirrored ? w - x - width : x, y: 0, width: width, height: Self.height)
            if v.frame != f { v.frame = f }
        }
        var left = 8.0
        if let b = backButton {
            place(b, left, 100)
            left += 108
        }
        for (b, width) in leftButtons {
            place(b, left, width)
            left += width + 8
        }
        var right = w - 8
        for (b, width) in rightButtons {
            right -= width
            place(b, right, width)
            right -= 8
        }
        if let label = titleLabel { place(label, w / 2 - 100, 200) }
    }

    static func width(of item: BarButtonItem) -> Double { max(44, Double((item.title ?? "").count) * 9 + 16) }
}
