import CLua
import Containment

/// `ui.NavigationController{ root = vc }` (README.md, The Lua API).
enum NavigationBinding {
    static func check(_ a: Args) throws -> NavigationController {
        try a.object(1, NavigationController.self, "NavigationController")
    }
    static func nav(_ c: PropertyContext) throws -> NavigationController { try c.receiver(NavigationController.self) }

    static func controllers(_ a: Args, _ i: Int32) throws -> [ViewController] {
        try a.table(i)
        var list: [ViewController] = []
        for k in 0..<Int(lua_rawlen(a.L, i)) {
            lua_rawgeti(a.L, i, lua_Integer(k + 1))
            defer { a.L.pop() }
            list.append(try a.object(a.L.top, ViewController.self, "ViewController"))
        }
        return list
    }

    static let methods: [LuaMethod] = [
        LuaMethod("pushViewController", "(vc: ViewController, animated: boolean?)", overridable: true,
                  doc: "Pushes `vc` on the stack and shows it.") { a in
            try check(a).pushViewController(try ViewControllerBinding.check(a, 2), animated: try a.flag(3)); return 0
        },
        LuaMethod("popViewController", "(animated: boolean?) -> ViewController?", overridable: true,
                  doc: "Pops the top controller and returns it (nil at the root).") { a in
            a.rt.push(try check(a).popViewController(animated: try a.flag(2))); return 1
        },
        LuaMethod("popToRootViewController", "(animated: boolean?) -> ViewController[]", overridable: true,
                  doc: "Pops all but the root; returns the popped ones.") { a in
            a.rt.push(objects: try check(a).popToRootViewController(animated: try a.flag(2))); return 1
        },
        LuaMethod("popToViewController", "(vc: ViewController, animated: boolean?) -> ViewController[]", overridable: true,
                  doc: "Pops down to `vc`; returns the popped ones.") { a in
            a.rt.push(objects: try check(a).popToViewController(try ViewControllerBinding.check(a, 2), animated: try a.flag(3))); return 1
        },
        LuaMethod("setViewControllers", "(list: ViewController[], animated: boolean?)", overridable: true, doc: "Replaces the stack.") { a in
            try check(a).setViewControllers(try controllers(a, 2), animated: try a.flag(3)); return 0
        },
        LuaMethod("setToolbarHidden", "(hidden: boolean, animated: boolean?)",
                  doc: "Hides or shows the toolbar; animated, it slides in 0.2 s and the top's safe area follows (Q71).") { a in
            try check(a).setToolbarHidden(try a.boolean(2), animated: try a.flag(3)); return 0
        },
        LuaMethod("setNavigationBarHidden", "(hidden: boolean, animated: boolean?)",
                  doc: "Hides or shows the bar; animated, it slides in 0.2 s and the top's safe area follows (Q68).") { a in
            try check(a).setNavigationBarHidden(try a.boolean(2), animated: try a.flag(3)); return 0
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("root", "ViewController", doc: "The bottom controller; setting it replaces the stack.",
                    get: { c in c.rt.push(try nav(c).viewControllers.first); return 1 },
                    set: { c, i in try nav(c).setRoot(try c.args.object(i, ViewController.self, "ViewController")) }),
        LuaProperty("viewControllers", "ViewController[]", doc: "The stack, root first.",
                    get: { c in c.rt.push(objects: try nav(c).viewControllers); return 1 },
                    set: { c, i in try nav(c).setViewControllers(try controllers(c.args, i), animated: false) }),
        LuaProperty("topViewController", "ViewController?", doc: "The top of the stack.",
                    get: { c in c.rt.push(try nav(c).topViewController); return 1 }),
        LuaProperty("visibleViewController", "ViewController?", doc: "What is on screen: the top, or what it presents.",
                    get: { c in c.rt.push(try nav(c).visibleViewController); return 1 }),
        LuaProperty("navigationBar", "NavigationBar", doc: "The navigation bar.",
                    get: { c in c.rt.push(try nav(c).navigationBar); return 1 }),
        LuaProperty("isNavigationBarHidden", "boolean", doc: "Whether the bar is hidden; set, it hides or shows at once.",
                    get: { c in c.L.push(try nav(c).isNavigationBarHidden); return 1 },
                    set: { c, i in try nav(c).isNavigationBarHidden = try c.args.boolean(i) }),
        LuaProperty("toolbar", "Toolbar", doc: "The toolbar at the bottom, showing the top controller's `toolbarItems` (Q71).",
                    get: { c in c.rt.push(try nav(c).toolbar); return 1 }),
        LuaProperty("isToolbarHidden", "boolean", doc: "Whether the toolbar is hidden (true by default); set, it hides or shows at once.",
                    get: { c in c.L.push(try nav(c).isToolbarHidden); return 1 },
                    set: { c, i in try nav(c).isToolbarHidden = try c.args.boolean(i) }),
        LuaProperty("interactivePopGestureRecognizer", "GestureRecognizer",
                    doc: "The leading-edge swipe that pops, attached to the view when it loads; `isEnabled = false` turns the swipe off. It refuses to begin at the root or mid-transition.",
                    get: { c in c.rt.push(try nav(c).interactivePopGestureRecognizer); return 1 }),
        LuaProperty("delegate", "NavigationControllerDelegate?", doc: "The delegate table.",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try nav(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    static let binding = LuaBinding(
        "NavigationController", NavigationController.self, doc: "A container with a stack of controllers and a bar; a left-edge swipe pops.",
        methods: methods, properties: properties, delegates: [delegate],
        make: { rt, className, name in NavigationController(simulation: rt.simulation, className: className, name: name) })
}

// UINavigationControllerDelegate (NavigationDelegate in the model).
extension NavigationBinding {
    static let willShow = LuaCall<(NavigationController, ViewController, Bool), Void>(
        "willShow", "(nav: NavigationController, vc: ViewController, animated: boolean)", doc: "Before `vc` is shown (Q9, Q11).",
        push: { rt, a in rt.push(a.0); rt.push(a.1); rt.L.push(a.2); return 3 })
    static let didShow = LuaCall<(NavigationController, ViewController, Bool), Void>(
        "didShow", "(nav: NavigationController, vc: ViewController, animated: boolean)", doc: "After `vc` was shown (Q9).",
        push: { rt, a in rt.push(a.0); rt.push(a.1); rt.L.push(a.2); return 3 })
    static let animationController = LuaCall<(NavigationController, NavigationController.Operation, ViewController, ViewController), LuaAnimator>(
        "animationController", "(nav: NavigationController, operation: string, from: ViewController, to: ViewController) -> Animator?",
        doc: "An animator for a `push` or `pop`, or nil for the default.",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1.rawValue); rt.push(a.2); rt.push(a.3); return 4 }, read: LuaRead.animator)
    static let interactionController = LuaCall<(NavigationController, TransitionAnimator), PercentDrivenInteractiveTransition>(
        "interactionController", "(nav: NavigationController, animator: Animator) -> PercentDrivenInteractiveTransition?",
        doc: "What drives that animator by hand, or nil.",
        push: { rt, a in rt.push(a.0); LuaAnimator.push(rt, a.1); return 2 },
        read: LuaRead.object(PercentDrivenInteractiveTransition.self, "a PercentDrivenInteractiveTransition"))

    static let supportedInterfaceOrientations = LuaCall<NavigationController, InterfaceOrientationMask>(
        "supportedInterfaceOrientations", "(nav: NavigationController) -> string|string[]|nil",
        doc: "The navigation controller's orientations (a mask's name or a list), or nil for UIKit's default (Q82).",
        push: { rt, nav in rt.push(nav); return 1 }, read: LuaRead.orientationMask)
    static let preferredInterfaceOrientationForPresentation = LuaCall<NavigationController, String>(
        "preferredInterfaceOrientationForPresentation", "(nav: NavigationController) -> string?",
        doc: "The orientation it is presented in, full screen, or nil for the interface's (Q82).",
        push: { rt, nav in rt.push(nav); return 1 }, read: LuaRead.orientation)

    static let delegate = LuaProtocol(name: "NavigationControllerDelegate", field: "delegate",
                                      doc: "A navigation controller's delegate table.",
                                      methods: [willShow.hook, didShow.hook, animationController.hook, interactionController.hook,
                                                supportedInterfaceOrientations.hook, preferredInterfaceOrientationForPresentation.hook])
}

extension LuaBridge: NavigationDelegate {
    func willShow(_ nav: NavigationController, _ vc: ViewController, animated: Bool) {
        call(NavigationBinding.willShow, (nav, vc, animated))
    }
    func didShow(_ nav: NavigationController, _ vc: ViewController, animated: Bool) {
        call(NavigationBinding.didShow, (nav, vc, animated))
    }
    func animationController(_ nav: NavigationController, operation: NavigationController.Operation,
                             from: ViewController, to: ViewController) -> TransitionAnimator? {
        call(NavigationBinding.animationController, (nav, operation, from, to))
    }
    func interactionController(_ nav: NavigationController, animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? {
        call(NavigationBinding.interactionController, (nav, animator))
    }
    func supportedInterfaceOrientations(_ nav: NavigationController) -> InterfaceOrientationMask? {
        call(NavigationBinding.supportedInterfaceOrientations, nav)
    }
    func preferredInterfaceOrientationForPresentation(_ nav: NavigationController) -> String? {
        call(NavigationBinding.preferredInterfaceOrientationForPresentation, nav)
    }
}
