import Containment

/// `ui.TabBarItem{ title, image, selectedImage, badgeValue, tag }`
enum TabBarItemBinding {
    static func item(_ c: PropertyContext) throws -> TabBarItem { try c.receiver(TabBarItem.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("title", get: { c in c.L.push(try item(c).title); return 1 },
                    set: { c, i in let o = try item(c); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        LuaProperty("image", get: { c in c.L.push(try item(c).image); return 1 },
                    set: { c, i in let o = try item(c); o.image = o.hold(try c.args.optionalString(i), replacing: o.image) }),
        LuaProperty("selectedImage", get: { c in c.L.push(try item(c).selectedImage); return 1 },
                    set: { c, i in let o = try item(c); o.selectedImage = o.hold(try c.args.optionalString(i), replacing: o.selectedImage) }),
        LuaProperty("badgeValue", get: { c in c.L.push(try item(c).badgeValue); return 1 },
                    set: { c, i in let o = try item(c); o.badgeValue = o.hold(try c.args.optionalString(i), replacing: o.badgeValue) }),
        LuaProperty("tag", get: { c in c.L.push(try item(c).tag); return 1 },
                    set: { c, i in try item(c).tag = try c.args.integer(i) }),
    ]

    static let binding = LuaBinding(
        name: "TabBarItem", tag: Tag.other, parent: nil, methods: [], properties: properties,
        make: { rt, _, name in TabBarItem(simulation: rt.simulation, title: nil, name: name) })
}
