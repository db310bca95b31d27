import CLua
import Containment

/// A navigation controller's `navigationBar` (scripts do not make one).
enum NavigationBarBinding {
    static func bar(_ c: PropertyContext) throws -> NavigationBar { try c.receiver(NavigationBar.self) }

    static let isTranslucent = LuaProperty("isTranslucent", "boolean", doc: "Whether content extends under the bar (default true, Q18).",
                                           get: { c in c.L.push(try bar(c).isTranslucent); return 1 },
                                           set: { c, i in try bar(c).isTranslucent = try c.args.boolean(i) })

    static let properties: [LuaProperty] = [
        isTranslucent, .formerName("translucent", of: isTranslucent, doc: "The former spelling of `isTranslucent` (lint L15)."),
    ]

    static let binding = LuaBinding(
        "NavigationBar", NavigationBar.self, doc: "A navigation controller's bar: its title, back button and bar button items.",
        properties: properties)
}
