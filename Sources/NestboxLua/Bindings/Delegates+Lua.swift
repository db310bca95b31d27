import CLua
import CLuaShim
import Containment

/// The Swift side of a script's delegate table. The table itself lives in the object's
/// fields (`delegate`, or `transitioningDelegate`), so it is collected with the object;
/// this bridge only knows which object to ask.
final class LuaDelegate: NavigationDelegate, TabBarControllerDelegate, PresentationAnimators {
    /// The methods below, as the API reference shows them.
    static let navigation = LuaProtocol(name: "NavigationControllerDelegate", field: "delegate",
                                        doc: "A navigation controller's delegate table.", methods: [
        LuaHook("willShow", "(nav: NavigationController, vc: ViewController, animated: boolean)", doc: "Before `vc` is shown (Q9, Q11)."),
        LuaHook("didShow", "(nav: NavigationController, vc: ViewController, animated: boolean)", doc: "After `vc` was shown (Q9)."),
        LuaHook("animationController", "(nav: NavigationController, operation: string, from: ViewController, to: ViewController) -> Animator?",
                doc: "An animator for a `push` or `pop`, or nil for the default."),
        LuaHook("interactionController", "(nav: NavigationController, animator: Animator) -> PercentDrivenInteractiveTransition?",
                doc: "What drives that animator by hand, or nil."),
    ])
    static let tabBarController = LuaProtocol(name: "TabBarControllerDelegate", field: "delegate",
                                              doc: "A tab bar controller's delegate table.", methods: [
        LuaHook("shouldSelect", "(tbc: TabBarController, vc: ViewController) -> boolean?", doc: "False refuses the tap (nil allows it)."),
        LuaHook("didSelect", "(tbc: TabBarController, vc: ViewController)", doc: "After a tap selected a tab (Q12)."),
        LuaHook("animationController", "(tbc: TabBarController, from: ViewController, to: ViewController) -> Animator?",
                doc: "An animator for the switch, or nil for none."),
    ])
    static let transitioning = LuaProtocol(name: "TransitioningDelegate", field: "transitioningDelegate",
                                           doc: "Animators (every style), interaction controllers and a `custom` presentation's presentation controller; its methods do not get the delegating object.", methods: [
        LuaHook("animationControllerForPresented", "(presented: ViewController, presenting: ViewController, source: ViewController) -> Animator?",
                doc: "The animator that presents, or nil for the default."),
        LuaHook("animationControllerForDismissed", "(dismissed: ViewController) -> Animator?",
                doc: "The animator that dismisses, or nil for the default."),
        LuaHook("interactionControllerForPresentation", "(animator: Animator) -> PercentDrivenInteractiveTransition?",
                doc: "What drives the presentation by hand, or nil for an animated one."),
        LuaHook("interactionControllerForDismissal", "(animator: Animator) -> PercentDrivenInteractiveTransition?",
                doc: "What drives the dismissal by hand, or nil for an animated one."),
        LuaHook("presentationController", "(presented: ViewController, presenting: ViewController?, source: ViewController) -> PresentationController?",
                doc: "The presentation controller of a `custom` presentation, or nil for the default."),
    ])

    let host: LuaHost
    /// Weak: the object holds this bridge; a transition's context may hold it longer.
    weak var object: SimObject?
    let field: String

    init(_ rt: LuaRuntime, object: SimObject, field: String = "delegate") {
        host = rt.host; self.object = object; self.field = field
    }

    private func tell(_ method: String, _ args: (LuaRuntime) -> Int32) {
        guard host.isOpen, let object else { return }
        host.runtime.runDelegate(object, field: field, method, args)
    }

    private func ask<T>(_ method: String, _ args: (LuaRuntime) -> Int32, _ read: (LuaRuntime, Int32) -> T?) -> T? {
        guard host.isOpen, let object else { return nil }
        // UIKit's transitioning delegate methods do not take the delegating object.
        let passObject = field != "transitioningDelegate"
        return host.runtime.askDelegate(object, field: field, method, passObject: passObject, args, read)
    }

