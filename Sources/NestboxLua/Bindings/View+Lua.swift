import CLua
import Containment

/// `ui.View` (README.md, The Lua API).
enum ViewBinding {
    static func check(_ a: Args, _ i: Int32 = 1) throws -> View {
        try a.tagged(i, Tag.view, View.self, "View")
    }

    static func view(_ c: PropertyContext) throws -> View {
        return try c.receiver(View.self)
    }

    static let methods: [LuaMethod] = [
        /// v:addSubview(w)
        LuaMethod("addSubview") { a in try check(a).addSubview(try check(a, 2)); return 0 },
        /// v:insertSubview(w, index) (1-based) or v:insertSubview(w, {below = x} | {above = x})
        LuaMethod("insertSubview") { a in
            let v = try check(a), w = try check(a, 2)
            if let i = a.L.number(at: 3) {
                guard i == i.rounded(), i >= 1, i <= Double(Int32.max) else {
                    throw LuaFailure.argument(3, "index must be a positive integer")
                }
                try v.insertSubview(w, at: Int(i) - 1)
                return 0
            }
            try a.table(3)
            if a.L.rawField(3, "below") != LUA_TNIL {
                let sibling = try check(a, a.L.top)
                try v.insertSubview(w, belowSubview: sibling)
            } else if a.L.rawField(3, "above") != LUA_TNIL {
                let sibling = try check(a, a.L.top)
                try v.insertSubview(w, aboveSubview: sibling)
            } else {
                throw LuaFailure.argument(3, "index or {below = view} or {above = view} expected")
            }
            return 0
        },
        LuaMethod("removeFromSuperview") { a in try check(a).removeFromSuperview(); return 0 },
        LuaMethod("bringSubviewToFront") { a in try check(a).bringSubviewToFront(try check(a, 2)); return 0 },
        LuaMethod("sendSubviewToBack") { a in try check(a).sendSubviewToBack(try check(a, 2)); return 0 },
        LuaMethod("setNeedsLayout") { a in try check(a).setNeedsLayout(); return 0 },
        LuaMethod("layoutIfNeeded") { a in try check(a).layoutIfNeeded(); return 0 },
        LuaMethod("isDescendant") { a in a.L.push(try check(a).isDescendant(of: try check(a, 2))); return 1 },
        /// v:convert(point, toView | nil) -> point
        LuaMethod("convert") { a in
            let v = try check(a)
            let p = try a.point(2)
            a.rt.push(v.convert(p, to: try a.optionalObject(3, View.self, "View")))
            return 1
        },
        LuaMethod("layoutSubviews") { a in try check(a).handle(.layoutSubviews); return 0 },
        LuaMethod("addGestureRecognizer") { a in
            try check(a).addGestureRecognizer(try a.object(2, GestureRecognizer.self, "GestureRecognizer")); return 0
        },
        LuaMethod("removeGestureRecognizer") { a in
            try check(a).removeGestureRecognizer(try a.object(2, GestureRecognizer.self, "GestureRecognizer")); return 0
        },
        /// v:hitTest(point) -> the deepest view that would take a touch there, or nil
        LuaMethod("hitTest") { a in a.rt.push(try check(a).hitTest(try a.point(2))); return 1 },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("className", get: { c in c.L.push(c.object.className); return 1 }),
        // frame before center: a constructor table may give both.
        LuaProperty("frame", get: { c in c.rt.push(try view(c).frame); return 1 },
                    set: { c, i in try view(c).frame = try c.args.rect(i) }),
        LuaProperty("bounds", get: { c in c.rt.push(try view(c).bounds); return 1 },
                    set: { c, i in try view(c).bounds = try c.args.rect(i) }),
        LuaProperty("center", get: { c in c.rt.push(try view(c).center); return 1 },
                    set: { c, i in try view(c).setCenter(try c.args.point(i)) }),
        LuaProperty("transform", get: { c in c.rt.push(try view(c).transform); return 1 },
                    set: { c, i in try view(c).transform = try c.args.transform(i) }),
        LuaProperty("alpha", get: { c in c.L.push(try view(c).alpha); return 1 },
                    set: { c, i in try view(c).alpha = try c.args.number(i) }),
        LuaProperty("hidden", get: { c in c.L.push(try view(c).isHidden); return 1 },
                    set: { c, i in try view(c).isHidden = try c.args.boolean(i) }),
        LuaProperty("userInteractionEnabled", get: { c in c.L.push(try view(c).isUserInteractionEnabled); return 1 },
                    set: { c, i in try view(c).isUserInteractionEnabled = try c.args.boolean(i) }),
        LuaProperty("tag", get: { c in c.L.push(try view(c).tag); return 1 },
                    set: { c, i in
                        let n = try c.args.number(i)
                        guard n == n.rounded(), abs(n) < 1e15 else { throw LuaFailure.argument(i, "tag must be an integer") }
                        try view(c).tag = Int(n)
                    }),
        LuaProperty("backgroundColor", get: { c in c.L.push(try view(c).backgroundColor); return 1 },
                    set: { c, i in let o = try view(c); o.backgroundColor = o.hold(try c.args.optionalString(i), replacing: o.backgroundColor) }),
        LuaProperty("tintColor", get: { c in c.L.push(try view(c).tintColor); return 1 },
                    set: { c, i in let o = try view(c); o.tintColor = o.hold(try c.args.optionalString(i), replacing: o.tintColor) }),
        LuaProperty("clipsToBounds", get: { c in c.L.push(try view(c).clipsToBounds); return 1 },
                    set: { c, i in try view(c).clipsToBounds = try c.args.boolean(i) }),
        LuaProperty("autoresizingMask", get: { c in c.rt.push(try view(c).autoresizingMask); return 1 },
                    set: { c, i in try view(c).autoresizingMask = try c.args.autoresizingMask(i) }),
        LuaProperty("layoutMargins", get: { c in c.rt.push(try view(c).layoutMargins); return 1 },
                    set: { c, i in try view(c).layoutMargins = try c.args.insets(i) }),
        LuaProperty("subviews", get: { c in c.rt.push(objects: try view(c).subviews); return 1 }),
        LuaProperty("superview", get: { c in c.rt.push(try view(c).superview); return 1 }),
        LuaProperty("window", get: { c in c.rt.push(try view(c).window); return 1 }),
        LuaProperty("presentation", get: { c in c.rt.push(try view(c).presentation); return 1 }),
        LuaProperty("gestureRecognizers", get: { c in c.rt.push(objects: try view(c).gestureRecognizers); return 1 }),
        LuaProperty("safeAreaInsets", get: { c in c.rt.push(try view(c).safeAreaInsets); return 1 }),
        LuaProperty("traitCollection", get: { c in c.rt.push(try view(c).traitCollection); return 1 }),
    ]

    static let binding = LuaBinding(
        name: "View", tag: Tag.view, parent: nil, methods: methods, properties: properties,
        make: { rt, className, name in View(simulation: rt.simulation, className: className, name: name) })
}
