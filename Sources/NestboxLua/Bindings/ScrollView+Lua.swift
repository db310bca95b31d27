import Containment

/// `ui.ScrollView{ contentSize, contentOffset, delegate = { didScroll = fn } }`
enum ScrollViewBinding {
    static func scroll(_ c: PropertyContext) throws -> ScrollView { try c.receiver(ScrollView.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("contentSize", "Size", doc: "The size of the scrollable content.",
                    get: { c in c.rt.push(try scroll(c).contentSize); return 1 },
                    set: { c, i in
                        let v = try c.args.fields(i, positional: ["width", "height"], "size")
                        try scroll(c).contentSize = Size(width: v[0], height: v[1])
                    }),
        LuaProperty("contentOffset", "Point", doc: "The scroll position (the bounds' origin).",
                    get: { c in c.rt.push(try scroll(c).contentOffset); return 1 },
                    set: { c, i in try scroll(c).contentOffset = try c.args.point(i) }),
    ]

    // A plain field, not a property: the host reads it raw when the offset changes
    // (LuaRuntime+Hooks.swift).
    static let delegate = LuaProtocol(name: "ScrollViewDelegate", field: "delegate",
                                      doc: "A table in the plain field `delegate`.", methods: [
        LuaHook("didScroll", "(scrollView: ScrollView)", doc: "After the content offset changed."),
    ])

    static let binding = LuaBinding(
        "ScrollView", ScrollView.self, doc: "A view whose bounds scroll over its content.", properties: properties,
        delegates: [delegate],
        make: { rt, className, name in ScrollView(simulation: rt.simulation, className: className, name: name) })
}
