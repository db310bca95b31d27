/// UITabBarController (docs/containment.md, Tab bar controllers; S30–S34, policies Q12,
/// Q13b).
public final class TabBarController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    public var delegate: TabBarControllerDelegate?
    public private(set) lazy var tabBar: TabBar = {
        let bar = TabBar(simulation: simulation, name: "\(name).tabBar")
        bar.controller = self
        return bar
    }()
    /// Made when first needed or read, recording nothing (Q22): reading a property must
    /// not change the trace.
    public var moreNavigationController: NavigationController {
        if let more = moreIfMade { return more }
        let trace = simulation.trace, recording = trace.isEnabled
        trace.isEnabled = false
        defer { trace.isEnabled = recording }
        let nav = NavigationController(simulation: simulation, name: "\(name).more")
        try? nav.setRoot(MoreListController(tabBarController: self))   // a fresh controller: cannot fail
        nav.tabBarItem.title = "More"
        moreIfMade = nav
        return nav
    }
    private(set) var moreIfMade: NavigationController?
    /// "The subset of view controllers managed by this tab bar controller that can be
    /// customized" (Apple): anything else a script lists is dropped, so the list can
    /// never hold this controller or one that holds it (a cycle nothing could free).
    public var customizableViewControllers: [ViewController] = [] {
        didSet {
            customizableViewControllers = customizableViewControllers.filter { c in viewControllers.contains { $0 === c } }
        }
    }
    /// Q79: the selected controller decides the status bar, so a new one asks again.
    public internal(set) var selectedViewController: ViewController? {
        didSet { if selectedViewController !== oldValue { simulation.statusBarNeedsUpdate = true } }
    }
    /// Whether the selected stack hides the tab bar (Q68).
    public internal(set) var bottomBarHidden = false
    /// While a new list resets More's stack (`moreReleased` waits for the list).
    var resettingMore = false
    /// iOS 18's isTabBarHidden: what `setTabBarHidden(_:animated:)` last set (Q68).
    public internal(set) var isTabBarHidden = false
    /// An animator's switch is under way: a tap on the bar is not taken (Q69).
    var isSwitching = false

    /// The tabs and the selected one count too (Q5b): a script can move a tab's
    /// controller to another parent while the list keeps it.
    public override var heldControllers: [ViewController] {
        super.heldControllers + viewControllers + (selectedViewController.map { [$0] } ?? [])
    }

    public override init(simulation: Simulation, className: String = "TabBarController", name: String? = nil) {
        super.init(simulation: simulation, className: className, name: name)
        shouldAutomaticallyForwardAppearanceMethods = false
    }

    public override func appearanceChildren() -> [ViewController] {
        guard let s = selectedViewController, let v = s.viewIfLoaded, let root = viewIfLoaded, v.isDescendant(of: root) else { return [] }
        return [s]
    }

    public override func safeAreaInsets(addedFor child: ViewController) -> EdgeInsets { barInsets(for: child) }

    public override class var actsOnCallbacks: Bool { true }

    public override func handle(_ hook: Hook) {
        if case .viewDidLoad = hook { installChrome() }
        if case .viewWillLayoutSubviews = hook { layoutChrome() }
        super.handle(hook)
    }

    public override func prepareForAppearance(_ appearing: Bool) {
        if appearing { installSelected() }
    }

    /// "If more than five view controllers are added … only the first four will display"
    /// (UITabBarController.h), on a phone; an iPad shows up to eight.
    var maxTabs: Int { simulation.device.idiom == "pad" ? 8 : 5 }
    public var showsMore: Bool { viewControllers.count > maxTabs }
    /// The controllers the tabs show, More last when it is needed.
    public var tabControllers: [ViewController] {
        showsMore ? Array(viewControllers.prefix(maxTabs - 1)) + [moreNavigationController] : viewControllers
    }

    /// Sets the controllers. Children get willMove and didMove now (Q12); every one is
    /// customizable (UITabBarController.h).
    public func setViewControllers(_ list: [ViewController]) throws {
        // Q13c: a controller listed twice would be a tab twice and a child twice; UIKit's
        // text for it is not known.
        if let i = list.indices.first(where: { i in list[..<i].contains { $0 === list[i] } }) {
            throw ContainmentError.invalidArgument("Nestbox: \(list[i].objectDescription) is listed twice in the view controllers of \(objectDescription)")
        }
        simulation.trace.record(.call, self, "setViewControllers", [("_", .string(list.map(\.name).joined(separator: ", ")))])
        let old = viewControllers
        let oldIndex = selectedIndex
        // A controller shown in More (Q13b: the More navigation controller's child
        // meanwhile) that leaves the list, or stays but no longer behind More, leaves
        // More's stack first: More goes back to its list, and the controller is released
        // by it; one still in the list becomes this controller's child again.
        var reselect: ViewController?
        if let more = moreIfMade {
            let shown = Array(more.viewControllers.dropFirst())
            let behindMore = { (vc: ViewController) in
                list.count > self.maxTabs && (list.firstIndex { $0 === vc }.map { $0 >= self.maxTabs - 1 } ?? false)
            }
            let kept = shown.filter { vc in list.contains { $0 === vc } && !behindMore(vc) }
            let stackChanges = shown.contains { !behindMore($0) }
            if more === selectedViewController {
                // The controller shown, when the list keeps it as a tab, is selected again.
                reselect = kept.last
                if isShowing, list.count <= maxTabs || !kept.isEmpty {
                    // Q13c: More leaves the screen (with the controller it shows) first, as
                    // a dropped selection does; its stack goes back to its list off screen,
                    // with no appearance of the list.
                    more.containerBegin(false, animated: false)
                    more.viewIfLoaded?.removeFromSuperview()
                    more.containerEnd()
                    selectedViewController = nil
                }
            }
            if stackChanges, let list0 = more.viewControllers.first {
                resettingMore = true
                defer { resettingMore = false }
                try more.setViewControllers([list0], animated: false)
                for vc in kept where vc.parent == nil { try adoptBack(vc) }
            }
        }
        for vc in old where !list.contains(where: { $0 === vc }) && vc.parent === self {
            vc.willMove(toParent: nil)
            if vc === selectedViewController, isShowing {
                // Q13c: the selected one leaves the screen as it leaves the list, still a
                // child and in the window for its viewWillDisappear (before its view is
                // removed, as Apple documents it); the next selection is installed anew.
                vc.containerBegin(false, animated: false)
                vc.viewIfLoaded?.removeFromSuperview()
                vc.containerEnd()
                selectedViewController = nil
            } else {
                vc.viewIfLoaded?.removeFromSuperview()
            }
            vc.removeFromParent()
        }
        for vc in list where !old.contains(where: { $0 === vc }) {
            try addChild(vc)
            vc.didMove(toParent: self)
        }
        viewControllers = list
        // The More navigation controller is a child while the bar shows More, after the
        // list's (so a controller shown in it finds this one as its `tabBarController`,
        // as in UIKit); it leaves once the list fits (Q13b).
        if showsMore {
            let more = moreNavigationController
            if more.parent !== self {
                try addChild(more)
                more.didMove(toParent: self)
            }
        } else if let more = moreIfMade, more.parent === self {
            more.willMove(toParent: nil)
            more.removeFromParent()
        }
        // The old controllers go before the new ones come (Apple's documentation of
        // viewControllers): the children are the new list, in its order; a kept one
        // moves to its place with no callbacks. Others (More's controller) follow.
        children = list.filter { $0.parent === self } + children.filter { c in !list.contains { $0 === c } }
        customizableViewControllers = list
        tabBar.replaceItems(tabControllers.map(\.tabBarItem))
        // The same documentation: the selected controller if it is still there, else the
        // one at the same index, else the first.
        if let keep = [reselect, selectedViewController].compactMap({ $0 }).first(where: { s in tabControllers.contains { $0 === s } }) {
            select(keep, animated: false)
        } else if let i = oldIndex, list.indices.contains(i) {
            select(index: i)
        } else if let first = tabControllers.first {
            select(first, animated: false)
        }
    }

    /// The selected tab's index in viewControllers, nil while More is selected (UIKit's
    /// NSNotFound).
    public var selectedIndex: Int? {
        guard let s = selectedViewController, s !== moreIfMade else { return nil }
        return viewControllers.firstIndex { $0 === s }
    }

    /// By code: no delegate calls (Apple's documentation of didSelect). An index behind
    /// More selects More and shows that controller in it (Q13b).
    /// An index past the controllers selects nothing and raises nothing, as UIKit's
    /// setter finds no controller there (policies.md, Other choices); the call stays in
    /// the trace, with nothing after it.
    public func setSelectedIndex(_ i: Int) throws {
        simulation.trace.record(.call, self, "setSelectedIndex", "_", .number(Double(i + 1)))
        guard viewControllers.indices.contains(i) else { return }
        select(index: i)
    }

    /// The controller at `i` selected: in place, or behind More (Q13b).
    private func select(index i: Int) {
        let vc = viewControllers[i]
        if showsMore && i >= maxTabs - 1 {
            showInMore(vc, animated: false)
            select(moreNavigationController, animated: false)
        } else {
            select(vc, animated: false)
        }
    }

    public func setSelectedViewController(_ vc: ViewController) throws {
        if let more = moreIfMade, vc === more { select(vc, animated: false); return }
        guard let i = viewControllers.firstIndex(where: { $0 === vc }) else {
            throw ContainmentError.invalidArgument("-[UITabBarController setSelectedViewController:] only a view controller in the tab bar controller's list of view controllers can be selected.")
        }
        try setSelectedIndex(i)
    }

    /// A controller More's stack let go of (popped, or the top a reset dropped) that the
    /// list still holds is this controller's child again, as before it was shown there
    /// (Q13b); during a new list, `setViewControllers` sees to it against the new list.
    func moreReleased(_ vc: ViewController) {
        guard !resettingMore, vc.parent == nil, viewControllers.contains(where: { $0 === vc }) else { return }
        try? adoptBack(vc)
    }

    /// A controller back from More: its view leaves More's (off screen then, as UIKit's
    /// tab installs it anew), and it is this controller's child again.
    private func adoptBack(_ vc: ViewController) throws {
        if let v = vc.viewIfLoaded, let mv = moreIfMade?.viewIfLoaded, v.superview === mv { v.removeFromSuperview() }
        try addChild(vc)
        vc.didMove(toParent: self)
    }

    /// Pushes an overflow controller on the More navigation controller (Q13b: while
    /// shown there it is the More navigation controller's child).
    func showInMore(_ vc: ViewController, animated: Bool) {
        if vc is NavigationController {
            // UIKit shows a navigation controller's stack inside More's own bar; Nestbox
            // does not model that, and says so rather than show nothing silently.
            simulation.warn(vc, "Nestbox: \(vc.objectDescription) in More is not modelled: UIKit shows a navigation controller's stack in More's navigation controller; nothing is shown")
            return
        }
        let more = moreNavigationController
        if more.viewControllers.contains(where: { $0 === vc }) { return }
        guard let list = more.viewControllers.first else { return }
        if more.viewControllers.count > 1 {
            try? more.setViewControllers([list, vc], animated: animated)
        } else {
            try? more.pushViewController(vc, animated: animated)
        }
    }

    /// A tap on tab `index`: shouldSelect, then the switch, then didSelect (Q12); a
    /// re-tap of a navigation tab pops it to its root (Apple's UITabBarController
    /// documentation), after didSelect.
    func userSelectedTab(_ index: Int) {
        let tabs = tabControllers
        guard tabs.indices.contains(index) else { return }
        // Q69: a tap while an animated switch runs is not taken.
        guard !isSwitching else { simulation.ignored("tap", "\(objectDescription) is switching tabs"); return }
        let target = tabs[index]
        if let delegate {
            let ok = delegate.shouldSelect(self, target)
            simulation.trace.record(.delegate, self, "shouldSelect", [("viewController", .ref(target))], result: .bool(ok))
            guard ok else { return }
        }
        let reselect = target === selectedViewController
        if !reselect { select(target, animated: false) }
        if let delegate {
            simulation.trace.record(.delegate, self, "didSelect", "viewController", ref: target)
            delegate.didSelect(self, target)
        }
        if reselect, let nav = target as? NavigationController { nav.popToRootViewController(animated: true) }
    }
}

/// What a script's tab bar controller delegate answers.
public protocol TabBarControllerDelegate: AnyObject {
    func shouldSelect(_ tbc: TabBarController, _ vc: ViewController) -> Bool
    func didSelect(_ tbc: TabBarController, _ vc: ViewController)
    func animationController(_ tbc: TabBarController, from: ViewController, to: ViewController) -> TransitionAnimator?
    /// What drives that animator by hand (an interactive switch), or nil.
    func interactionController(_ tbc: TabBarController, animator: TransitionAnimator) -> PercentDrivenInteractiveTransition?
    /// tabBarControllerSupportedInterfaceOrientations and …PreferredInterfaceOrientationForPresentation
    /// (Q82): nil where the delegate has no answer.
    func supportedInterfaceOrientations(_ tbc: TabBarController) -> InterfaceOrientationMask?
    func preferredInterfaceOrientationForPresentation(_ tbc: TabBarController) -> String?
}

extension TabBarControllerDelegate {
    public func interactionController(_ tbc: TabBarController, animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? { nil }
    public func supportedInterfaceOrientations(_ tbc: TabBarController) -> InterfaceOrientationMask? { nil }
    public func preferredInterfaceOrientationForPresentation(_ tbc: TabBarController) -> String? { nil }
}
