/// Showing the selected tab: S30's order (new will-appear, old will-disappear, old
/// did-disappear, new did-appear), or the delegate's animator.
extension TabBarController {
    /// 49 plus the view's bottom safe-area inset: the bar extends under the home
    /// indicator, sized again when the inset changes (a rotation).
    var tabBarHeight: Double {
        TabBar.height + (viewIfLoaded?.safeAreaInsets.bottom ?? simulation.screen.safeAreaInsets.bottom)
    }

    /// The selected controller's frame.
    public var contentFrame: Rect { contentFrame(for: selectedViewController) }

    /// Q18: a tab's view fills the tab bar controller's view, under the bar, unless the
    /// bar is opaque (and the child does not extend under opaque bars) or the child
    /// excludes the bottom edge; then it ends above the bar.
    func contentFrame(for vc: ViewController?) -> Rect {
        let b = viewIfLoaded?.bounds ?? simulation.screen.bounds
        let underBar = vc.map { $0.edgesForExtendedLayout.contains(.bottom) && (tabBar.isTranslucent || $0.extendedLayoutIncludesOpaqueBars) } ?? true
        if underBar || tabBar.isHidden || bottomBarHidden { return Rect(x: 0, y: 0, width: b.size.width, height: b.size.height) }
        return Rect(x: 0, y: 0, width: b.size.width, height: max(0, b.size.height - tabBarHeight))
    }

    /// Hidden by a pushed controller (Q68), the bar waits off the view's leading edge,
    /// where it slid to; hidden by setTabBarHidden, below the view.
    var tabBarFrame: Rect {
        let b = viewIfLoaded?.bounds ?? simulation.screen.bounds
        let h = tabBarHeight
        if bottomBarHidden && isTabBarHidden { return Rect(x: 0, y: b.size.height, width: b.size.width, height: h) }
        return Rect(x: bottomBarHidden ? -b.size.width : 0, y: b.size.height - h, width: b.size.width, height: h)
    }

    /// The bar's top edge is the bottom of a child's safe area (hidden, it adds nothing).
    func barInsets(for child: ViewController) -> EdgeInsets {
        guard !tabBar.isHidden, !bottomBarHidden, child.parent === self,
              let cv = child.viewIfLoaded, let v = viewIfLoaded, cv.superview === v else { return .zero }
        let covered = cv.frame.maxY - tabBar.frame.minY
        return EdgeInsets(top: 0, left: 0, bottom: max(0, covered), right: 0)
    }

    func installChrome() {
        guard let v = viewIfLoaded else { return }
        tabBar.frame = tabBarFrame
        tabBar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        v.attach(tabBar, at: v.subviews.count)
        tabBar.layoutItems()
    }

    /// The bar sized for the current bottom inset, the selected view in place.
    func layoutChrome() {
        guard let v = viewIfLoaded, tabBar.superview === v else { return }
        let bar = tabBarFrame
        if tabBar.frame != bar { tabBar.frame = bar }
        guard let s = selectedViewController, let sv = s.viewIfLoaded, sv.superview === v else { return }
        sv.safeAreaNeedsUpdate = true     // the bar may have moved (Q16)
        let f = contentFrame(for: s)
        if sv.frame != f { sv.frame = f }
    }

    /// Only the selected child's view is loaded and in place (docs/containment.md,
    /// Loading the view: containers load children lazily).
    func installSelected() {
        guard let v = viewIfLoaded, let s = selectedViewController else { return }
        updateBottomBar()
        let sv = s.view
        sv.frame = contentFrame(for: s)
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
        updateBottomBar()
        guard let old else {
            // Q13c: the selected controller left with the list: the new one appears on
            // its own (off screen, it is only put in place).
            guard isShowing else { if isViewLoaded { installSelected() }; return }
            target.containerBegin(true, animated: false)
            installSelected()
            target.deliverIsAppearing()
            target.containerEnd()
            return
        }
        guard isShowing else {
            old.viewIfLoaded?.removeFromSuperview()
            if isViewLoaded { installSelected() }
            return
        }
        let newView = target.view
        let custom = delegate?.animationController(self, from: old, to: target)
        // Q69: an interaction controller drives the animator; a cancelled switch leaves
        // the old tab selected, every callback balanced. Both are asked before the
        // will-callbacks, as a navigation controller asks them, so that the coordinator
        // says from the first whether the switch is interactive (Q80).
        let driver = custom.flatMap { delegate?.interactionController(self, animator: $0) }
        // Q80: only a switch the delegate's animator runs is a transition with a
        // coordinator, made with its context before the first callback; the tab bar
        // controller answers its children's.
        let ctx = custom.map { custom in
            TransitionContext(simulation: simulation, kind: .tabSelection, container: view, from: old, to: target,
                              animator: custom, interactive: driver != nil) { [weak self] completed in
                self?.isSwitching = false
                guard let self, !completed, self.selectedViewController === target else { return }
                self.selectedViewController = old
                self.tabBar.selectedItem = old.tabBarItem
                self.tabBar.refreshButtons()
                self.updateBottomBar()
            }
        }
        if let ctx { TransitionCoordinator(context: ctx).vend(to: [self]) }
        target.containerBegin(true, animated: custom != nil)
        old.containerBegin(false, animated: custom != nil)
        if let ctx {
            isSwitching = true
            ctx.run(driven: driver)
            return
        }
        newView.frame = contentFrame(for: target)
        newView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? view.insertSubview(newView, belowSubview: tabBar)
        target.deliverIsAppearing()
        old.viewIfLoaded?.removeFromSuperview()
        old.containerEnd()
        target.containerEnd()
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
