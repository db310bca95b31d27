import Containment

/// `ui.window` (README.md, The Lua API): one per simulation, not constructible.
enum WindowBinding {
    static func window(_ c: PropertyContext) throws -> Window {
        return try c.receiver(Window.self)
    }

    static let methods: [LuaMethod] = [
        LuaMethod("makeKeyAndVisible", "()",
                  doc: "Shows the window: the root controller's view appears.") { a in
            try a.object(1, Window.self, "Window").makeKeyAndVisible(); return 0
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("rootViewController", "ViewController?", doc: "The root controller; replacing it makes the old one disappear.",
                    get: { c in c.rt.push(try window(c).rootViewController); return 1 },
                    set: { c, i in
                        try window(c).setRootViewController(try c.args.optionalObject(i, ViewController.self, "ViewController"))
                    }),
        LuaProperty("isKeyWindow", "boolean", doc: "Whether `makeKeyAndVisible` was called.",
                    get: { c in c.L.push(try window(c).isVisible); return 1 }),
    ]

    static let binding = LuaBinding("Window", Window.self, doc: "The one window, `ui.window`: the root of the view tree.",
                                    methods: methods, properties: properties)
}
