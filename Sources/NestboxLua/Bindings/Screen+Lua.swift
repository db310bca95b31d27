import Containment

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
