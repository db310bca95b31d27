import CLua
import Containment

/// A navigation controller's `navigationBar` (scripts do not make one).
enum NavigationBarBinding {
    static func bar(_ c: PropertyContext) throws -> NavigationBar { try c.receiver(NavigationBar.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("translucent", get: { c in c.L.push(try bar(c).isTranslucent); return 1 },
                    set: { c, i in try bar(c).isTranslucent = try c.args.boolean(i) }),
    ]

    static let binding = LuaBinding(
        name: "NavigationBar", tag: Tag.view, parent: "View", methods: [], properties: properties, make: nil)
}
