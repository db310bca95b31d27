import Containment

enum InteractionBinding {
    static func check(_ a: Args) throws -> PercentDrivenInteractiveTransition {
        try a.object(1, PercentDrivenInteractiveTransition.self, "PercentDrivenInteractiveTransition")
    }

    static let methods: [LuaMethod] = [
        LuaMethod("update", "(percent: number)",
                  doc: "Moves the transition to `percent` (0 to 1) done.") { a in
            try check(a).update(try a.number(2)); return 0
        },
        LuaMethod("finish", "()", doc: "Lets the transition finish from where it is.") { a in try check(a).finish(); return 0 },
        LuaMethod("cancel", "()", doc: "Lets the transition return and cancel.") { a in try check(a).cancel(); return 0 },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("name", "string?", doc: "The name given at construction, else `Class#n`; used in traces.",
                    get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("percentComplete", "number", doc: "How far the transition is, from 0 to 1.",
                    get: { c in c.L.push(try c.receiver(PercentDrivenInteractiveTransition.self).percentComplete); return 1 }),
    ]

    static let binding = LuaBinding(
        "PercentDrivenInteractiveTransition", PercentDrivenInteractiveTransition.self,
        doc: "Drives a custom transition by hand (`interactionController`).", methods: methods, properties: properties,
        make: { rt, className, name in PercentDrivenInteractiveTransition(simulation: rt.simulation, className: className, name: name) })
}