    // Navigation
    func willShow(_ nav: NavigationController, _ vc: ViewController, animated: Bool) {
        tell("willShow") { rt in rt.push(vc); rt.L.push(animated); return 2 }
    }
    func didShow(_ nav: NavigationController, _ vc: ViewController, animated: Bool) {
        tell("didShow") { rt in rt.push(vc); rt.L.push(animated); return 2 }
    }
    func animationController(_ nav: NavigationController, operation: NavigationController.Operation,
                             from: ViewController, to: ViewController) -> TransitionAnimator? {
        ask("animationController", { rt in rt.L.push(operation.rawValue); rt.push(from); rt.push(to); return 3 },
            { rt, i in LuaAnimator.answer(rt, i, of: nav, field: self.field, "animationController(nav, operation, from, to)") })
    }
    func interactionController(_ nav: NavigationController, animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? {
        ask("interactionController", { rt in
            if let a = animator as? LuaAnimator, a.table.push() { return 1 }
            rt.L.pushNil(); return 1
        }, { rt, i in
            guard let o = nb_toobject(rt.L, i), let p = o.pointee.object else { return nil }
            return Unmanaged<SimObject>.fromOpaque(p).takeUnretainedValue() as? PercentDrivenInteractiveTransition
        })
    }

    // Tab bar controller
    func shouldSelect(_ tbc: TabBarController, _ vc: ViewController) -> Bool {
        ask("shouldSelect", { rt in rt.push(vc); return 1 }, { rt, i in rt.L.type(i) == LUA_TNIL ? true : rt.L.bool(at: i) }) ?? true
    }
    func didSelect(_ tbc: TabBarController, _ vc: ViewController) {
        tell("didSelect") { rt in rt.push(vc); return 1 }
    }
    func animationController(_ tbc: TabBarController, from: ViewController, to: ViewController) -> TransitionAnimator? {
        ask("animationController", { rt in rt.push(from); rt.push(to); return 2 },
            { rt, i in LuaAnimator.answer(rt, i, of: tbc, field: self.field, "animationController(tbc, from, to)") })
    }

    // Presentation (transitioningDelegate)
    func animatorForPresented(_ presented: ViewController, presenting: ViewController, source: ViewController) -> TransitionAnimator? {
        ask("animationControllerForPresented", { rt in rt.push(presented); rt.push(presenting); rt.push(source); return 3 },
            { rt, i in LuaAnimator.answer(rt, i, of: presented, field: self.field, "animationControllerForPresented(presented, presenting, source)") })
    }
    func animatorForDismissed(_ dismissed: ViewController) -> TransitionAnimator? {
        ask("animationControllerForDismissed", { rt in rt.push(dismissed); return 1 },
            { rt, i in LuaAnimator.answer(rt, i, of: dismissed, field: self.field, "animationControllerForDismissed(dismissed)") })
    }
    func interactionForPresentation(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? {
        interaction("interactionControllerForPresentation", animator)
    }
    func interactionForDismissal(_ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? {
        interaction("interactionControllerForDismissal", animator)
    }
    func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                source: ViewController) -> PresentationController? {
        let call = "presentationController(presented, presenting, source)"
        return ask("presentationController", { rt in rt.push(presented); rt.push(presenting); rt.push(source); return 3 }, { rt, i in
            guard let pc = answer(rt, i, PresentationController.self, "a PresentationController", call) else { return nil }
            guard !pc.isOwned else {
                let other = pc.presentedViewController?.objectDescription ?? "another controller"
                return report(rt, "presentationController", "\(call) returned \(pc.objectDescription), which is presenting \(other)")
            }
            return pc
        })
    }

    /// `interactionControllerForPresentation(animator)` / `…ForDismissal(animator)`: the
    /// animator table the delegate gave, or nil for one of Nestbox's own.
    private func interaction(_ method: String, _ animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? {
        ask(method, { rt in
            if let a = animator as? LuaAnimator, a.table.push() { return 1 }
            rt.L.pushNil(); return 1
        }, { rt, i in answer(rt, i, PercentDrivenInteractiveTransition.self, "a PercentDrivenInteractiveTransition", "\(method)(animator)") })
    }

    /// The delegate's answer at `i` as a `T`; nil as nil; anything else is the method's
    /// error at the line defining it (reported as a hook's), and nil.
    private func answer<T: SimObject>(_ rt: LuaRuntime, _ i: Int32, _ type: T.Type, _ expected: String, _ call: String) -> T? {
        if rt.L.isNoneOrNil(i) { return nil }
        if let o = nb_toobject(rt.L, i), let p = o.pointee.object,
           let t = Unmanaged<SimObject>.fromOpaque(p).takeUnretainedValue() as? T { return t }
        let method = String(call.prefix { $0 != "(" })
        return report(rt, method, "\(call) returned a \(rt.L.typeName(at: i)), not \(expected) or nil")
    }

    private func report<T>(_ rt: LuaRuntime, _ method: String, _ problem: String) -> T? {
        guard let object else { return nil }
        rt.reportHookError(object: object, hook: "delegate.\(method)",
                           text: "\(rt.delegatePosition(object, field: field, method))\(problem)")
        return nil
    }
}

extension LuaRuntime {
    /// A delegate property: the table goes into the object's fields; the core gets a
    /// bridge (or nil).
    func setDelegateTable(_ c: PropertyContext, _ i: Int32, field: String = "delegate") throws -> LuaDelegate? {
        let L = c.L
        guard L.isNoneOrNil(i) || L.type(i) == LUA_TTABLE else {
            throw LuaFailure.typeError(i, expected: "table", got: L.typeName(at: i))
        }
        if lua_getiuservalue(L, c.ud, 1) != LUA_TTABLE {
            L.pop(); L.newTable(); lua_pushvalue(L, -1); lua_setiuservalue(L, c.ud, 1)
        }
        lua_pushvalue(L, i)
        L.setRawField(-2, field)
        L.pop()
        fieldChanged(c.object, valueType: LUA_TTABLE, ud: c.ud)
        return L.isNoneOrNil(i) ? nil : LuaDelegate(self, object: c.object, field: field)
    }

    /// Pushes the object's delegate table (or nil).
    func pushDelegateTable(_ c: PropertyContext, field: String = "delegate") {
        let L = c.L
        if lua_getiuservalue(L, c.ud, 1) == LUA_TTABLE {
            L.rawField(-1, field)
            lua_rotate(L, -2, 1)
            L.pop()
        }
    }
}
