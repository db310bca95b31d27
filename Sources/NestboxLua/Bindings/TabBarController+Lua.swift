import Containment

/// `ui.TabBarController{ viewControllers = {...} }`
enum TabBarControllerBinding {
    static func tbc(_ c: PropertyContext) throws -> TabBarController { try c.receiver(TabBarController.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("viewControllers", "ViewController[]", doc: "The tabs' controllers; beyond five, the fifth tab is More.",
                    get: { c in c.rt.push(objects: try tbc(c).viewControllers); return 1 },
                    set: { c, i in try tbc(c).setViewControllers(try NavigationBinding.controllers(c.args, i)) }),
        LuaProperty("selectedIndex", "integer?", doc: "The 1-based selected tab; nil while More is selected (UIKit's NSNotFound).",
                    get: { c in
            if let i = try tbc(c).selectedIndex { c.L.push(i + 1) } else { c.L.pushNil() }
            return 1
        }, set: { c, i in
            let n = try c.args.number(i)
            guard n == n.rounded(), n >= 1, n <= 1e9 else { throw LuaFailure.argument(i, "index must be a positive integer") }
            try tbc(c).setSelectedIndex(Int(n) - 1)
        }),
        LuaProperty("selectedViewController", "ViewController?", doc: "The selected tab's controller.",
                    get: { c in c.rt.push(try tbc(c).selectedViewController); return 1 },
                    set: { c, i in try tbc(c).setSelectedViewController(try c.args.object(i, ViewController.self, "ViewController")) }),
        LuaProperty("tabBar", "TabBar", doc: "The bar the controller manages.",
                    get: { c in c.rt.push(try tbc(c).tabBar); return 1 }),
        LuaProperty("moreNavigationController", "NavigationController", doc: "The More tab's navigation controller.",
                    get: { c in c.rt.push(try tbc(c).moreNavigationController); return 1 }),
        LuaProperty("customizableViewControllers", "ViewController[]", doc: "The controllers a user may rearrange: a subset of `viewControllers` (others are dropped).",
                    get: { c in c.rt.push(objects: try tbc(c).customizableViewControllers); return 1 },
                    set: { c, i in try tbc(c).customizableViewControllers = try NavigationBinding.controllers(c.args, i) }),
        LuaProperty("delegate", "TabBarControllerDelegate?", doc: "The delegate table.",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try tbc(c).delegate = try c.rt.setDelegateTable(c, i) }),
        LuaProperty("isTabBarHidden", "boolean", doc: "Whether `setTabBarHidden` hid the bar; set, it hides or shows at once (Q68).",
                    get: { c in c.L.push(try tbc(c).isTabBarHidden); return 1 },
                    set: { c, i in try tbc(c).setTabBarHidden(try c.args.boolean(i), animated: false) }),
    ]

    static let methods: [LuaMethod] = [
        LuaMethod("setViewControllers", "(list: ViewController[], animated: boolean?)",
                  doc: "Sets `viewControllers`; the bar's items are laid out at once either way (their animation is not modelled: Q68).") { a in
            let t = try a.object(1, TabBarController.self, "TabBarController")
            let list = try NavigationBinding.controllers(a, 2)
            _ = try a.flag(3)
            try t.setViewControllers(list)
            return 0
        },
        LuaMethod("setTabBarHidden", "(hidden: boolean, animated: boolean?)",
                  doc: "Hides or shows the bar; animated, it slides down out of the view (up back into it) in 0.2 s, the selected controller's safe area following as it starts (Q68).") { a in
            try a.object(1, TabBarController.self, "TabBarController").setTabBarHidden(try a.boolean(2), animated: try a.flag(3))
            return 0
        },
    ]

    static let binding = LuaBinding(
        "TabBarController", TabBarController.self, doc: "A container showing one child at a time, chosen with a tab bar.",
        methods: methods, properties: properties, delegates: [delegate],
        make: { rt, className, name in TabBarController(simulation: rt.simulation, className: className, name: name) })
}

