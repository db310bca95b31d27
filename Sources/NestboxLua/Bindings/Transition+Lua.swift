import CLua
import CLuaShim
import Containment

/// `parent:transition{ from, to, duration, options, animations, completion }`, or with
/// `animator = {...}` (and `interactionController = ...`) a custom transition.
enum TransitionMethods {
    static let methods: [LuaMethod] = [
        LuaMethod("transition", "(spec: {from: ViewController, to: ViewController, duration: number?, options: string|string[]?, animations: fun()?, completion: fun(finished: boolean)?, animator: Animator?, interactionController: PercentDrivenInteractiveTransition?}) -> TransitionContext?",
                  doc: "Swaps two children's views: animated with `animations`, or by a custom `animator` (returns its context) (Q2).") { a in
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

    /// What the methods below look up in the table (raw reads).
    static let protocolDoc = LuaProtocol(
        name: "Animator", field: "",
        doc: "A custom transition's animator: `transition{animator = ...}` or a delegate's answer. Give `duration` (a number) or `transitionDuration`, and `animate` or `animateTransition`.",
        methods: [
            LuaHook("transitionDuration", "(self: Animator, ctx: TransitionContext) -> number",
                    doc: "The duration in seconds, when the table has no `duration` number."),
            LuaHook("animate", "(ctx: TransitionContext)", doc: "Starts the animation; must end with `ctx:completeTransition(...)`."),
            LuaHook("animateTransition", "(self: Animator, ctx: TransitionContext)", doc: "As `animate`, as a method (used when there is no `animate`)."),
            LuaHook("animationEnded", "(self: Animator, completed: boolean)", doc: "After the transition ended."),
        ])

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
            // A failing method is reported like any callback; the transition then runs
            // with no duration, as it does for a method that returns nothing usable.
            if rt.docall(nargs: 2, nresults: 1, object: context, context: "transitionDuration"),
               let d = L.number(at: -1), d.isFinite { return max(0, d) }
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
            rt.docall(nargs: args(rt), object: context, context: plain)
            return
        }
        L.settop(t)
        guard L.rawField(t, method) == LUA_TFUNCTION else { return }
        lua_pushvalue(L, t)
        rt.docall(nargs: 1 + args(rt), object: context, context: method)
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
    static func answer(_ rt: LuaRuntime, _ i: Int32, of object: SimObject, field: String, _ call: String) -> LuaAnimator? {
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
                           text: "\(rt.delegatePosition(object, field: field, method))\(call) returned \(problem)")
        return nil
    }
}

extension LuaRuntime {
    /// "file:line: " where the delegate's `method` was defined, for errors found in its
    /// answer after it returned.
    func delegatePosition(_ object: SimObject, field: String, _ method: String) -> String {
        let top = L.top
        defer { L.settop(top) }
        return pushDelegateMethod(object, field: field, method) ? definitionPosition() : ""
    }

    /// "file:line: " where the Lua function on top of the stack is defined (popped).
    func definitionPosition() -> String {
        var ar = lua_Debug()
        guard lua_getinfo(L, ">S", &ar) != 0, ar.linedefined > 0 else { return "" }
        let source = withUnsafeBytes(of: ar.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(source):\(ar.linedefined): "
    }
}
