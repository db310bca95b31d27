import Containment

/// `ui.TabBarItem{ title, image, selectedImage, badgeValue, tag }`
enum TabBarItemBinding {
    static func item(_ c: PropertyContext) throws -> TabBarItem { try c.receiver(TabBarItem.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("name", "string?", doc: "The name given at construction, else `Class#n`; used in traces.",
                    get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("title", "string?", doc: "The title under the icon.",
                    get: { c in c.L.push(try item(c).title); return 1 },
                    set: { c, i in let o = try item(c); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        LuaProperty("image", "string?", doc: "An image name.",
                    get: { c in c.L.push(try item(c).image); return 1 },
                    set: { c, i in let o = try item(c); o.image = o.hold(try c.args.optionalString(i), replacing: o.image) }),
        LuaProperty("selectedImage", "string?", doc: "The image name when selected.",
                    get: { c in c.L.push(try item(c).selectedImage); return 1 },
                    set: { c, i in let o = try item(c); o.selectedImage = o.hold(try c.args.optionalString(i), replacing: o.selectedImage) }),
        LuaProperty("badgeValue", "string?", doc: "The badge text.",
                    get: { c in c.L.push(try item(c).badgeValue); return 1 },
                    set: { c, i in let o = try item(c); o.badgeValue = o.hold(try c.args.optionalString(i), replacing: o.badgeValue) }),
        LuaProperty("tag", "integer", doc: "A number for the script's own use.",
                    get: { c in c.L.push(try item(c).tag); return 1 },
                    set: { c, i in try item(c).tag = try c.args.integer(i) }),
    ]

    static let binding = LuaBinding(
        "TabBarItem", TabBarItem.self, doc: "A tab's title, images and badge (`vc.tabBarItem`).", properties: properties,
        make: { rt, className, name in TabBarItem(simulation: rt.simulation, className: className, title: nil, name: name) })
}
