import CLua
import Containment

/// The handle `ui.pan{ release = false }` returns (docs/layout.md, Animations and touches).
enum TouchBinding {
    static func check(_ a: Args) throws -> Touch {
        try a.object(1, Touch.self, "Touch")
    }

    /// `steps` and `duration` from the options table at `i`, as `ui.pan` reads them.
    static func motion(_ a: Args, _ i: Int32) throws -> (steps: Int, duration: Double) {
        let L = a.L
        L.rawField(i, "steps")
        let steps = L.number(at: -1) ?? 10
        L.pop()
        guard steps >= 1, steps <= 10_000, steps == steps.rounded() else {
            throw LuaFailure.argument(i, "field 'steps' must be an integer from 1 to 10000")
        }
        L.rawField(i, "duration")
        let duration = L.number(at: -1) ?? 0.25
        L.pop()
        guard duration.isFinite, duration >= 0 else { throw LuaFailure.argument(i, "field 'duration' must be a finite number >= 0") }
        return (Int(steps), duration)
    }

    static let methods: [LuaMethod] = [
        LuaMethod("move", "(to: Point, motion: {steps: integer?, duration: number?}?)",
                  doc: "Drags the finger on to `to` (in the pan's `view` coordinates, or the window's) in `steps` moves over `duration`.") { a in
            let touch = try check(a)
            var to = try a.point(2)
            var m = (steps: 10, duration: 0.25)
            if !a.L.isNoneOrNil(3) {
                try a.table(3)
                m = try motion(a, 3)
            }
            guard touch.isActive else { throw LuaFailure.message("touch:move: the finger was already lifted") }
            if let space = touch.coordinateSpace { to = space.convert(to, to: nil) }
            touch.move(to: to, steps: m.steps, duration: m.duration)
            return 0
        },
        LuaMethod("release", "()", doc: "Lifts the finger: a gesture that began ends.") { a in try check(a).release(); return 0 },
        LuaMethod("cancel", "()", doc: "The system takes the touch away: a gesture that began is cancelled.") { a in
            try check(a).cancel(); return 0
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("name", "string?", doc: "The name used in traces.", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("isActive", "boolean", doc: "False once lifted or cancelled.",
                    get: { c in c.L.push(try c.receiver(Touch.self).isActive); return 1 }),
        LuaProperty("hasBegun", "boolean", doc: "Whether the gesture began (the finger passed 10 points).",
                    get: { c in c.L.push(try c.receiver(Touch.self).hasBegun); return 1 }),
        LuaProperty("location", "Point", doc: "Where the finger is, in window coordinates.",
                    get: { c in c.rt.push(try c.receiver(Touch.self).location); return 1 }),
    ]

    static let binding = LuaBinding("Touch", Touch.self, doc: "A finger held down by `ui.pan{ release = false }`.",
                                    methods: methods, properties: properties)
}
