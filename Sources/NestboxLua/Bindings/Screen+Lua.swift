import Containment

/// `ui.screen`: the device's size, scale, idiom and safe area.
enum ScreenBinding {
    static func screen(_ c: PropertyContext) throws -> Screen {
        return try c.receiver(Screen.self)
    }

    static let properties: [LuaProperty] = [
        LuaProperty("name", "string", doc: "The device's name, e.g. `iPhone 15`.",
                    get: { c in c.L.push(try screen(c).device.name); return 1 }),
        LuaProperty("width", "number", doc: "The width in points for the current orientation.",
                    get: { c in c.L.push(try screen(c).width); return 1 }),
        LuaProperty("height", "number", doc: "The height in points for the current orientation.",
                    get: { c in c.L.push(try screen(c).height); return 1 }),
        LuaProperty("bounds", "Rect", doc: "The screen's rect in points.",
                    get: { c in c.rt.push(try screen(c).bounds); return 1 }),
        LuaProperty("scale", "number", doc: "Pixels per point.",
                    get: { c in c.L.push(try screen(c).scale); return 1 }),
        LuaProperty("idiom", "string", doc: "`phone` or `pad`.",
                    get: { c in c.L.push(try screen(c).idiom); return 1 }),
        LuaProperty("orientation", "string", doc: "The interface's orientation, e.g. `portrait`.",
                    get: { c in c.L.push(try screen(c).orientation); return 1 }),
        LuaProperty("deviceOrientation", "string", doc: "The device's, as `ui.rotate` last named it (by the interface orientation it gives: UIKit's device `landscapeLeft` is the interface's `landscapeRight`): the interface follows it where the controller asked supports it (Q82).",
                    get: { c in c.L.push(try screen(c).deviceOrientation); return 1 }),
        LuaProperty("safeAreaInsets", "Insets", doc: "The safe area for the current orientation.",
                    get: { c in c.rt.push(try screen(c).safeAreaInsets); return 1 }),
    ]

    static let binding = LuaBinding("Screen", Screen.self, doc: "The device, `ui.screen`: size, scale, idiom, orientation, safe area.",
                                    properties: properties)
}
