import CLua
import Containment

/// UIViewControllerTransitionCoordinator and its context, as one object: what
/// `viewWillTransition` gets, and what `transitionCoordinator` answers (Q80).
enum CoordinatorBinding {
    static func check(_ a: Args) throws -> TransitionCoordinator {
        try a.object(1, TransitionCoordinator.self, "TransitionCoordinator")
    }

    /// A block the coordinator keeps, called with it. The block holds it weakly: held
    /// strongly, each was a cycle (the coordinator, its closures, the Lua refs).
    static func block(_ f: LuaCallback?, _ c: TransitionCoordinator, _ what: String) -> (() -> Void)? {
        f.map { f in { [weak c] in c.map { c in f.call(object: c, what: what) { rt in rt.push(c); return 1 } } } }
    }

    static func queue(_ a: Args, animation: Int32, completion: Int32) throws -> Int32 {
        let c = try check(a)
        let along = try a.optionalCallback(animation), done = try a.optionalCallback(completion)
        a.L.push(c.animate(alongside: block(along, c, "alongside"), completion: block(done, c, "completion")))
        return 1
    }

    static let methods: [LuaMethod] = [
        LuaMethod("animate", "(alongside: fun(coordinator: TransitionCoordinator)?, completion: fun(coordinator: TransitionCoordinator)?) -> boolean",
                  doc: "Runs `alongside` in an animation of the transition's duration as it starts, and `completion` once it has ended (Q80); once the animation has begun, false, and only the completion is kept; once ended, neither.") { a in
            try queue(a, animation: 2, completion: 3)
        },
        LuaMethod("animateAlongsideTransition", "(view: View?, animation: fun(coordinator: TransitionCoordinator)?, completion: fun(coordinator: TransitionCoordinator)?) -> boolean",
                  doc: "UIKit's `animateAlongsideTransition(in:animation:completion:)`: as `animate`; the view changes nothing, as an interaction drives every animation the transition starts.") { a in
            _ = try a.optionalObject(2, View.self, "View")
            return try queue(a, animation: 3, completion: 4)
        },
        LuaMethod("notifyWhenInteractionChanges", "(handler: fun(coordinator: TransitionCoordinator))",
                  doc: "Calls `handler` when the interaction driving the transition finishes or cancels, before a cancel's will-callbacks.") { a in
            let c = try check(a)
            try a.function(2)
            if let h = block(try a.optionalCallback(2), c, "interaction") { c.notifyWhenInteractionChanges(h) }
            return 0
        },
        LuaMethod("viewController", "(key: string) -> ViewController?",
                  doc: "The `from` or `to` controller; nil for a size transition.") { a in
            let key: TransitionContextBinding.ViewKey = try a.choice(2, "view controller key")
            a.rt.push(try check(a).viewController(key.rawValue)); return 1
        },
        LuaMethod("view", "(key: string) -> View?",
                  doc: "The `from` or `to` controller's view, as the transition context answers (nil for a presenting side that stays on screen).") { a in
            let key: TransitionContextBinding.ViewKey = try a.choice(2, "view key")
            a.rt.push(try check(a).view(key.rawValue)); return 1
        },
    ]

    static func c(_ p: PropertyContext) throws -> TransitionCoordinator { try p.receiver(TransitionCoordinator.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("transitionDuration", "number", doc: "The transition's duration in seconds (0 when not animated).",
                    get: { p in p.L.push(try c(p).transitionDuration); return 1 }),
        LuaProperty("isAnimated", "boolean", doc: "Whether the transition is animated.",
                    get: { p in p.L.push(try c(p).isAnimated); return 1 }),
        LuaProperty("isInteractive", "boolean", doc: "Whether an interaction drives it now.",
                    get: { p in p.L.push(try c(p).isInteractive); return 1 }),
        LuaProperty("initiallyInteractive", "boolean", doc: "Whether an interaction drove it from its start.",
                    get: { p in p.L.push(try c(p).initiallyInteractive); return 1 }),
        LuaProperty("isInterruptible", "boolean", doc: "Always false: no animator in Nestbox is interruptible.",
                    get: { p in _ = try c(p); p.L.push(false); return 1 }),
        LuaProperty("isCancelled", "boolean", doc: "Whether the interaction cancelled it.",
                    get: { p in p.L.push(try c(p).isCancelled); return 1 }),
        LuaProperty("percentComplete", "number", doc: "The interaction's progress, kept when it ended; 0 without one.",
                    get: { p in p.L.push(try c(p).percentComplete); return 1 }),
        LuaProperty("completionVelocity", "number", doc: "1, UIKit's default completion speed.",
                    get: { p in _ = try c(p); p.L.push(1.0); return 1 }),
        LuaProperty("completionCurve", "string", doc: "`easeInOut`, UIKit's default completion curve.",
                    get: { p in _ = try c(p); p.L.push("easeInOut" as StaticString); return 1 }),
        LuaProperty("presentationStyle", "string", doc: "The presentation's or dismissal's style; `none` for other transitions.",
                    get: { p in
                        let style = try c(p).presentationStyle
                        if let style { p.L.push(style.rawValue) } else { p.L.push("none" as StaticString) }
                        return 1
                    }),
        LuaProperty("containerView", "View?", doc: "The view the transition happens in (the window for a size transition).",
                    get: { p in p.rt.push(try c(p).containerView); return 1 }),
    ]

    static let binding = LuaBinding("TransitionCoordinator", TransitionCoordinator.self,
                                    doc: "A transition's coordinator: what `viewWillTransition` gets, and what `transitionCoordinator` answers during a presentation, dismissal, push, pop or animated tab switch (Q80).",
                                    methods: methods, properties: properties)
}
