import Containment

/// `ui.ScrollView{ contentSize, contentOffset, delegate = { didScroll = fn } }`
enum ScrollViewBinding {
    static func scroll(_ c: PropertyContext) throws -> ScrollView { try c.receiver(ScrollView.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("contentSize", get: { c in c.rt.push(try scroll(c).contentSize); return 1 },
                    set: { c, i in
                        let v = try c.args.fields(i, positional: ["width", "height"], "size")
                        try scroll(c).contentSize = Size(width: v[0], height: v[1])
                    }),
        LuaProperty("contentOffset", get: { c in c.rt.push(try scroll(c).contentOffset); return 1 },
                    set: { c, i in try scroll(c).contentOffset = try c.args.point(i) }),
    ]

    static let binding = LuaBinding(
        name: "ScrollView", tag: Tag.scrollView, parent: "View", methods: [], properties: properties,
        make: { rt, className, name in ScrollView(simulation: rt.simulation, className: className, name: name) })
}
