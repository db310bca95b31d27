import CLua
import CLuaShim
import Containment

/// `parent:transition{ from, to, duration, options, animations, completion }`, or with
/// `animator = {...}` (and `interactionController = ...`) a custom transition.
enum TransitionMethods {
    static let methods: [LuaMethod] = [
        LuaMethod("transition") { a in
            let parent = try ViewControllerBinding.check(a)
            try a.table(2)
            let L = a.L
            L.rawField(2, "from"); let from = try ViewControllerBinding.check(a, L.top); L.pop()
            L.rawField(2, "to"); let to = try ViewControllerBinding.check(a, L.top); L.pop()
            let completion = try AnimationFunctions.callback(a, table: 2, field: "completion")
            let sim = a.rt.simulation
            let done: (Bool) -> Void = { finished in
                completion?.call(object: parent, what: "completion") { rt in rt.L.push(finished); return 1 }
            }
            if L.rawField(2, "animator") != LUA_TNIL {
                guard L.type(-1) == LUA_TTABLE else { throw LuaFailure.argument(2, "field 'animator' must be a table") }
                guard LuaAnimator.animates(L, L.top) else {
                    throw LuaFailure.argument(2, "field 'animator' has no animate or animateTransition function")
                }
                let animator = LuaAnimator(a.rt, index: L.top)
                L.pop()
                L.rawField(2, "interactionController")
                let interaction = try a.optionalObject(L.top, PercentDrivenInteractiveTransition.self, "PercentDrivenInteractiveTransition")
                L.pop()
                let ctx = try parent.transition(from: from, to: to, animator: animator, interaction: interaction, completion: done)
                a.rt.push(ctx)
                return 1
            }
            L.pop()
            let spec = try AnimationSpec(a, table: 2, what: "transition")
            let animations = try AnimationFunctions.callback(a, table: 2, field: "animations")
            try parent.transition(from: from, to: to, duration: spec.duration, curve: spec.curve, options: spec.options,
                                  animations: { animations?.call(object: parent, what: "animations") },
                                  completion: done)
            _ = sim
            return 0
        },
    ]
}

/// A Lua animator table: `{ duration = 0.35, animate = fn(ctx) }`, or methods
/// `transitionDuration(self, ctx)` / `animateTransition(self, ctx)`, and optionally
/// `animationEnded(self, completed)`.
final class LuaAnimator: TransitionAnimator {
    let table: LuaCallback

    init(_ rt: LuaRuntime, index: Int32) { table = LuaCallback(rt, index: index) }

    func transitionDuration(_ context: TransitionContext) -> Double {
        guard table.host.isOpen else { return 0 }
        let rt = table.host.runtime, L = rt.L
        let top = L.top
        defer { L.settop(top) }
        guard table.push() else { return 0 }
        let t = L.top
        if L.rawField(t, "duration") == LUA_TNUMBER, let d = L.number(at: -1), d.isFinite { return max(0, d) }
        L.pop()
        if L.rawField(t, "transitionDuration") == LUA_TFUNCTION {
            lua_pushvalue(L, t)
            rt.push(context)
            if nb_pcall(L, 2, 1) == LUA_OK, let d = L.number(at: -1), d.isFinite { return max(0, d) }
        }
        return 0
    }

    func animateTransition(_ context: TransitionContext) {
        call(context, plain: "animate", method: "animateTransition") { rt in rt.push(context); return 1 }
    }

    func animationEnded(_ context: TransitionContext, completed: Bool) {
        call(context, plain: nil, method: "animationEnded") { rt in rt.L.push(completed); return 1 }
    }

    /// Calls `t[plain](args)` if present, else `t[method](t, args)`.
    private func call(_ context: TransitionContext, plain: String?, method: String, _ args: (LuaRuntime) -> Int32) {
        guard table.host.isOpen else { return }
        let rt = table.host.runtime, L = rt.L
        let top = L.top
        defer { L.settop(top) }
        guard table.push() else { return }
        let t = L.top
        if let plain, L.rawField(t, plain) == LUA_TFUNCTION {
            rt.callHook(nargs: args(rt), object: context, hook: plain)
            return
        }
        L.settop(t)
        guard L.rawField(t, method) == LUA_TFUNCTION else { return }
        lua_pushvalue(L, t)
        rt.callHook(nargs: 1 + args(rt), object: context, hook: method)
    }
}

