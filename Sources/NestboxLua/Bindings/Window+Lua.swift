import Containment

/// `ui.window` (README.md, The Lua API): one per simulation, not constructible.
enum WindowBinding {
    static func window(_ c: PropertyContext) throws -> Window {
        return try c.receiver(Window.self)
    }

    static let methods: [LuaMethod] = [
        LuaMethod("makeKeyAndVisible") { a in try a.object(1, Window.self, "Window").makeKeyAndVisible(); return 0 },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("rootViewController", get: { c in c.rt.push(try window(c).rootViewController); return 1 },
                    set: { c, i in
                        try window(c).setRootViewController(try c.args.optionalObject(i, ViewController.self, "ViewController"))
                    }),
        LuaProperty("isKeyWindow", get: { c in c.L.push(try window(c).isVisible); return 1 }),
    ]

    static let binding = LuaBinding(name: "Window", tag: Tag.window, parent: "View",
                                    methods: methods, properties: properties, make: nil)
}
