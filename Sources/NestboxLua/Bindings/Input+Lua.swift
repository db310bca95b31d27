import CLua
import CLuaShim
import Containment

/// Input from scripts: `ui.tap`, `ui.pan`, `ui.scroll`, `ui.rotate`, `ui.setDevice`,
/// `ui.memoryWarning`, ignoring interaction (README.md, The Lua API).
enum InputFunctions {
    static let all: [LuaMethod] = [
        /// ui.tap(view | {x, y} | "title") -> the view that handled it, or nil
        LuaMethod("tap") { a in
            let sim = a.rt.simulation
            let target: TapTarget
            if let title = a.L.string(at: 1) {
                guard let v = visibleView(titled: title, in: sim.window) else {
                    throw LuaFailure.message("ui.tap: no visible view titled '\(title)'")
                }
                target = .view(v)
            } else if nb_toobject(a.L, 1) != nil {
                target = .view(try ViewBinding.check(a, 1))
            } else if a.L.type(1) == LUA_TTABLE {
                target = .point(try a.point(1))
            } else {
                throw LuaFailure.typeError(1, expected: "view, point or title", got: a.L.typeName(at: 1))
            }
            a.rt.push(sim.tap(target))
            return 1
        },
        /// ui.pan{ view =, from =, to =, steps = 10, duration = 0.25, release = true }
        LuaMethod("pan") { a in
            try a.table(1)
            let L = a.L
            L.rawField(1, "view")
            let view = try a.optionalObject(L.top, View.self, "View")
            L.pop()
            L.rawField(1, "from"); var from = try a.point(L.top); L.pop()
            L.rawField(1, "to"); var to = try a.point(L.top); L.pop()
            if let view { from = view.convert(from, to: nil); to = view.convert(to, to: nil) }
            L.rawField(1, "steps")
            let steps = L.number(at: -1) ?? 10
            L.pop()
            guard steps >= 1, steps <= 10_000, steps == steps.rounded() else { throw LuaFailure.argument(1, "field 'steps' must be an integer from 1 to 10000") }
            L.rawField(1, "duration")
            let duration = L.number(at: -1) ?? 0.25
            L.pop()
            guard duration.isFinite, duration >= 0 else { throw LuaFailure.argument(1, "field 'duration' must be a finite number >= 0") }
            let release = L.rawField(1, "release") == LUA_TNIL ? true : L.bool(at: -1)
            L.pop()
            a.rt.simulation.pan(from: from, to: to, steps: Int(steps), duration: duration, release: release)
            return 0
        },
        /// ui.scroll(scrollView, {x =, y =})
        LuaMethod("scroll") { a in
            let s = try a.object(1, ScrollView.self, "ScrollView")
            a.rt.simulation.scroll(s, to: try a.point(2))
            return 0
        },
        LuaMethod("rotate") { a in try a.rt.simulation.rotate(to: try a.string(1)); return 0 },
        LuaMethod("setDevice") { a in
            let name = try a.string(1)
            guard let d = Device.named(name) else {
                throw LuaFailure.argument(1, "unknown device '\(name)' (\(Device.all.map(\.name).joined(separator: ", ")))")
            }
            a.rt.simulation.setDevice(d)
            return 0
        },
        LuaMethod("memoryWarning") { a in a.rt.simulation.memoryWarning(); return 0 },
        LuaMethod("beginIgnoringInteractionEvents") { a in a.rt.simulation.beginIgnoringInteractionEvents(); return 0 },
        LuaMethod("endIgnoringInteractionEvents") { a in a.rt.simulation.endIgnoringInteractionEvents(); return 0 },
    ]

    /// The frontmost reachable view whose title or text is `title`.
    static func visibleView(titled title: String, in window: Window) -> View? {
        var found: View?
        func visit(_ v: View) {
            guard !v.isHidden, v.alpha >= 0.01 else { return }
            if let b = v as? Button, b.title == title { found = v }
            if let l = v as? Label, l.text == title { found = v }
            for s in v.subviews { visit(s) }
        }
        visit(window)
        return found
    }
}

/// Button's target-action: `b:addTarget(fn, event)`; the functions live in the
/// button's own fields (user value), so a cycle through them stays collectable.
enum ButtonMethods {
    static let methods: [LuaMethod] = [
        LuaMethod("addTarget") { a in
            let b = try a.object(1, Button.self, "Button")
            try a.function(2)
            let event = try a.optionalString(3) ?? "touchUpInside"
            guard ControlEvent(rawValue: event) != nil else {
                throw LuaFailure.argument(3, "unknown control event '\(event)' (touchDown, touchUpInside, valueChanged)")
            }
            let L = a.L
            if lua_getiuservalue(L, 1, 1) != LUA_TTABLE {
                L.pop(); L.newTable(); lua_pushvalue(L, -1); lua_setiuservalue(L, 1, 1)
            }
            let fields = L.top
            if L.rawField(fields, "__targets") != LUA_TTABLE {
                L.pop(); L.newTable(); lua_pushvalue(L, -1); L.setRawField(fields, "__targets")
            }
            let targets = L.top
            if L.rawField(targets, event) != LUA_TTABLE {
                L.pop(); L.newTable(); lua_pushvalue(L, -1); L.setRawField(targets, event)
            }
            lua_pushvalue(L, 2)
            lua_rawseti(L, -2, lua_Integer(lua_rawlen(L, -2) + 1))
            a.rt.fieldChanged(b, valueType: LUA_TTABLE)
            return 0
        },
        LuaMethod("sendActions") { a in
            let b = try a.object(1, Button.self, "Button")
            let event = try a.string(2)
            guard let e = ControlEvent(rawValue: event) else { throw LuaFailure.argument(2, "unknown control event '\(event)'") }
            b.sendActions(for: e)
            return 0
        },
    ]
}

enum GestureBinding {
    static func recognizer(_ c: PropertyContext) throws -> GestureRecognizer { try c.receiver(GestureRecognizer.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("state", get: { c in c.L.push(try recognizer(c).state.rawValue); return 1 }),
        LuaProperty("translation", get: { c in c.rt.push(try recognizer(c).translation); return 1 }),
        LuaProperty("velocity", get: { c in c.rt.push(try recognizer(c).velocity); return 1 }),
        LuaProperty("location", get: { c in c.rt.push(try recognizer(c).location); return 1 }),
        LuaProperty("view", get: { c in c.rt.push(try recognizer(c).view); return 1 }),
        LuaProperty("isEnabled", get: { c in c.L.push(try recognizer(c).isEnabled); return 1 },
                    set: { c, i in try recognizer(c).isEnabled = try c.args.boolean(i) }),
        LuaProperty("edges", get: { c in c.L.push(try recognizer(c).edges); return 1 },
                    set: { c, i in
                        let e = try c.args.string(i)
                        guard e == "left" || e == "right" else { throw LuaFailure.argument(i, "edges must be 'left' or 'right'") }
                        try recognizer(c).edges = e
                    }),
    ]

    static func binding(_ name: String, _ kind: GestureRecognizer.Kind) -> LuaBinding {
        LuaBinding(name: name, tag: Tag.gesture, parent: nil, methods: [], properties: properties,
                   make: { rt, _, n in GestureRecognizer(simulation: rt.simulation, kind: kind, name: n) })
    }
}

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
