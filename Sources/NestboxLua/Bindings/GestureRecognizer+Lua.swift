import Containment

enum GestureBinding {
    static func recognizer(_ c: PropertyContext) throws -> GestureRecognizer { try c.receiver(GestureRecognizer.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("state", get: { c in c.L.push(try recognizer(c).state.rawValue); return 1 }),
        LuaProperty("translation", get: { c in c.rt.push(try recognizer(c).translation); return 1 }),
        LuaProperty("velocity", get: { c in c.rt.push(try recognizer(c).velocity); return 1 }),
        LuaProperty("location", get: { c in c.rt.push(try recognizer(c).location); return 1 }),
        LuaProperty("view", get: { c in c.rt.push(try recognizer(c).view); return 1 }),
        LuaProperty("isEnabled", get: { c in c.L.push(try recognizer(c).isEnabled); return 1 },
                    set: { c, i in try recognizer(c).isEnabled = try c.args.boolean(i) }),
        LuaProperty("edges", get: { c in c.L.push(try recognizer(c).edges); return 1 },
                    set: { c, i in
                        let e = try c.args.string(i)
                        guard e == "left" || e == "right" else { throw LuaFailure.argument(i, "edges must be 'left' or 'right'") }
                        try recognizer(c).edges = e
                    }),
    ]

    static func binding(_ name: String, _ kind: GestureRecognizer.Kind) -> LuaBinding {
        LuaBinding(name: name, tag: Tag.gesture, parent: nil, methods: [], properties: properties,
                   make: { rt, _, n in GestureRecognizer(simulation: rt.simulation, kind: kind, name: n) })
    }
}
