import CLua
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

/// `ui.screen`: the device's size, scale, idiom and safe area.
enum ScreenBinding {
    static func screen(_ c: PropertyContext) throws -> Screen {
        return try c.receiver(Screen.self)
    }

    static let properties: [LuaProperty] = [
        LuaProperty("name", get: { c in c.L.push(try screen(c).device.name); return 1 }),
        LuaProperty("width", get: { c in c.L.push(try screen(c).width); return 1 }),
        LuaProperty("height", get: { c in c.L.push(try screen(c).height); return 1 }),
        LuaProperty("bounds", get: { c in c.rt.push(try screen(c).bounds); return 1 }),
        LuaProperty("scale", get: { c in c.L.push(try screen(c).scale); return 1 }),
        LuaProperty("idiom", get: { c in c.L.push(try screen(c).idiom); return 1 }),
        LuaProperty("orientation", get: { c in c.L.push(try screen(c).orientation); return 1 }),
        LuaProperty("safeAreaInsets", get: { c in c.rt.push(try screen(c).safeAreaInsets); return 1 }),
    ]

    static let binding = LuaBinding(name: "Screen", tag: Tag.screen, parent: nil,
                                    methods: [], properties: properties, make: nil)
}
