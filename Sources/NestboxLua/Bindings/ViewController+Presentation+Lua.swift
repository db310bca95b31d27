import CLua
import Containment

// Not a bound type of its own: ViewController's binding appends these (ViewController+Lua.swift).
/// What view controllers gain with containers: presentation and the container links.
/// The fields-table key of the presentation controller a controller's userdata holds: a
/// light userdata, which no script can make.
private let heldPresentationKey = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

enum PresentationMethods {
    static let methods: [LuaMethod] = [
        LuaMethod("show", "(vc: ViewController, sender: any?)", overridable: true,
                  doc: "Shows `vc` where the container above decides: a navigation controller pushes it, a split view controller puts it in a column; with none, the window's root presents it (Q61).") { a in
            try ViewControllerBinding.check(a).show(try ViewControllerBinding.check(a, 2), action: .show); return 0
        },
        LuaMethod("showDetailViewController", "(vc: ViewController, sender: any?)", overridable: true,
                  doc: "Shows `vc` as a detail: an expanded split view controller makes it the secondary column's, a collapsed one pushes it; with none, the window's root presents it (Q61).") { a in
            try ViewControllerBinding.check(a).show(try ViewControllerBinding.check(a, 2), action: .showDetailViewController); return 0
        },
        LuaMethod("targetViewController", "(action: string, sender: any?) -> ViewController?",
                  doc: "The controller `show` or `showDetailViewController` (the action's name) would reach: this one, a parent or a presenter that handles it.") { a in
            let name = try a.string(2)
            guard let action = ShowAction(rawValue: name) else {
                throw LuaFailure.argument(2, "action must be 'show' or 'showDetailViewController', got '\(name.prefix(80))'")
            }
            a.rt.push(try ViewControllerBinding.check(a).targetViewController(for: action)); return 1
        },
        LuaMethod("setToolbarItems", "(items: BarButtonItem[]?, animated: boolean?)",
                  doc: "Sets `toolbarItems` (the change is not animated in Nestbox: Q71).") { a in
            try ViewControllerBinding.check(a).toolbarItems = try NavigationItemBinding.items(a, 2)
            _ = try a.flag(3)
            return 0
        },
        LuaMethod("present", "(vc: ViewController, animated: boolean?, completion: fun()?)", overridable: true,
                  doc: "Presents `vc` modally in its `modalPresentationStyle`.") { a in
            let vc = try ViewControllerBinding.check(a)
            let other = try ViewControllerBinding.check(a, 2)
            let done = try a.optionalCallback(4)
            try vc.present(other, animated: try a.flag(3)) { done?.call(object: vc, what: "completion") }
            return 0
        },
        LuaMethod("dismiss", "(animated: boolean?, completion: fun()?)", overridable: true,
                  doc: "Dismisses what the controller presents (or itself, if presented), with everything above (Q15b).") { a in
            let vc = try ViewControllerBinding.check(a)
            let done = try a.optionalCallback(3)
            vc.dismiss(animated: try a.flag(2)) { done?.call(object: vc, what: "completion") }
            return 0
        },
    ]

    static func vc(_ c: PropertyContext) throws -> ViewController { try c.receiver(ViewController.self) }

    /// Pushes `pc`; one UIKit made (Q81) also hangs from the reading controller's userdata,
    /// under a key no script can write: it lives as long as that userdata, and a delegate
    /// closing over the controller is a cycle the collector takes (PresentationController.isOwned).
    static func hang(_ c: PropertyContext, _ pc: PresentationController?) {
        c.rt.push(pc)
        guard let pc, pc.systemStyle != nil, c.L.type(-1) == LUA_TUSERDATA else { return }
        if lua_getiuservalue(c.L, c.ud, 1) != LUA_TTABLE {
            c.L.pop(); c.L.newTable(); lua_pushvalue(c.L, -1); lua_setiuservalue(c.L, c.ud, 1)
        }
        lua_pushvalue(c.L, -2)
        lua_rawsetp(c.L, -2, heldPresentationKey)
        c.L.pop()
        c.rt.fieldChanged(c.object, valueType: LUA_TUSERDATA, ud: c.ud)
    }

