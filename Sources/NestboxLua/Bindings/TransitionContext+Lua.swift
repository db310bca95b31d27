import Containment

enum TransitionContextBinding {
    enum ViewKey: String, CaseIterable { case from, to }

    static func check(_ a: Args, _ i: Int32 = 1) throws -> TransitionContext {
        try a.object(i, TransitionContext.self, "TransitionContext")
    }

    static let methods: [LuaMethod] = [
        LuaMethod("view", "(key: string) -> View?",
                  doc: "The `from` or `to` controller's view.") { a in
            // UITransitionContextViewKey has these two: another key would read nil for ever.
            let key: ViewKey = try a.choice(2, "view key")
            a.rt.push(try check(a).view(key.rawValue)); return 1
        },
        LuaMethod("viewController", "(key: string) -> ViewController?",
                  doc: "The `from` or `to` controller (UIKit's `viewController(forKey:)`).") { a in
            let key: ViewKey = try a.choice(2, "view controller key")
            let ctx = try check(a)
            a.rt.push(key == .from ? ctx.fromViewController : ctx.toViewController); return 1
        },
        LuaMethod("initialFrame", "(vc: ViewController) -> Rect",
                  doc: "Where `vc`'s view starts, in the container's coordinates.") { a in
            a.rt.push(try check(a).initialFrame(try ViewControllerBinding.check(a, 2))); return 1
        },
        LuaMethod("finalFrame", "(vc: ViewController) -> Rect",
                  doc: "Where `vc`'s view ends, in the container's coordinates.") { a in
            a.rt.push(try check(a).finalFrame(try ViewControllerBinding.check(a, 2))); return 1
        },
        LuaMethod("completeTransition", "(completed: boolean?)",
                  doc: "Ends the transition: finished (true) or cancelled.") { a in
            try check(a).completeTransition(try a.flag(2)); return 0
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("containerView", "View", doc: "The view the transition happens in.",
                    get: { c in c.rt.push(try c.receiver(TransitionContext.self).containerView); return 1 }),
        LuaProperty("fromViewController", "ViewController?", doc: "The controller going away.",
                    get: { c in c.rt.push(try c.receiver(TransitionContext.self).fromViewController); return 1 }),
        LuaProperty("toViewController", "ViewController?", doc: "The controller coming in.",
                    get: { c in c.rt.push(try c.receiver(TransitionContext.self).toViewController); return 1 }),
        LuaProperty("isAnimated", "boolean", doc: "Whether the transition is animated.",
                    get: { c in c.L.push(try c.receiver(TransitionContext.self).isAnimated); return 1 }),
        LuaProperty("isInteractive", "boolean", doc: "Whether an interaction controller drives it.",
                    get: { c in c.L.push(try c.receiver(TransitionContext.self).isInteractive); return 1 }),
        LuaProperty("transitionWasCancelled", "boolean", doc: "Whether the interaction cancelled it.",
                    get: { c in c.L.push(try c.receiver(TransitionContext.self).transitionWasCancelled); return 1 }),
    ]

    static let binding = LuaBinding("TransitionContext", TransitionContext.self,
                                    doc: "What a custom animator gets: the views and frames of a transition, and its end.",
                                    methods: methods, properties: properties)
}
