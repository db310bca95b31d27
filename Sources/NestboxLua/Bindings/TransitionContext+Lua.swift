import Containment

enum TransitionContextBinding {
    static func check(_ a: Args, _ i: Int32 = 1) throws -> TransitionContext {
        try a.object(i, TransitionContext.self, "TransitionContext")
    }

    static let methods: [LuaMethod] = [
        LuaMethod("view") { a in a.rt.push(try check(a).view(try a.string(2))); return 1 },
        LuaMethod("initialFrame") { a in a.rt.push(try check(a).initialFrame(try ViewControllerBinding.check(a, 2))); return 1 },
        LuaMethod("finalFrame") { a in a.rt.push(try check(a).finalFrame(try ViewControllerBinding.check(a, 2))); return 1 },
        LuaMethod("completeTransition") { a in try check(a).completeTransition(a.flag(2)); return 0 },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("containerView", get: { c in c.rt.push(try c.receiver(TransitionContext.self).containerView); return 1 }),
        LuaProperty("fromViewController", get: { c in c.rt.push(try c.receiver(TransitionContext.self).fromViewController); return 1 }),
        LuaProperty("toViewController", get: { c in c.rt.push(try c.receiver(TransitionContext.self).toViewController); return 1 }),
        LuaProperty("isAnimated", get: { c in c.L.push(try c.receiver(TransitionContext.self).isAnimated); return 1 }),
        LuaProperty("isInteractive", get: { c in c.L.push(try c.receiver(TransitionContext.self).isInteractive); return 1 }),
        LuaProperty("transitionWasCancelled", get: { c in c.L.push(try c.receiver(TransitionContext.self).transitionWasCancelled); return 1 }),
    ]

    static let binding = LuaBinding(name: "TransitionContext", tag: Tag.other, parent: nil,
                                    methods: methods, properties: properties, make: nil)
}
