import Containment

/// `ui.TapGestureRecognizer{ action }`, `ui.PanGestureRecognizer{ action }`,
/// `ui.ScreenEdgePanGestureRecognizer{ edges, action }`: three bound subclasses of one
/// base binding that holds their properties.
enum GestureBinding {
    static func recognizer(_ c: PropertyContext) throws -> GestureRecognizer { try c.receiver(GestureRecognizer.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("name", "string?", doc: "The name given at construction, else `Class#n`; used in traces.",
                    get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("state", "string", doc: "`possible`, `began`, `changed`, `ended`, `cancelled` or `failed`.",
                    get: { c in c.L.push(try recognizer(c).state.rawValue); return 1 }),
        LuaProperty("translation", "Point", doc: "A pan's movement since it began, in the window.",
                    get: { c in c.rt.push(try recognizer(c).translation); return 1 }),
        LuaProperty("velocity", "Point", doc: "A pan's speed in points per second.",
                    get: { c in c.rt.push(try recognizer(c).velocity); return 1 }),
        LuaProperty("location", "Point", doc: "Where the touch is, in the window.",
                    get: { c in c.rt.push(try recognizer(c).location); return 1 }),
        LuaProperty("view", "View?", doc: "The view the recognizer is attached to.",
                    get: { c in c.rt.push(try recognizer(c).view); return 1 }),
        LuaProperty("isEnabled", "boolean", doc: "A disabled recognizer ignores touches.",
                    get: { c in c.L.push(try recognizer(c).isEnabled); return 1 },
                    set: { c, i in try recognizer(c).isEnabled = try c.args.boolean(i) }),
        LuaProperty("edges", "string", doc: "For screen-edge pans: `left` (default) or `right`; a navigation controller's swipe starts at the leading edge until set (Q74).",
                    get: { c in c.L.push(try recognizer(c).effectiveEdges); return 1 },
                    set: { c, i in
                        let e = try c.args.string(i)
                        guard e == "left" || e == "right" else { throw LuaFailure.argument(i, "edges must be 'left' or 'right'") }
                        try recognizer(c).edges = e
                    }),
    ]

    static let hooks = [
        LuaHook("action", "(recognizer: GestureRecognizer)", doc: "A function in the field `action`, called on each state change."),
    ]

    static let binding = LuaBinding("GestureRecognizer", GestureRecognizer.self,
                                    doc: "What the three recognizers share; not constructible itself.",
                                    properties: properties, hooks: hooks)
    static let tap = LuaBinding("TapGestureRecognizer", TapGestureRecognizer.self, doc: "Recognizes a tap; comes before controls.",
                                make: { rt, c, n in TapGestureRecognizer(simulation: rt.simulation, className: c, name: n) })
    static let pan = LuaBinding("PanGestureRecognizer", PanGestureRecognizer.self, doc: "Recognizes a drag (`ui.pan`).",
                                make: { rt, c, n in PanGestureRecognizer(simulation: rt.simulation, className: c, name: n) })
    static let screenEdgePan = LuaBinding("ScreenEdgePanGestureRecognizer", ScreenEdgePanGestureRecognizer.self,
                                          doc: "Recognizes a drag that starts at a screen edge.",
                                          make: { rt, c, n in ScreenEdgePanGestureRecognizer(simulation: rt.simulation, className: c, name: n) })
}
