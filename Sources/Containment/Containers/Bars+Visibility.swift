// Bars that leave and come back: the navigation bar and the toolbar by
// `setNavigationBarHidden` and `setToolbarHidden` (Q68, Q71), the tab bar while a pushed
// controller asks for it gone (`hidesBottomBarWhenPushed`, Q68). Each change moves the
// children's safe area and their layout with it (Q16).

/// A navigation controller's bar or toolbar: hidden or not, and the slides in flight
/// (the last to end hides or shows the bar's view for good).
struct BarVisibility {
    var isHidden: Bool
    var slides = 0
}

extension NavigationController {
    /// UINavigationController.hideShowBarDuration (Q68: 0.2 s on current iOS).
    public static let hideShowBarDuration = 0.2

    /// Animated on screen, the bar slides up out of the view (down back into it) in
    /// `hideShowBarDuration`, the top controller's safe area changing as it starts and
    /// its view laid out inside the animation; otherwise the change is immediate.
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        slide(\.navigationBarVisibility, navigationBar, "setNavigationBarHidden", hidden: hidden, animated: animated)
    }

    /// The toolbar likewise, from and to below the view (Q71).
    public func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        slide(\.toolbarVisibility, toolbar, "setToolbarHidden", hidden: hidden, animated: animated)
    }

    func setBar(_ bar: ReferenceWritableKeyPath<NavigationController, BarVisibility>, hidden: Bool) {
        guard hidden != self[keyPath: bar].isHidden || self[keyPath: bar].slides > 0 else { return }
        self[keyPath: bar].isHidden = hidden
        layoutContent()
    }

    private func slide(_ bar: ReferenceWritableKeyPath<NavigationController, BarVisibility>, _ barView: View, _ call: String,
                       hidden: Bool, animated: Bool) {
        simulation.trace.record(.call, self, call, [("_", .bool(hidden)), ("animated", .bool(animated))])
        guard hidden != self[keyPath: bar].isHidden else { return }
        guard animated, isShowing, let v = viewIfLoaded else { setBar(bar, hidden: hidden); return }
        self[keyPath: bar].slides += 1
        barView.isHidden = false
        simulation.animator.animate(duration: Self.hideShowBarDuration, curve: .easeInOut, animations: {
            self[keyPath: bar].isHidden = hidden
            self.layoutContent(keepingBarVisible: true)
            v.layoutIfNeeded()
        }, completion: { [weak self, weak barView] _ in
            guard let self else { return }
            self[keyPath: bar].slides -= 1
            if self[keyPath: bar].slides == 0 { barView?.isHidden = self[keyPath: bar].isHidden }
        })
    }
}

extension TabBarController {
    /// Q68: the tab bar is hidden while the selected navigation controller's stack holds
    /// a controller whose hidesBottomBarWhenPushed is true ("the bottom bar remains
    /// hidden until the view controller is popped from the stack", Apple's page).
    func bottomBarShouldHide() -> Bool {
        if isTabBarHidden { return true }
        guard let nav = selectedViewController as? NavigationController else { return false }
        return nav.viewControllers.contains { $0.hidesBottomBarWhenPushed }
    }

    /// iOS 18's setTabBarHidden(_:animated:): animated on screen, the bar slides down out
    /// of the view (up back into it) in the navigation bar's 0.2 s (Q68), the selected
    /// controller's safe area changing as it starts; otherwise at once.
    public func setTabBarHidden(_ hidden: Bool, animated: Bool) {
        simulation.trace.record(.call, self, "setTabBarHidden", [("_", .bool(hidden)), ("animated", .bool(animated))])
        guard hidden != isTabBarHidden else { return }
        isTabBarHidden = hidden
        updateBottomBar(slide: animated ? (push: hidden, duration: NavigationController.hideShowBarDuration) : nil)
    }

    /// Brings the tab bar in line with the selected stack. `slide`: a push (the bar
    /// leaves to the left with the outgoing view) or a pop (it comes back from there),
    /// over `duration`; nil for at once.
    func updateBottomBar(slide: (push: Bool, duration: Double)? = nil) {
        let hide = bottomBarShouldHide()
        guard hide != bottomBarHidden else { return }
        let from = tabBarFrame
        bottomBarHidden = hide
        let to = tabBarFrame
        selectedViewController?.viewIfLoaded?.safeAreaNeedsUpdate = true
        viewIfLoaded?.setNeedsLayout()
        guard let slide, isShowing, tabBar.superview != nil else {
            tabBar.isHidden = hide
            tabBar.frame = to
            return
        }
        tabBar.isHidden = false
        tabBar.frame = from
        simulation.animator.animate(duration: slide.duration, curve: .easeInOut, animations: {
            self.tabBar.frame = to
        }, completion: { [weak self] _ in
            guard let self, self.bottomBarHidden == hide else { return }
            self.tabBar.isHidden = hide
        })
    }
}
