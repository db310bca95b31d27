/// Bars that leave and come back: the navigation bar by `setNavigationBarHidden(_:animated:)`,
/// the tab bar while a pushed controller asks for it gone (`hidesBottomBarWhenPushed`).
/// Each change moves the children's safe area and their layout with it (Q16, Q68).
extension NavigationController {
    /// UINavigationController.hideShowBarDuration (Q68: 0.2 s on current iOS).
    public static let hideShowBarDuration = 0.2

    /// Animated on screen, the bar slides up out of the view (down back into it) in
    /// `hideShowBarDuration`, the top controller's safe area changing as it starts and
    /// its view laid out inside the animation; otherwise the change is immediate.
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        simulation.trace.record(.call, self, "setNavigationBarHidden", [("_", .bool(hidden)), ("animated", .bool(animated))])
        guard hidden != isNavigationBarHidden else { return }
        guard animated, isShowing, let v = viewIfLoaded else { isNavigationBarHidden = hidden; return }
        barAnimations += 1
        navigationBar.isHidden = false
        simulation.animator.animate(duration: Self.hideShowBarDuration, curve: .easeInOut, animations: {
            self.barHiddenState = hidden
            self.layoutContent(keepingBarVisible: true)
            v.layoutIfNeeded()
        }, completion: { [weak self] _ in
            guard let self else { return }
            self.barAnimations -= 1
            if self.barAnimations == 0 { self.navigationBar.isHidden = self.isNavigationBarHidden }
        })
    }
}

extension TabBarController {
    /// Q68: the tab bar is hidden while the selected navigation controller's stack holds
    /// a controller whose hidesBottomBarWhenPushed is true ("the bottom bar remains
    /// hidden until the view controller is popped from the stack", Apple's page).
    func bottomBarShouldHide() -> Bool {
        guard let nav = selectedViewController as? NavigationController else { return false }
        return nav.viewControllers.contains { $0.hidesBottomBarWhenPushed }
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
