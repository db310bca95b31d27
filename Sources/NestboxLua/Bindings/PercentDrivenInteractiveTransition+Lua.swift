import Containment

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
