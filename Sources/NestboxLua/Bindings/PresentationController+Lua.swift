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
    ] + [
        ("presentationTransitionWillBegin", "()"), ("presentationTransitionDidEnd", "(completed: boolean)"),
        ("dismissalTransitionWillBegin", "()"), ("dismissalTransitionDidEnd", "(completed: boolean)"),
        ("containerViewWillLayoutSubviews", "()"), ("containerViewDidLayoutSubviews", "()"),
        ("preferredContentSizeDidChange", "(container: ViewController)"),
    ].map { (name, signature: StaticString) in
        // The callbacks' own methods, for an override's super call
        // (`ui.PresentationController.presentationTransitionWillBegin(self)`): UIKit's
        // implementations do nothing Nestbox models.
        LuaMethod(name, signature, doc: "UIKit's implementation, which does nothing: what an override's super call reaches.") { a in
            _ = try check(a)
            // The declared argument is checked, as every method's is.
            if name.hasSuffix("DidEnd") { _ = try a.boolean(2) }
            if name == "preferredContentSizeDidChange" { _ = try a.object(2, ViewController.self, "ViewController") }
            return 0
        }
    }

    static let properties: [LuaProperty] = [
        LuaProperty("name", "string?", doc: "The name used in traces.", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("containerView", "View?", doc: "The view that holds the presented view during the presentation.",
                    get: { c in c.rt.push(try pc(c).containerView); return 1 }),
        LuaProperty("presentedViewController", "ViewController?", doc: "The controller presented.",
                    get: { c in c.rt.push(try pc(c).presentedViewController); return 1 }),
        LuaProperty("presentingViewController", "ViewController?", doc: "The controller that presents.",
                    get: { c in c.rt.push(try pc(c).presentingViewController); return 1 }),
        LuaProperty("presentationStyle", "string", doc: "The style it presents with: `custom` for a script's, else the style UIKit made it for (Q81).",
                    get: { c in c.L.push(try pc(c).presentationStyle.rawValue); return 1 }),
        LuaProperty("delegate", "AdaptivePresentationControllerDelegate?",
                    doc: "The delegate table, told of a user's attempts to dismiss a sheet (Q81).",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try pc(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    // UIAdaptivePresentationControllerDelegate's dismissal methods (AdaptivePresentationDelegate
    // in the model): only a user's swipe calls them, never `dismiss`.
    static func told(_ name: String, _ doc: StaticString) -> LuaCall<PresentationController, Void> {
        LuaCall<PresentationController, Void>(name, "(presentationController: PresentationController)", doc: doc,
                                              push: { rt, pc in rt.push(pc); return 1 })
    }
    static let shouldDismiss = LuaCall<PresentationController, Bool>(
        "shouldDismiss", "(presentationController: PresentationController) -> boolean?",
        doc: "As a swipe down begins, unless the controller is modal in presentation: false keeps the sheet (`didAttemptToDismiss` follows).",
        push: { rt, pc in rt.push(pc); return 1 }, read: LuaRead.boolean)
    static let willDismiss = told("willDismiss", "The swipe dismisses: before anything disappears, with the transition coordinator in place.")
    static let didDismiss = told("didDismiss", "The swipe's dismissal completed.")
    static let didAttemptToDismiss = told("didAttemptToDismiss", "A swipe was refused by `isModalInPresentation` or `shouldDismiss`.")
    static let delegate = LuaProtocol(name: "AdaptivePresentationControllerDelegate", field: "delegate",
                                      doc: "A presentation controller's delegate table.",
                                      methods: [shouldDismiss.hook, willDismiss.hook, didDismiss.hook, didAttemptToDismiss.hook])

    static let binding = LuaBinding(
        "PresentationController", PresentationController.self,
        doc: "A custom presentation's controller (UIPresentationController): its frame, container and transition callbacks.",
        methods: methods, properties: properties, hooks: hooks, delegates: [delegate],
        make: { rt, className, name in
            let pc = PresentationController(simulation: rt.simulation, className: className, name: name)
            pc.overrides = LuaBridge(rt, object: pc, .own)
            return pc
        })
}

extension PresentationControllerBinding {
    /// Made by Nestbox for a page sheet only (Q81): `ui.SheetPresentationController` makes none.
    static let sheet: LuaBinding = {
        // Its delegate is UIKit's sheet delegate, which adds a detent's method to the
        // adaptive one's: a key of that name is refused, not kept.
        let delegate = LuaProtocol(name: "SheetPresentationControllerDelegate", field: "delegate",
                                   doc: "A sheet's presentation controller's delegate table: AdaptivePresentationControllerDelegate's methods.",
                                   methods: Self.delegate.methods)
        var b = LuaBinding("SheetPresentationController", SheetPresentationController.self,
                           doc: "A page sheet's presentation controller, as UIKit makes it: its `delegate` hears the swipe down (Q81); detents and the grabber are not modelled.",
                           delegates: [delegate])
        b.takesOverrides = false
        return b
    }()
}

// A script's overrides of a presentation controller (the model's
// PresentationControllerOverrides), found as hooks are (the object, then its Lua classes)
// and called as methods. An answer of the wrong type is the method's error at the line
// defining it, and UIKit's default is used.
extension PresentationControllerBinding {
    static let frameOfPresentedViewInContainerView = LuaCall<Void, Rect>(
        "frameOfPresentedViewInContainerView", "() -> Rect", doc: "Where the presented view goes in the container view.",
        push: { _, _ in 0 },
        read: { rt, i in
            if rt.L.isNoneOrNil(i) { return .value(nil) }
            if rt.L.type(i) == LUA_TTABLE, let r = try? Args(L: rt.L, rt: rt).rect(i), r.isFinite { return .value(r) }
            return .wrongType(rt, i, expected: "a rect with finite numbers")
        })
    static let shouldRemovePresentersView = LuaCall<Void, Bool>(
        "shouldRemovePresentersView", "() -> boolean", doc: "Whether the presenter's view leaves the window (default false).",
        push: { _, _ in 0 }, read: LuaRead.boolean)
    static let presentedView = LuaCall<Void, View>(
        "presentedView", "() -> View?", doc: "The view the transition animates (default the presented controller's).",
        push: { _, _ in 0 }, read: { rt, i in
            if let v = rt.object(at: i) as? View { return .value(v) }
            return rt.L.isNoneOrNil(i) ? .value(nil) : .wrongType(rt, i, expected: "a View")
        })
    static let containerViewWillLayoutSubviews = tell("containerViewWillLayoutSubviews", "()", "Before the container view lays out.")
    static let containerViewDidLayoutSubviews = tell("containerViewDidLayoutSubviews", "()", "After the container view laid out.")
    static let presentationTransitionWillBegin = tell("presentationTransitionWillBegin", "()", "Before the presentation's animation.")
    static let presentationTransitionDidEnd = tell("presentationTransitionDidEnd", "(completed: boolean)",
                                                   "After the presentation, completed or cancelled.")
    static let dismissalTransitionWillBegin = tell("dismissalTransitionWillBegin", "()", "Before the dismissal's animation.")
    static let dismissalTransitionDidEnd = tell("dismissalTransitionDidEnd", "(completed: boolean)",
                                                "After the dismissal, completed or cancelled.")
    static let preferredContentSizeDidChange = tell("preferredContentSizeDidChange", "(container: ViewController)",
                                                    "After the presented controller set a new `preferredContentSize` (Q78).")

    /// A callback: `completed` pushed for the two that have it, the controller for the size change.
    static func tell(_ name: String, _ signature: StaticString, _ doc: StaticString) -> LuaCall<PresentationControllerCallback, Void> {
        LuaCall(name, signature, doc: doc, push: { rt, callback in
            switch callback {
            case .presentationTransitionDidEnd(let done), .dismissalTransitionDidEnd(let done): rt.L.push(done); return 1
            case .preferredContentSizeDidChange(let container): rt.push(container); return 1
            default: return 0
            }
        })
    }

    static func callback(_ c: PresentationControllerCallback) -> LuaCall<PresentationControllerCallback, Void> {
        switch c {
        case .containerViewWillLayoutSubviews: containerViewWillLayoutSubviews
        case .containerViewDidLayoutSubviews: containerViewDidLayoutSubviews
        case .presentationTransitionWillBegin: presentationTransitionWillBegin
        case .presentationTransitionDidEnd: presentationTransitionDidEnd
        case .dismissalTransitionWillBegin: dismissalTransitionWillBegin
        case .dismissalTransitionDidEnd: dismissalTransitionDidEnd
        case .preferredContentSizeDidChange: preferredContentSizeDidChange
        }
    }

    static let hooks: [LuaHook] = [
        frameOfPresentedViewInContainerView.hook, shouldRemovePresentersView.hook, presentedView.hook,
        containerViewWillLayoutSubviews.hook, containerViewDidLayoutSubviews.hook, presentationTransitionWillBegin.hook,
        presentationTransitionDidEnd.hook, dismissalTransitionWillBegin.hook, dismissalTransitionDidEnd.hook,
        preferredContentSizeDidChange.hook,
    ]
}

extension LuaBridge: PresentationControllerOverrides {
    func frameOfPresentedView(_ pc: PresentationController) -> Rect? {
        call(PresentationControllerBinding.frameOfPresentedViewInContainerView, ())
    }
    func shouldRemovePresentersView(_ pc: PresentationController) -> Bool? {
        let m = PresentationControllerBinding.shouldRemovePresentersView
        // An overridden property is a method, as every override is (docs/api-conventions.md):
        // a plain value in its place would be ignored, so it is an error.
        if let value = plainValue(m.name) {
            report(m, "shouldRemovePresentersView is \(value), not a method: write function Class:shouldRemovePresentersView() "
                + "return ... end (docs/api-conventions.md)")
            return nil
        }
        return call(m, ())
    }
    func presentedView(_ pc: PresentationController) -> View? {
        call(PresentationControllerBinding.presentedView, ())
    }
    func run(_ callback: PresentationControllerCallback, on pc: PresentationController) {
        call(PresentationControllerBinding.callback(callback), callback)
    }
}

extension LuaRuntime {
    /// Q81: a presentation controller UIKit made (for a style other than `custom`) calls
    /// no override, so a function set under an override's name on one (the key at 2, in
    /// its fields already) is taken out again and refused; nil for any other field. A
    /// sheet's never gets here: its type takes no overrides at all.
    func refuseSystemOverride(_ pc: PresentationController) -> Int32? {
        guard L.type(2) == LUA_TSTRING, let key = L.string(at: 2),
              PresentationControllerBinding.hooks.contains(where: { $0.name == key }) else { return nil }
        if lua_getiuservalue(L, 1, 1) == LUA_TTABLE {
            lua_pushvalue(L, 2); L.pushNil(); lua_rawset(L, -3)
        }
        L.pop()
        return invoke(L, name: key) {
            throw LuaFailure.message("'\(key)' overrides a presentation controller's method, and the one UIKit made for the style \(pc.presentationStyle.rawValue) takes none: a script's presentation controller is a custom presentation's (docs/policies.md, Q81)")
        }
    }
}

extension LuaBridge: AdaptivePresentationDelegate {
    func shouldDismiss(_ pc: PresentationController) -> Bool? { call(PresentationControllerBinding.shouldDismiss, pc) }
    func willDismiss(_ pc: PresentationController) { call(PresentationControllerBinding.willDismiss, pc) }
    func didDismiss(_ pc: PresentationController) { call(PresentationControllerBinding.didDismiss, pc) }
    func didAttemptToDismiss(_ pc: PresentationController) { call(PresentationControllerBinding.didAttemptToDismiss, pc) }
}

extension Rect {
    var isFinite: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
