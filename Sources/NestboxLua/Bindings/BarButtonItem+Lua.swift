import Containment

/// `ui.BarButtonItem{ title, action = fn }`
enum BarButtonItemBinding {
    static let binding = LuaBinding(
        "BarButtonItem", BarButtonItem.self, doc: "A button in a navigation bar.",
        properties: [
            LuaProperty("name", "string?", doc: "The name given at construction, else `Class#n`; used in traces.",
                        get: { c in c.L.push(c.object.name); return 1 }),
            LuaProperty("title", "string?", doc: "The button's title.",
                        get: { c in c.L.push(try c.receiver(BarButtonItem.self).title); return 1 },
                        set: { c, i in let o = try c.receiver(BarButtonItem.self); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        ],
        hooks: [LuaHook("action", "(item: BarButtonItem)", doc: "A function in the field `action`, called when the button is tapped.")],
        make: { rt, className, name in BarButtonItem(simulation: rt.simulation, className: className, title: nil, name: name) })
}
