import CLua
import CLuaShim
import Containment

/// `parent:transition{ from, to, duration, options, animations, completion }`, or with
/// `animator = {...}` (and `interactionController = ...`) a custom transition.
enum TransitionMethods {
    static let methods: [LuaMethod] = [
        LuaMethod("transition", "(spec: {from: ViewController, to: ViewController, duration: number?, options: string|string[]?, animations: fun()?, completion: fun(finished: boolean)?, animator: Animator?, interactionController: PercentDrivenInteractiveTransition?}) -> TransitionContext?", overridable: true,
                  doc: "Swaps two children's views: animated with `animations`, or by a custom `animator` (returns its context) (Q2).") { a in
            let parent = try ViewControllerBinding.check(a)
            try a.table(2)
            try a.checkKeys(2, ["from", "to", "duration", "delay", "options", "dampingRatio", "velocity", "animations", "completion",
                                "animator", "interactionController"])
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
                if let problem = LuaAnimator.problem(L, L.top) {
                    throw LuaFailure.argument(2, "field 'animator' is \(problem)")
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

/// A Lua animator table (UIViewControllerAnimatedTransitioning): `transitionDuration`
/// (a number, or a function of the context), `animateTransition(ctx)` and optionally
/// `animationEnded(completed)`, called as every table a script supplies is
/// (docs/api-conventions.md).
final class LuaAnimator: TransitionAnimator {
    let table: LuaCallback
    let bridge: LuaBridge

    static let transitionDuration = LuaCall<TransitionContext, Double>(
        "transitionDuration", "(ctx: TransitionContext) -> number",
        doc: "The duration in seconds; or give `transitionDuration` as a number.",
        push: { rt, ctx in rt.push(ctx); return 1 },
        read: { rt, i in
            // Nothing back is no duration, as UIKit's 0 would be.
            if rt.L.isNoneOrNil(i) { return .value(nil) }
            if let d = rt.L.number(at: i), d.isFinite { return .value(max(0, d)) }
            return .wrongType(rt, i, expected: "a finite number")
        })
    static let animateTransition = LuaCall<TransitionContext, Void>(
        "animateTransition", "(ctx: TransitionContext)", doc: "Starts the animation; must end with `ctx:completeTransition(...)`.",
        push: { rt, ctx in rt.push(ctx); return 1 })
    static let animationEnded = LuaCall<Bool, Void>(
        "animationEnded", "(completed: boolean)", doc: "After the transition ended.",
        push: { rt, completed in rt.L.push(completed); return 1 })

    static let protocolDoc = LuaProtocol(
        name: "Animator", field: "",
        doc: "A custom transition's animator: `transition{animator = ...}` or a delegate's answer. `transitionDuration` (a number or a function) and `animateTransition` are required.",
        methods: [transitionDuration.hook, animateTransition.hook, animationEnded.hook])

    init(_ rt: LuaRuntime, index: Int32) {
        table = LuaCallback(rt, index: index)
        bridge = LuaBridge(rt, object: nil, .table(table))
    }

    func transitionDuration(_ context: TransitionContext) -> Double {
        guard bridge.host.isOpen else { return 0 }
        let L = bridge.host.runtime.L
        let top = L.top
        defer { L.settop(top) }
        if table.push(), L.rawField(-1, "transitionDuration") == LUA_TNUMBER, let d = L.number(at: -1), d.isFinite { return max(0, d) }
        L.settop(top)
        // A failing method is reported like any callback; the transition then runs with
        // no duration.
        return bridge.call(Self.transitionDuration, context, charge: context) ?? 0
    }

    func animateTransition(_ context: TransitionContext) {
        bridge.call(Self.animateTransition, context, charge: context)
    }

    func animationEnded(_ context: TransitionContext, completed: Bool) {
        bridge.call(Self.animationEnded, completed, charge: context)
    }

    /// Pushes the table behind `animator`, or nil for one of Nestbox's own.
    static func push(_ rt: LuaRuntime, _ animator: TransitionAnimator) {
        if let a = animator as? LuaAnimator, a.table.push() { return }
        rt.L.pushNil()
    }

    /// What is wrong with the table at `t` as an animator (raw reads, as the calls are
    /// made), or nil: the old `animate`/`duration` spellings name their replacements, and
    /// without `animateTransition` nobody calls completeTransition.
    static func problem(_ L: LuaState, _ t: Int32) -> String? {
        let top = L.top
        defer { L.settop(top) }
        if L.rawField(t, "animate") != LUA_TNIL {
            return "an animator with 'animate', which is now animateTransition(ctx) (docs/api-conventions.md)"
        }
        if L.rawField(t, "duration") != LUA_TNIL {
            return "an animator with 'duration', which is now transitionDuration (docs/api-conventions.md)"
        }
        guard L.rawField(t, "animateTransition") == LUA_TFUNCTION else { return "an animator without animateTransition" }
        if let unmodelled = UIKitSurface.unmodelledKey(L, t, protocol: "UIViewControllerAnimatedTransitioning",
                                                      modelled: protocolDoc.methods) {
            return "an animator whose key is no part of Nestbox's: \(unmodelled)"
        }
        // Refused now, not when called: otherwise nothing would call completeTransition.
        if LuaBridge.definedAsMethod(L) {
            return "an animator whose animateTransition's first parameter is self: define it with '.', not ':' (docs/api-conventions.md)"
        }
        return nil
    }
}
