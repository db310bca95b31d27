import CLua
import CLuaShim
import Containment

/// `ui.PresentationController{...}` and `:extend(name)`: a bound type rather than a plain
/// table, so that its methods read `self.containerView` and `self.presentedViewController`
/// as a UIPresentationController subclass does (README.md, The Lua API). Overrides are
/// functions on the object or its Lua class; the three answers are also methods, which
/// give the effective value.
enum PresentationControllerBinding {
    static func check(_ a: Args) throws -> PresentationController {
        try a.object(1, PresentationController.self, "PresentationController")
    }

    static func pc(_ c: PropertyContext) throws -> PresentationController { try c.receiver(PresentationController.self) }

    static let methods: [LuaMethod] = [
        LuaMethod("frameOfPresentedViewInContainerView", "() -> Rect", doc: "The presented view's frame in effect.") { a in
            a.rt.push(try check(a).frameOfPresentedViewInContainerView); return 1
        },
        LuaMethod("shouldRemovePresentersView", "() -> boolean", doc: "Whether the presenter's view leaves the window, in effect.") { a in
            a.L.push(try check(a).shouldRemovePresentersView); return 1
        },
        LuaMethod("presentedView", "() -> View?", doc: "The view the transition animates, in effect.") { a in
            a.rt.push(try check(a).presentedView); return 1
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("name", "string?", doc: "The name used in traces.", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("containerView", "View?", doc: "The view that holds the presented view during the presentation.",
                    get: { c in c.rt.push(try pc(c).containerView); return 1 }),
        LuaProperty("presentedViewController", "ViewController?", doc: "The controller presented.",
                    get: { c in c.rt.push(try pc(c).presentedViewController); return 1 }),
        LuaProperty("presentingViewController", "ViewController?", doc: "The controller that presents.",
                    get: { c in c.rt.push(try pc(c).presentingViewController); return 1 }),
    ]

    static let hooks: [LuaHook] = [
        LuaHook("frameOfPresentedViewInContainerView", "() -> Rect", doc: "Where the presented view goes in the container view."),
        LuaHook("shouldRemovePresentersView", "() -> boolean", doc: "Whether the presenter's view leaves the window (default false)."),
        LuaHook("presentedView", "() -> View?", doc: "The view the transition animates (default the presented controller's)."),
        LuaHook("containerViewWillLayoutSubviews", "()", doc: "Before the container view lays out."),
        LuaHook("containerViewDidLayoutSubviews", "()", doc: "After the container view laid out."),
        LuaHook("presentationTransitionWillBegin", "()", doc: "Before the presentation's animation."),
        LuaHook("presentationTransitionDidEnd", "(completed: boolean)", doc: "After the presentation, completed or cancelled."),
        LuaHook("dismissalTransitionWillBegin", "()", doc: "Before the dismissal's animation."),
        LuaHook("dismissalTransitionDidEnd", "(completed: boolean)", doc: "After the dismissal, completed or cancelled."),
    ]

    static let binding = LuaBinding(
        "PresentationController", PresentationController.self,
        doc: "A custom presentation's controller (UIPresentationController): its frame, container and transition callbacks.",
        methods: methods, properties: properties, hooks: hooks,
        make: { rt, className, name in
            let pc = PresentationController(simulation: rt.simulation, className: className, name: name)
            pc.overrides = LuaPresentationOverrides(rt)
            return pc
        })
}

/// A script's overrides of a presentation controller, looked up as hooks are (the
/// object's fields, then its Lua classes, raw reads) and called through `docall`. An
/// answer of the wrong type is the method's error at the line defining it, and UIKit's
/// default is used.
final class LuaPresentationOverrides: PresentationControllerOverrides {
    let host: LuaHost
    /// The overrides running now: one that asks for its own value (`self:presentedView()`
    /// inside `presentedView`) gets UIKit's default, as a call to `super` would.
    private var running: Set<String> = []

    init(_ rt: LuaRuntime) { host = rt.host }

    /// The overrides asked for by name (`ask`): the three answers, then the callbacks.
    static let names = ["frameOfPresentedViewInContainerView", "shouldRemovePresentersView", "presentedView",
                        "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews",
                        "presentationTransitionWillBegin", "presentationTransitionDidEnd",
                        "dismissalTransitionWillBegin", "dismissalTransitionDidEnd"]

    func frameOfPresentedView(_ pc: PresentationController) -> Rect? {
        ask(pc, "frameOfPresentedViewInContainerView") { rt, i in
            if rt.L.type(i) == LUA_TTABLE, let r = try? Args(L: rt.L, rt: rt).rect(i), r.isFinite { return r }
            return rt.L.isNoneOrNil(i) ? nil : wrong(rt, i, pc, "frameOfPresentedViewInContainerView", "a rect with finite numbers")
        }
    }

    func shouldRemovePresentersView(_ pc: PresentationController) -> Bool? {
        guard host.isOpen, !running.contains("shouldRemovePresentersView") else { return nil }
        let rt = host.runtime, L = rt.L
        let top = L.top
        defer { L.settop(top) }
        // A plain `shouldRemovePresentersView = true` on the object reads as the answer.
        if rt.pushExisting(pc), lua_getiuservalue(L, -1, 1) == LUA_TTABLE,
           L.rawField(-1, "shouldRemovePresentersView") == LUA_TBOOLEAN {
            return L.bool(at: -1)
        }
        L.settop(top)
        return ask(pc, "shouldRemovePresentersView") { rt, i in
            if rt.L.type(i) == LUA_TBOOLEAN { return rt.L.bool(at: i) }
            return rt.L.isNoneOrNil(i) ? nil : wrong(rt, i, pc, "shouldRemovePresentersView", "a boolean")
        }
    }

    func presentedView(_ pc: PresentationController) -> View? {
        ask(pc, "presentedView") { rt, i in
            if let o = nb_toobject(rt.L, i), let p = o.pointee.object,
               let v = Unmanaged<SimObject>.fromOpaque(p).takeUnretainedValue() as? View { return v }
            return rt.L.isNoneOrNil(i) ? nil : wrong(rt, i, pc, "presentedView", "a View")
        }
    }

    func run(_ callback: PresentationControllerCallback, on pc: PresentationController) {
        let _: Bool? = ask(pc, callback.name, { rt in
            switch callback {
            case .presentationTransitionDidEnd(let done), .dismissalTransitionDidEnd(let done):
                rt.L.push(done); return 1
            default:
                return 0
            }
        }, { _, _ in nil })
    }

    /// Calls the override `method(self, ...)` if the script defines one.
    private func ask<T>(_ pc: PresentationController, _ method: String, _ args: (LuaRuntime) -> Int32 = { _ in 0 },
                        _ read: (LuaRuntime, Int32) -> T?) -> T? {
        guard host.isOpen, !running.contains(method) else { return nil }
        let rt = host.runtime, L = rt.L
        guard !rt.closing else { return nil }
        let top = L.top
        defer { L.settop(top) }
        guard rt.pushExisting(pc) else { return nil }
        let ud = L.top
        guard rt.pushHook(ud, method) else { return nil }
        lua_pushvalue(L, ud)
        running.insert(method)
        defer { running.remove(method) }
        guard rt.docall(nargs: 1 + args(rt), nresults: 1, object: pc, context: method) else { return nil }
        return read(rt, L.top)
    }

    /// Reports a wrong answer as the override's error, at the line defining it.
    private func wrong<T>(_ rt: LuaRuntime, _ i: Int32, _ pc: PresentationController, _ method: String,
                          _ expected: String) -> T? {
        let got = rt.L.typeName(at: i)
        rt.reportHookError(object: pc, hook: method,
                           text: "\(rt.overridePosition(pc, method))\(method)(self) returned a \(got), not \(expected) or nil")
        return nil
    }
}

extension LuaRuntime {
    /// "file:line: " where the object's override `method` is defined.
    func overridePosition(_ object: SimObject, _ method: String) -> String {
        let top = L.top
        defer { L.settop(top) }
        return pushExisting(object) && pushHook(L.top, method) ? definitionPosition() : ""
    }
}

extension Rect {
    var isFinite: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