    static let properties: [LuaProperty] = [
        LuaProperty("navigationController", "NavigationController?", doc: "The nearest navigation controller above.",
                    get: { c in c.rt.push(try vc(c).navigationController); return 1 }),
        LuaProperty("tabBarController", "TabBarController?", doc: "The nearest tab bar controller above.",
                    get: { c in c.rt.push(try vc(c).tabBarController); return 1 }),
        LuaProperty("splitViewController", "SplitViewController?", doc: "The nearest split view controller above.",
                    get: { c in c.rt.push(try vc(c).splitViewController); return 1 }),
        LuaProperty("navigationItem", "NavigationItem", doc: "What the controller shows in a navigation bar.",
                    get: { c in c.rt.push(try vc(c).navigationItem); return 1 }),
        LuaProperty("tabBarItem", "TabBarItem", doc: "What the controller shows in a tab bar.",
                    get: { c in c.rt.push(try vc(c).tabBarItem); return 1 },
                    set: { c, i in try vc(c).tabBarItem = try c.args.object(i, TabBarItem.self, "TabBarItem") }),
        LuaProperty("presentedViewController", "ViewController?", doc: "What this controller, or its nearest ancestor, presents.",
                    get: { c in c.rt.push(try vc(c).presentedViewController); return 1 }),
        LuaProperty("presentingViewController", "ViewController?",
                    doc: "What presents this controller, or, for a child, its nearest presented ancestor.",
                    get: { c in c.rt.push(try vc(c).presentingViewControllerOfAncestor); return 1 }),
        LuaProperty("transitionCoordinator", "TransitionCoordinator?",
                    doc: "The coordinator of a presentation, dismissal, push, pop or animated tab switch this controller or a parent takes part in; nil between transitions (Q80).",
                    get: { c in c.rt.push(try vc(c).transitionCoordinator); return 1 }),
        LuaProperty("presentationController", "PresentationController?",
                    doc: "The controller of this controller's presentation: a custom presentation's own, else the one UIKit makes for its style, made on first read, before `present` too (Q81).",
                    get: { c in try hang(c, vc(c).presentationControllerForReading); return 1 }),
        LuaProperty("sheetPresentationController", "SheetPresentationController?",
                    doc: "`presentationController` when it is a page sheet's, else nil (Q81).",
                    get: { c in try hang(c, vc(c).sheetPresentationControllerForReading); return 1 }),
        LuaProperty("isModalInPresentation", "boolean",
                    doc: "True: a sheet showing this controller, or a parent of it, does not go with a swipe down; its presentation controller's delegate hears `didAttemptToDismiss` (Q81).",
                    get: { c in c.L.push(try vc(c).isModalInPresentation); return 1 },
                    set: { c, i in try vc(c).isModalInPresentation = try c.args.boolean(i) }),
        LuaProperty("isBeingPresented", "boolean", doc: "True during the appearance callbacks of a presentation.",
                    get: { c in c.L.push(try vc(c).isBeingPresented); return 1 }),
        LuaProperty("isBeingDismissed", "boolean", doc: "True during the disappearance callbacks of a dismissal.",
                    get: { c in c.L.push(try vc(c).isBeingDismissed); return 1 }),
        LuaProperty("modalPresentationStyle", "string",
                    doc: "`automatic` (default: a page sheet), `pageSheet`, `fullScreen`, `overFullScreen`, `currentContext`, `overCurrentContext` or `custom`.",
                    get: { c in c.L.push(try vc(c).modalPresentationStyle.rawValue); return 1 },
                    set: { c, i in
                        if let s = c.L.string(at: i), ModalPresentationStyle.unmodelled.contains(s) {
                            throw LuaFailure.argument(i, "the presentation style '\(s)' is not modelled by Nestbox (\(ModalPresentationStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
                        }
                        try vc(c).modalPresentationStyle = try c.args.choice(i, "presentation style")
                    }),
        LuaProperty("modalTransitionStyle", "string", doc: "`coverVertical` (default: slides up) or `crossDissolve` (fades in) (Q67).",
                    get: { c in c.L.push(try vc(c).modalTransitionStyle.rawValue); return 1 },
                    set: { c, i in
                        if let s = c.L.string(at: i), ModalTransitionStyle.unmodelled.contains(s) {
                            throw LuaFailure.argument(i, "the transition style '\(s)' is not modelled by Nestbox (coverVertical, crossDissolve)")
                        }
                        try vc(c).modalTransitionStyle = try c.args.choice(i, "transition style")
                    }),
        LuaProperty("toolbarItems", "BarButtonItem[]", doc: "What a navigation controller's toolbar shows while this controller is on top (Q71).",
                    get: { c in c.rt.push(objects: try vc(c).toolbarItems); return 1 },
                    set: { c, i in try vc(c).toolbarItems = try NavigationItemBinding.items(c.args, i) }),
        LuaProperty("hidesBottomBarWhenPushed", "boolean",
                    doc: "Whether the tab bar leaves while this controller is in the selected navigation stack (Q68).",
                    get: { c in c.L.push(try vc(c).hidesBottomBarWhenPushed); return 1 },
                    set: { c, i in try vc(c).hidesBottomBarWhenPushed = try c.args.boolean(i) }),
        LuaProperty("definesPresentationContext", "boolean",
                    doc: "Whether a `currentContext` presentation from here or below covers this controller's view (Q67).",
                    get: { c in c.L.push(try vc(c).definesPresentationContext); return 1 },
                    set: { c, i in try vc(c).definesPresentationContext = try c.args.boolean(i) }),
        LuaProperty("providesPresentationContextTransitionStyle", "boolean",
                    doc: "Whether a context presentation over this controller uses its `modalTransitionStyle`.",
                    get: { c in c.L.push(try vc(c).providesPresentationContextTransitionStyle); return 1 },
                    set: { c, i in try vc(c).providesPresentationContextTransitionStyle = try c.args.boolean(i) }),
        LuaProperty("transitioningDelegate", "TransitioningDelegate?", doc: "The table giving animators for a `custom` presentation.",
                    get: { c in c.rt.pushDelegateTable(c, field: "transitioningDelegate"); return 1 },
                    set: { c, i in
                        // A key UIKit's protocol has under another name would never be asked.
                        if c.L.type(i) == LUA_TTABLE, let problem = UIKitSurface.unmodelledKey(
                            c.L, i, protocol: "UIViewControllerTransitioningDelegate", modelled: PresentationMethods.transitioning.methods) {
                            throw LuaFailure.message(problem)
                        }
                        try vc(c).transitioningDelegate = try c.rt.setDelegateTable(c, i, field: "transitioningDelegate")
                    }),
    ]
}

// UIViewControllerTransitioningDelegate (PresentationAnimators in the model). UIKit's
// methods take no delegating object: the first parameter is the presented controller.
extension PresentationMethods {
    static let animationControllerForPresented = LuaCall<(ViewController, ViewController, ViewController), LuaAnimator>(
        "animationControllerForPresented", "(presented: ViewController, presenting: ViewController, source: ViewController) -> Animator?",
        doc: "The animator that presents, or nil for the default.",
        push: { rt, a in rt.push(a.0); rt.push(a.1); rt.push(a.2); return 3 }, read: LuaRead.animator)
    static let animationControllerForDismissed = LuaCall<ViewController, LuaAnimator>(
        "animationControllerForDismissed", "(dismissed: ViewController) -> Animator?",
        doc: "The animator that dismisses, or nil for the default.",
        push: { rt, a in rt.push(a); return 1 }, read: LuaRead.animator)
    static let interactionControllerForPresentation = LuaCall<TransitionAnimator, PercentDrivenInteractiveTransition>(
        "interactionControllerForPresentation", "(animator: Animator) -> PercentDrivenInteractiveTransition?",
        doc: "What drives the presentation by hand, or nil for an animated one.",
        push: { rt, a in LuaAnimator.push(rt, a); return 1 },
        read: LuaRead.object(PercentDrivenInteractiveTransition.self, "a PercentDrivenInteractiveTransition"))
    static let interactionControllerForDismissal = LuaCall<TransitionAnimator, PercentDrivenInteractiveTransition>(
        "interactionControllerForDismissal", "(animator: Animator) -> PercentDrivenInteractiveTransition?",
        doc: "What drives the dismissal by hand, or nil for an animated one.",
        push: { rt, a in LuaAnimator.push(rt, a); return 1 },
        read: LuaRead.object(PercentDrivenInteractiveTransition.self, "a PercentDrivenInteractiveTransition"))
    static let presentationController = LuaCall<(ViewController, ViewController, ViewController), PresentationController>(
        "presentationController", "(presented: ViewController, presenting: ViewController?, source: ViewController) -> PresentationController?",
        doc: "The presentation controller of a `custom` presentation, or nil for the default.",
        push: { rt, a in rt.push(a.0); rt.push(a.1); rt.push(a.2); return 3 },
        read: { rt, i in
            let answer = LuaRead.object(PresentationController.self, "a PresentationController")(rt, i)
            // One presentation controller presents one controller at a time.
            if case .value(let pc?) = answer, pc.isOwned {
                let other = pc.presentedViewController?.objectDescription ?? "another controller"
                return .wrong("\(pc.objectDescription), which is presenting \(other)")
            }
            return answer
        })

    static let transitioning = LuaProtocol(
        name: "TransitioningDelegate", field: "transitioningDelegate",
        doc: "Animators (every style), interaction controllers and a `custom` presentation's presentation controller.",
        methods: [animationControllerForPresented.hook, animationControllerForDismissed.hook, interactionControllerForPresentation.hook,
                  interactionControllerForDismissal.hook, presentationController.hook])
}

extension LuaBridge: PresentationAnimators {
    func animatorForPresented(_ presented: ViewController, presenting: ViewController, source: ViewController) -> TransitionAnimator? {
        call(PresentationMethods.animationControllerForPresented, (presented, presenting, source))
    }
    func animatorForDismissed(_ dismissed: ViewController) -> TransitionAnimator? {
        call(PresentationMethods.animationControllerForDismissed, dismissed)
    }
    func interactionForPresentation(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? {
        call(PresentationMethods.interactionControllerForPresentation, animator)
    }
    func interactionForDismissal(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? {
        call(PresentationMethods.interactionControllerForDismissal, animator)
    }
    func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                source: ViewController) -> PresentationController? {
        call(PresentationMethods.presentationController, (presented, presenting, source))
    }
}
