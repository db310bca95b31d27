import CLua
import CLuaShim
import Containment

/// `ui.animate{ duration, delay, options, dampingRatio, velocity, animations, completion }`
/// and `v.presentation` (README.md, The Lua API).
enum AnimationFunctions {
    static let namespace = LuaNamespace(path: "ui", doc: "Animation.", functions: [
        LuaMethod("animate", "(spec: {duration: number?, delay: number?, options: string|string[]?, dampingRatio: number?, velocity: number?, animations: fun()?, completion: fun(finished: boolean)?})",
                  doc: "Runs `animations`, animating the view properties it changes over `duration`, then `completion`.") { a in
            try a.table(1)
            try a.checkKeys(1, ["duration", "delay", "options", "dampingRatio", "velocity", "animations", "completion"])
            let spec = try AnimationSpec(a, table: 1, what: "animate")
            if let option = spec.transitionOption {
                throw LuaFailure.argument(1, "option '\(option)' is a view transition's: ui.transition")
            }
            let L = a.L
            L.rawField(1, "animations")
            let animations = L.type(-1) == LUA_TFUNCTION ? LuaCallback(a.rt, index: -1) : nil
            if animations == nil && !L.isNoneOrNil(-1) { throw LuaFailure.argument(1, "field 'animations' must be a function") }
            L.pop()
            let completion = try callback(a, table: 1, field: "completion")
            let sim = a.rt.simulation
            sim.animator.animate(duration: spec.duration, delay: spec.delay, curve: spec.curve, options: spec.options,
                                 animations: { animations?.call(object: sim.screen, what: "animations") },
                                 completion: { finished in
                                     completion?.call(object: sim.screen, what: "completion") { rt in rt.L.push(finished); return 1 }
                                 })
            return 0
        },
        LuaMethod("transition", "(spec: {with: View?, from: View?, to: View?, duration: number?, options: string|string[]?, animations: fun()?, completion: fun(finished: boolean)?})",
                  doc: "UIView.transition: `with` a view, runs `animations` at once while the view shows the transition; `from`/`to` puts `to` in `from`'s place (or, with `showHideTransitionViews`, hides `from` and shows `to`). Options: `transitionCrossDissolve`, `transitionFlipFromLeft` (`Right`, `Top`, `Bottom`), `transitionCurlUp` (`Down`), `allowUserInteraction` (Q58).") { a in
            try a.table(1)
            try a.checkKeys(1, ["with", "from", "to", "duration", "options", "animations", "completion"])
            let spec = try AnimationSpec(a, table: 1, what: "transition")
            let L = a.L
            func view(_ key: String) throws -> View? {
                defer { L.pop() }
                guard L.rawField(1, key) != LUA_TNIL else { return nil }
                do { return try a.object(L.top, View.self, "View") } catch { throw LuaFailure.argument(1, "field '\(key)' must be a View") }
            }
            let with = try view("with"), from = try view("from"), to = try view("to")
            let completion = try callback(a, table: 1, field: "completion")
            let sim = a.rt.simulation
            let done: (Bool) -> Void = { finished in
                completion?.call(object: sim.screen, what: "completion") { rt in rt.L.push(finished); return 1 }
            }
            switch (with, from, to) {
            case (let view?, nil, nil):
                L.rawField(1, "animations")
                let animations = L.type(-1) == LUA_TFUNCTION ? LuaCallback(a.rt, index: -1) : nil
                if animations == nil && !L.isNoneOrNil(-1) { throw LuaFailure.argument(1, "field 'animations' must be a function") }
                L.pop()
                sim.animator.transition(with: view, duration: spec.duration, style: spec.transition, options: spec.options,
                                        animations: { animations?.call(object: sim.screen, what: "animations") }, completion: done)
            case (nil, let from?, let to?):
                if L.rawField(1, "animations") != LUA_TNIL {
                    throw LuaFailure.argument(1, "transition{ from, to } takes no 'animations' (UIKit's has none)")
                }
                L.pop()
                try sim.animator.transition(from: from, to: to, duration: spec.duration, style: spec.transition,
                                            options: spec.options, showHide: spec.showHide, completion: done)
            default:
                throw LuaFailure.argument(1, "give 'with' (a view), or 'from' and 'to' (two views)")
            }
            return 0
        },
    ])

