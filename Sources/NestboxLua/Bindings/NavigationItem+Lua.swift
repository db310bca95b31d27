import CLua
import Containment

/// `vc.navigationItem`
enum NavigationItemBinding {
    static func navItem(_ c: PropertyContext) throws -> NavigationItem { try c.receiver(NavigationItem.self) }

    /// A list of bar button items (nil: none).
    static func items(_ a: Args, _ i: Int32) throws -> [BarButtonItem] {
        if a.L.isNoneOrNil(i) { return [] }
        try a.table(i)
        var list: [BarButtonItem] = []
        for k in 0..<Int(lua_rawlen(a.L, i)) {
            lua_rawgeti(a.L, i, lua_Integer(k + 1))
            defer { a.L.pop() }
            list.append(try a.object(a.L.top, BarButtonItem.self, "BarButtonItem"))
        }
        return list
    }

    static let properties: [LuaProperty] = [
        LuaProperty("title", "string?", doc: "The title in the navigation bar (else the controller's).",
                    get: { c in c.L.push(try navItem(c).title); return 1 },
                    set: { c, i in let o = try navItem(c); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        LuaProperty("leftBarButtonItems", "BarButtonItem[]", doc: "The buttons on the left (nil: none).",
                    get: { c in c.rt.push(objects: try navItem(c).leftBarButtonItems); return 1 },
                    set: { c, i in try navItem(c).leftBarButtonItems = try items(c.args, i) }),
        LuaProperty("rightBarButtonItems", "BarButtonItem[]", doc: "The buttons on the right (nil: none).",
                    get: { c in c.rt.push(objects: try navItem(c).rightBarButtonItems); return 1 },
                    set: { c, i in try navItem(c).rightBarButtonItems = try items(c.args, i) }),
        LuaProperty("backButtonTitle", "string?", doc: "The back button's title on the next controller's bar.",
                    get: { c in c.L.push(try navItem(c).backButtonTitle); return 1 },
                    set: { c, i in let o = try navItem(c); o.backButtonTitle = o.hold(try c.args.optionalString(i), replacing: o.backButtonTitle) }),
        LuaProperty("hidesBackButton", "boolean", doc: "Whether the back button is hidden.",
                    get: { c in c.L.push(try navItem(c).hidesBackButton); return 1 },
                    set: { c, i in try navItem(c).hidesBackButton = try c.args.boolean(i) }),
    ]

    static let binding = LuaBinding("NavigationItem", NavigationItem.self,
                                    doc: "What a controller shows in a navigation bar (`vc.navigationItem`).", properties: properties)
}
