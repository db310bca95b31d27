import Containment

/// `ui.BarButtonItem{ title, action = fn }`
enum BarButtonItemBinding {
    static let binding = LuaBinding(
        name: "BarButtonItem", tag: Tag.other, parent: nil, methods: [],
        properties: [
            LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
            LuaProperty("title", get: { c in c.L.push(try c.receiver(BarButtonItem.self).title); return 1 },
                        set: { c, i in let o = try c.receiver(BarButtonItem.self); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        ],
        make: { rt, _, name in BarButtonItem(simulation: rt.simulation, title: nil, name: name) })
}