// UITabBarControllerDelegate (TabBarControllerDelegate in the model).
extension TabBarControllerBinding {
    static let shouldSelect = LuaCall<(TabBarController, ViewController), Bool>(
        "shouldSelect", "(tbc: TabBarController, vc: ViewController) -> boolean?", doc: "False refuses the tap (nil allows it).",
        push: { rt, a in rt.push(a.0); rt.push(a.1); return 2 }, read: LuaRead.boolean)
    static let didSelect = LuaCall<(TabBarController, ViewController), Void>(
        "didSelect", "(tbc: TabBarController, vc: ViewController)", doc: "After a tap selected a tab (Q12).",
        push: { rt, a in rt.push(a.0); rt.push(a.1); return 2 })
    static let animationController = LuaCall<(TabBarController, ViewController, ViewController), LuaAnimator>(
        "animationController", "(tbc: TabBarController, from: ViewController, to: ViewController) -> Animator?",
        doc: "An animator for the switch, or nil for none.",
        push: { rt, a in rt.push(a.0); rt.push(a.1); rt.push(a.2); return 3 }, read: LuaRead.animator)
    static let interactionController = LuaCall<(TabBarController, TransitionAnimator), PercentDrivenInteractiveTransition>(
        "interactionController", "(tbc: TabBarController, animator: Animator) -> PercentDrivenInteractiveTransition?",
        doc: "What drives that animator by hand (a cancel keeps the old tab), or nil.",
        push: { rt, a in rt.push(a.0); LuaAnimator.push(rt, a.1); return 2 },
        read: LuaRead.object(PercentDrivenInteractiveTransition.self, "a PercentDrivenInteractiveTransition"))

    static let supportedInterfaceOrientations = LuaCall<TabBarController, InterfaceOrientationMask>(
        "supportedInterfaceOrientations", "(tbc: TabBarController) -> string|string[]|nil",
        doc: "The tab bar controller's orientations (a mask's name or a list), or nil for UIKit's default (Q82).",
        push: { rt, tbc in rt.push(tbc); return 1 }, read: LuaRead.orientationMask)
    static let preferredInterfaceOrientationForPresentation = LuaCall<TabBarController, String>(
        "preferredInterfaceOrientationForPresentation", "(tbc: TabBarController) -> string?",
        doc: "The orientation it is presented in, full screen, or nil for the interface's (Q82).",
        push: { rt, tbc in rt.push(tbc); return 1 }, read: LuaRead.orientation)

    static let delegate = LuaProtocol(name: "TabBarControllerDelegate", field: "delegate",
                                      doc: "A tab bar controller's delegate table.",
                                      methods: [shouldSelect.hook, didSelect.hook, animationController.hook, interactionController.hook,
                                                supportedInterfaceOrientations.hook, preferredInterfaceOrientationForPresentation.hook])
}

extension LuaBridge: TabBarControllerDelegate {
    func shouldSelect(_ tbc: TabBarController, _ vc: ViewController) -> Bool {
        call(TabBarControllerBinding.shouldSelect, (tbc, vc)) ?? true
    }
    func didSelect(_ tbc: TabBarController, _ vc: ViewController) {
        call(TabBarControllerBinding.didSelect, (tbc, vc))
    }
    func animationController(_ tbc: TabBarController, from: ViewController, to: ViewController) -> TransitionAnimator? {
        call(TabBarControllerBinding.animationController, (tbc, from, to))
    }
    func interactionController(_ tbc: TabBarController, animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? {
        call(TabBarControllerBinding.interactionController, (tbc, animator))
    }
    func supportedInterfaceOrientations(_ tbc: TabBarController) -> InterfaceOrientationMask? {
        call(TabBarControllerBinding.supportedInterfaceOrientations, tbc)
    }
    func preferredInterfaceOrientationForPresentation(_ tbc: TabBarController) -> String? {
        call(TabBarControllerBinding.preferredInterfaceOrientationForPresentation, tbc)
    }
}
