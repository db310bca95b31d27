/// UIToolbar as a navigation controller shows it (docs/containment.md, Navigation
/// controllers; Q71): hidden by default; shown, it sits at the bottom of the navigation
/// controller's view with the top controller's toolbarItems as buttons.
public final class Toolbar: NavigationChrome {
    /// 44 points, and the bottom safe-area inset below that (the bar's background runs
    /// under the home indicator, as the tab bar's does).
    static let height = 44.0
    var buttons: [(Button, Double)] = []

    init(navigationController nav: NavigationController) {
        super.init(nav, className: "Toolbar", part: "toolbar")
    }

    /// The top controller's items, as buttons (chrome: no trace events).
    func update() {
        for s in subviews { s.detach() }
        buttons = (navigationController?.topViewController?.toolbarItems ?? []).map(attachButton)
        placeItems()
    }

    /// Q71: from the leading edge, 8 points in and 8 apart, each as wide as a bar's.
    override func placeItems() {
        super.placeItems()
        var x = 8.0
        for (b, width) in buttons {
            let f = Rect(x: x, y: 0, width: width, height: Self.height)
            if b.frame != f { b.frame = f }
            x += width + 8
        }
    }
}

/// A view controller's toolbarItems, counted as listings of each item (its ownership,
/// as a navigation item's are) for as long as the controller has them.
final class ToolbarItemList {
    var items: [BarButtonItem] = [] {
        didSet {
            for item in items { item.listings += 1 }
            for item in oldValue { item.listings -= 1 }
        }
    }
    deinit { for item in items { item.listings -= 1 } }
}

extension View {
    /// A button for a bar button item, attached last; its width as a bar lays it out.
    func attachButton(for item: BarButtonItem) -> (Button, Double) {
        let b = Button(simulation: simulation, name: "\(item.name).button")
        b.title = item.title
        // Weak: the item belongs to a navigation item or a toolbar list; a kept button
        // must not keep it.
        b.builtInAction = { [weak item] event in if event == .touchUpInside { item?.trigger() } }
        attach(b, at: subviews.count)
        return (b, NavigationBar.width(of: item))
    }
}

extension ViewController {
    /// UIViewController.toolbarItems: what a navigation controller's toolbar shows while
    /// this controller is on top.
    public var toolbarItems: [BarButtonItem] {
        get { _toolbarItems?.items ?? [] }
        set {
            let list = _toolbarItems ?? ToolbarItemList()
            _toolbarItems = list
            list.items = newValue
            if let nav = parent as? NavigationController, nav.topViewController === self { nav.toolbar.update() }
        }
    }
}

extension NavigationController {
    /// At the bottom of the view, 44 plus the bottom inset high; hidden, just below it.
    var toolbarFrame: Rect {
        let v = viewIfLoaded
        let b = v?.bounds ?? simulation.screen.bounds
        let h = Toolbar.height + (v?.safeAreaInsets.bottom ?? simulation.screen.safeAreaInsets.bottom)
        return Rect(x: 0, y: b.size.height - (isToolbarHidden ? 0 : h), width: b.size.width, height: h)
    }
}
