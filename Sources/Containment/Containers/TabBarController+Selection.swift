/// Showing the selected tab: S30's order (new will-appear, old will-disappear, old
/// did-disappear, new did-appear), or the delegate's animator.
extension TabBarController {
    var tabBarHeight: Double { TabBar.height + simulation.screen.safeAreaInsets.bottom }

    public var contentFrame: Rect {
        let b = viewIfLoaded?.bounds ?? simulation.screen.bounds
        return Rect(x: 0, y: 0, width: b.size.width, height: max(0, b.size.height - tabBarHeight))
    }

    func installChrome() {
        guard let v = viewIfLoaded else { return }
        tabBar.frame = Rect(x: 0, y: v.bounds.size.height - tabBarHeight, width: v.bounds.size.width, height: tabBarHeight)
        tabBar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        v.attach(tabBar, at: v.subviews.count)
        tabBar.layoutItems()
    }

    /// Only the selected child's view is loaded and in place (docs/containment.md,
    /// Loading the view: containers load children lazily).
    func installSelected() {
        guard let v = viewIfLoaded, let s = selectedViewController else { return }
        let sv = s.view
        sv.frame = contentFrame
        sv.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if sv.superview !== v { try? v.insertSubview(sv, belowSubview: tabBar) }
    }

    var isShowing: Bool {
        viewIfLoaded?.window?.isVisible == true && (appearanceState == .appeared || appearanceState == .appearing)
    }

    func select(_ target: ViewController, animated: Bool) {
        let old = selectedViewController
        guard target !== old else { return }      // already selected: UIKit returns early too
        selectedViewController = target
        tabBar.selectedItem = target.tabBarItem
        tabBar.refreshButtons()
        guard isShowing, let old else {
            if let old { old.viewIfLoaded?.removeFromSuperview() }
            if isViewLoaded { installSelected() }
            return
        }
        let newView = target.view
        let custom = delegate?.animationController(self, from: old, to: target)
        target.beginAppearance(true, animated: custom != nil)
        old.beginAppearance(false, animated: custom != nil)
        if let custom {
            let ctx = TransitionContext(simulation: simulation, kind: .tabSelection, container: view, from: old, to: target,
                                        animator: custom, interactive: false) { _ in }
            custom.animateTransition(ctx)
            return
        }
        newView.frame = contentFrame
        newView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? view.insertSubview(newView, belowSubview: tabBar)
        target.deliverIsAppearing()
        old.viewIfLoaded?.removeFromSuperview()
        old.endAppearance()
        target.endAppearance()
    }
}

extension ViewController {
    /// Created on first use, titled with the controller's title, as UIKit's is.
    public var tabBarItem: TabBarItem {
        get {
            if let item = _tabBarItem { return item }
            let item = TabBarItem(simulation: simulation, title: title, name: "\(name).tabBarItem")
            _tabBarItem = item
            return item
        }
        set { _tabBarItem = newValue; (parent as? TabBarController)?.itemsChanged() }
    }

    /// The nearest tab bar controller above.
    public var tabBarController: TabBarController? {
        var p = parent
        while let cur = p {
            if let t = cur as? TabBarController { return t }
            p = cur.parent
        }
        return nil
    }
}

extension TabBarController {
    func itemsChanged() { tabBar.replaceItems(tabControllers.map(\.tabBarItem)) }
}
