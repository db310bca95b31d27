import CLua
import Containment

/// The handle `ui.pan{ release = false }` returns (README.md, The Lua API, input).
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
        /// touch:move(to [, { steps = 10, duration = 0.25 }]): `to` in the coordinates of
        /// the pan's `view`, or the window's
        LuaMethod("move") { a in
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
        LuaMethod("release") { a in try check(a).release(); return 0 },
        LuaMethod("cancel") { a in try check(a).cancel(); return 0 },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("isActive", get: { c in c.L.push(try c.receiver(Touch.self).isActive); return 1 }),
        LuaProperty("hasBegun", get: { c in c.L.push(try c.receiver(Touch.self).hasBegun); return 1 }),
        LuaProperty("location", get: { c in c.rt.push(try c.receiver(Touch.self).location); return 1 }),
    ]

    static let binding = LuaBinding(name: "Touch", tag: Tag.other, parent: nil, methods: methods, properties: properties,
                                    make: nil)
}