    /// A function field of the table at `table`, kept for later; nil when absent.
    /// UIView.AnimationOptions' members Nestbox models, and the rest of those iOS has.
    static let modelledOptions = ["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear", "allowUserInteraction",
                                  "beginFromCurrentState", "showHideTransitionViews"] + ViewTransitionStyle.allCases.map(\.optionName)
    static let unmodelledOptions: Set = ["layoutSubviews", "repeat", "autoreverse", "overrideInheritedDuration",
                                         "overrideInheritedCurve", "allowAnimatedContent", "overrideInheritedOptions",
                                         "transitionNone", "preferredFramesPerSecondDefault", "preferredFramesPerSecond60",
                                         "preferredFramesPerSecond30"]

    static func callback(_ a: Args, table: Int32, field: String) throws -> LuaCallback? {
        defer { a.L.pop() }
        switch a.L.rawField(table, field) {
        case LUA_TNIL: return nil
        case LUA_TFUNCTION: return LuaCallback(a.rt, index: -1)
        default: throw LuaFailure.argument(table, "field '\(field)' must be a function")
        }
    }
}

/// Timing read from an options table: duration, delay, curve and options.
struct AnimationSpec {
    var duration = 0.0
    var delay = 0.0
    var curve = TimingCurve.easeInOut
    var options: AnimationOptions = []
    /// A view transition's style and whether it hides and shows rather than replaces;
    /// the first transition option named, for `ui.animate`'s refusal.
    var transition: ViewTransitionStyle?
    var showHide = false
    var transitionOption: String?

    init(_ a: Args, table t: Int32, what: String) throws {
        let L = a.L
        func number(_ key: String) throws -> Double? {
            defer { L.pop() }
            if L.rawField(t, key) == LUA_TNIL { return nil }
            guard let n = L.number(at: -1), n.isFinite, n >= 0 else {
                throw LuaFailure.argument(t, "field '\(key)' must be a finite number >= 0")
            }
            return n
        }
        duration = try number("duration") ?? 0
        delay = try number("delay") ?? 0
        var names: [String] = []
        switch L.rawField(t, "options") {
        case LUA_TNIL: break
        case LUA_TSTRING: names = [L.string(at: -1) ?? ""]
        case LUA_TTABLE:
            for i in 0..<Int(lua_rawlen(L, -1)) {
                lua_rawgeti(L, -1, lua_Integer(i + 1))
                if let s = L.string(at: -1) { names.append(s) }
                L.pop()
            }
        default:
            L.pop()
            throw LuaFailure.argument(t, "field 'options' must be a list of option names")
        }
        L.pop()
        for name in names {
            switch name {
            case "curveEaseInOut": curve = .easeInOut
            case "curveEaseIn": curve = .easeIn
            case "curveEaseOut": curve = .easeOut
            case "curveLinear": curve = .linear
            case "allowUserInteraction": options.insert(.allowUserInteraction)
            case "beginFromCurrentState": options.insert(.beginFromCurrentState)
            case "showHideTransitionViews": showHide = true; transitionOption = transitionOption ?? name
            default:
                guard let style = ViewTransitionStyle(optionName: name) else {
                    // UIView.AnimationOptions' other members are UIKit's, refused as such.
                    if AnimationFunctions.unmodelledOptions.contains(name) {
                        throw LuaFailure.argument(t, "the animation option '\(name)' is not modelled by Nestbox (docs/coverage.md)")
                    }
                    // ui.animate lists the options it takes; the transitions are ui.transition's.
                    let listed = what == "animate" ? AnimationFunctions.modelledOptions.filter { !$0.hasPrefix("transition") && $0 != "showHideTransitionViews" }
                        : AnimationFunctions.modelledOptions
                    throw LuaFailure.argument(t, "unknown animation option '\(name.prefix(80))' (\(listed.joined(separator: ", ")))")
                }
                if let other = transition, other != style {
                    throw LuaFailure.argument(t, "options '\(other.optionName)' and '\(name)' are two transitions; give one")
                }
                transition = style
                transitionOption = transitionOption ?? name
            }
        }
        if let damping = try number("dampingRatio") {
            guard damping > 0 else { throw LuaFailure.argument(t, "field 'dampingRatio' must be > 0") }
            L.rawField(t, "velocity")
            let v = L.number(at: -1) ?? 0
            L.pop()
            curve = .spring(dampingRatio: damping, velocity: v.isFinite ? v : 0)
        }
    }
}

extension LuaRuntime {
    func push(_ p: Presentation) {
        L.newTable(hash: 6)
        let t = L.top
        push(p.frame); L.setRawField(t, "frame")
        push(p.center); L.setRawField(t, "center")
        push(p.bounds); L.setRawField(t, "bounds")
        push(p.transform); L.setRawField(t, "transform")
        L.push(p.alpha); L.setRawField(t, "alpha")
        L.push(p.backgroundColor); L.setRawField(t, "backgroundColor")
    }
}