extension LuaAnimator {
    /// Whether the table at `t` has the function that starts a transition (raw reads,
    /// as the calls are made): without it nobody calls completeTransition and the
    /// transition never ends.
    static func animates(_ L: LuaState, _ t: Int32) -> Bool {
        let top = L.top
        defer { L.settop(top) }
        return L.rawField(t, "animate") == LUA_TFUNCTION || L.rawField(t, "animateTransition") == LUA_TFUNCTION
    }

    /// A delegate's answer at `i` (`call` is the delegate method as the README names
    /// it): nil asks for UIKit's default transition; an animator table that cannot
    /// animate, or any other value, is the method's error, reported as a hook's (the
    /// call that started the transition fails with it), and the default runs instead.
    static func answer(_ rt: LuaRuntime, _ i: Int32, of object: SimObject, _ call: String) -> LuaAnimator? {
        let L = rt.L
        let problem: String
        switch L.type(i) {
        case LUA_TNIL: return nil
        case LUA_TTABLE:
            if animates(L, i) { return LuaAnimator(rt, index: i) }
            problem = "an animator without animateTransition"
        default:
            problem = "a \(L.typeName(at: i)), not an animator table or nil"
        }
        let method = String(call.prefix { $0 != "(" })
        rt.reportHookError(object: object, hook: "delegate.\(method)",
                           text: "\(rt.delegatePosition(object, method))\(call) returned \(problem)")
        return nil
    }
}

extension LuaRuntime {
    /// "file:line: " where the delegate's `method` was defined, for errors found in its
    /// answer after it returned.
    func delegatePosition(_ object: SimObject, _ method: String) -> String {
        let top = L.top
        defer { L.settop(top) }
        var ar = lua_Debug()
        guard pushDelegateMethod(object, method), lua_getinfo(L, ">S", &ar) != 0, ar.linedefined > 0 else { return "" }
        let source = withUnsafeBytes(of: ar.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(source):\(ar.linedefined): "
    }
}

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

enum InteractionBinding {
    static func check(_ a: Args) throws -> PercentDrivenInteractiveTransition {
        try a.object(1, PercentDrivenInteractiveTransition.self, "PercentDrivenInteractiveTransition")
    }

    static let methods: [LuaMethod] = [
        LuaMethod("update") { a in try check(a).update(try a.number(2)); return 0 },
        LuaMethod("finish") { a in try check(a).finish(); return 0 },
        LuaMethod("cancel") { a in try check(a).cancel(); return 0 },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("percentComplete", get: { c in c.L.push(try c.receiver(PercentDrivenInteractiveTransition.self).percentComplete); return 1 }),
    ]

    static let binding = LuaBinding(
        name: "PercentDrivenInteractiveTransition", tag: Tag.other, parent: nil, methods: methods, properties: properties,
        make: { rt, _, name in PercentDrivenInteractiveTransition(simulation: rt.simulation, name: name) })
}

enum CoordinatorBinding {
    static let methods: [LuaMethod] = [
        /// coordinator:animate(alongside, completion): functions of the context (nil here)
        LuaMethod("animate") { a in
            let c = try a.object(1, TransitionCoordinator.self, "TransitionCoordinator")
            let along = a.L.type(2) == LUA_TFUNCTION ? LuaCallback(a.rt, index: 2) : nil
            let done = a.L.type(3) == LUA_TFUNCTION ? LuaCallback(a.rt, index: 3) : nil
            if along == nil && !a.L.isNoneOrNil(2) { throw LuaFailure.typeError(2, expected: "function", got: a.L.typeName(at: 2)) }
            if done == nil && !a.L.isNoneOrNil(3) { throw LuaFailure.typeError(3, expected: "function", got: a.L.typeName(at: 3)) }
            c.animate(alongside: along.map { f in { f.call(object: c, what: "alongside") { rt in rt.push(c); return 1 } } },
                      completion: done.map { f in { f.call(object: c, what: "completion") { rt in rt.push(c); return 1 } } })
            return 0
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("transitionDuration", get: { c in c.L.push(try c.receiver(TransitionCoordinator.self).transitionDuration); return 1 }),
    ]

    static let binding = LuaBinding(name: "TransitionCoordinator", tag: Tag.other, parent: nil,
                                    methods: methods, properties: properties, make: nil)
}
