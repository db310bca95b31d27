import CLua
import Containment

/// `ui.View` (README.md, The Lua API).
enum ViewBinding {
    static func check(_ a: Args, _ i: Int32 = 1) throws -> View {
        try a.tagged(i, a.rt.viewTag, View.self, "View")
    }

    static func view(_ c: PropertyContext) throws -> View {
        return try c.receiver(View.self)
    }

    /// UIKit's two overloads of each conversion, a CGPoint's and a CGRect's, told apart by
    /// the table (a rect has a width); a view without a transform keeps a rect's size.
    static func convert(_ a: Args, _ move: (Point) -> Point) throws -> Int32 {
        let top = a.L.top
        let isRect = a.L.type(2) == LUA_TTABLE && (lua_rawgeti(a.L, 2, 3) != LUA_TNIL || a.L.rawField(2, "width") != LUA_TNIL)
        a.L.settop(top)
        if isRect {
            let r = try a.rect(2)
            let o = move(Point(x: r.origin.x, y: r.origin.y))
            a.rt.push(Rect(x: o.x, y: o.y, width: r.size.width, height: r.size.height))
        } else {
            a.rt.push(move(try a.point(2)))
        }
        return 1
    }

    static let methods: [LuaMethod] = [
        LuaMethod("addSubview", "(view: View)",
                  doc: "Adds `view` as the frontmost subview, taking it from its old superview.") { a in
            try check(a).addSubview(try check(a, 2)); return 0
        },
        LuaMethod("insertSubview", "(view: View, position: integer|{below: View}|{above: View})",
                  doc: "Inserts `view` at a 1-based index among the subviews, or below or above a sibling.") { a in
            let v = try check(a), w = try check(a, 2)
            if let i = a.L.number(at: 3) {
                guard i == i.rounded(), i >= 1, i <= Double(Int32.max) else {
                    throw LuaFailure.argument(3, "index must be a positive integer")
                }
                try v.insertSubview(w, at: Int(i) - 1)
                return 0
            }
            try a.table(3)
            // One of the two fields, read once; an error about the sibling names the position.
            let below = a.L.rawField(3, "below") != LUA_TNIL, above = a.L.rawField(3, "above") != LUA_TNIL
            if below && above { throw LuaFailure.argument(3, "{below = view} or {above = view}, not both") }
            guard below || above else { throw LuaFailure.argument(3, "index or {below = view} or {above = view} expected") }
            let key = below ? "below" : "above", slot = below ? a.L.top - 1 : a.L.top
            let sibling: View
            do { sibling = try check(a, slot) } catch {
                throw LuaFailure.argument(3, "{\(key) = view}: View expected, got \(a.L.typeName(at: slot))")
            }
            if below { try v.insertSubview(w, belowSubview: sibling) } else { try v.insertSubview(w, aboveSubview: sibling) }
            return 0
        },
        LuaMethod("removeFromSuperview", "()",
                  doc: "Takes the view out of its superview.") { a in try check(a).removeFromSuperview(); return 0 },
        LuaMethod("bringSubviewToFront", "(view: View)",
                  doc: "Moves a subview to the front.") { a in try check(a).bringSubviewToFront(try check(a, 2)); return 0 },
        LuaMethod("sendSubviewToBack", "(view: View)",
                  doc: "Moves a subview to the back.") { a in try check(a).sendSubviewToBack(try check(a, 2)); return 0 },
        LuaMethod("setNeedsLayout", "()",
                  doc: "Marks the view for layout on the next pass.") { a in try check(a).setNeedsLayout(); return 0 },
        LuaMethod("layoutIfNeeded", "()",
                  doc: "Lays out now what is marked, this view and below.") { a in try check(a).layoutIfNeeded(); return 0 },
        LuaMethod("isDescendant", "(view: View) -> boolean",
                  doc: "Whether the view is `view` or inside it.") { a in
            a.L.push(try check(a).isDescendant(of: try check(a, 2))); return 1
        },
        LuaMethod("viewWithTag", "(tag: integer) -> View?",
                  doc: "This view if its tag is `tag`, else the first view below it with that tag (depth first).") { a in
            let v = try check(a), tag = try a.integer(2)
            a.rt.push(v.viewWithTag(tag)); return 1
        },
        LuaMethod("convert", "(value: Point|Rect, to: View?) -> Point|Rect",
                  doc: "The point, or the rect (moved, its size kept), in `to`'s coordinates (nil: the window's).") { a in
            let v = try check(a), other = try a.optionalObject(3, View.self, "View")
            return try convert(a) { v.convert($0, to: other) }
        },
        LuaMethod("convertFrom", "(value: Point|Rect, from: View?) -> Point|Rect",
                  doc: "UIKit's `convert(_:from:)`: the point or rect in `from`'s coordinates (nil: the window's) in this view's.") { a in
            let v = try check(a), other = try a.optionalObject(3, View.self, "View")
            return try convert(a) { v.convert($0, from: other) }
        },
        LuaMethod("layoutSubviews", "()",
                  doc: "Runs the view's layout as a layout pass would (its hook included); from the hook itself, its super call: nothing more (Q76).") { a in
            let v = try check(a)
            if !v.isSuperCall(of: .layoutSubviews) { v.handle(.layoutSubviews) }
            return 0
        },
        LuaMethod("addGestureRecognizer", "(recognizer: GestureRecognizer)",
                  doc: "Attaches a recognizer, taking it from its old view.") { a in
            try check(a).addGestureRecognizer(try a.object(2, GestureRecognizer.self, "GestureRecognizer")); return 0
        },
        LuaMethod("removeGestureRecognizer", "(recognizer: GestureRecognizer)", doc: "Detaches a recognizer of this view.") { a in
            try check(a).removeGestureRecognizer(try a.object(2, GestureRecognizer.self, "GestureRecognizer")); return 0
        },
        LuaMethod("hitTest", "(point: Point) -> View?",
                  doc: "The deepest view that would take a touch at `point` (in this view's coordinates).") { a in
            a.rt.push(try check(a).hitTest(try a.point(2))); return 1
        },
    ]

    static let isHidden = LuaProperty("isHidden", "boolean", doc: "Hidden views are not drawn and take no touches.",
                                      get: { c in c.L.push(try view(c).isHidden); return 1 },
                                      set: { c, i in try view(c).isHidden = try c.args.boolean(i) })
    static let isUserInteractionEnabled = LuaProperty(
        "isUserInteractionEnabled", "boolean", doc: "Whether the view and its subviews take touches.",
        get: { c in c.L.push(try view(c).isUserInteractionEnabled); return 1 },
        set: { c, i in try view(c).isUserInteractionEnabled = try c.args.boolean(i) })

    static let properties: [LuaProperty] = [
        LuaProperty("name", "string?", doc: "The name given at construction, else `Class#n` (a controller's view: its controller's name and `.view`); used in traces.",
                    get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("className", "string", doc: "The class name: the binding's or the script subclass's.",
                    get: { c in c.L.push(c.object.className); return 1 }),
        // frame before center: a constructor table may give both.
        LuaProperty("frame", "Rect", doc: "The frame in the superview's coordinates.",
                    get: { c in c.rt.push(try view(c).frame); return 1 },
                    set: { c, i in try view(c).frame = try c.args.rect(i) }),
        LuaProperty("bounds", "Rect", doc: "The view's own coordinate space.",
                    get: { c in c.rt.push(try view(c).bounds); return 1 },
                    set: { c, i in try view(c).bounds = try c.args.rect(i) }),
        LuaProperty("center", "Point", doc: "The frame's center in the superview's coordinates.",
                    get: { c in c.rt.push(try view(c).center); return 1 },
                    set: { c, i in try view(c).setCenter(try c.args.point(i)) }),
        LuaProperty("transform", "Transform", doc: "The affine transform about the center.",
                    get: { c in c.rt.push(try view(c).transform); return 1 },
                    set: { c, i in try view(c).transform = try c.args.transform(i) }),
        LuaProperty("alpha", "number", doc: "Opacity from 0 to 1; below 0.01 takes no touches.",
                    get: { c in c.L.push(try view(c).alpha); return 1 },
                    set: { c, i in try view(c).alpha = try c.args.number(i) }),
        isHidden, isUserInteractionEnabled,
        .formerName("hidden", of: isHidden, doc: "The former spelling of `isHidden` (lint L15)."),
        .formerName("userInteractionEnabled", of: isUserInteractionEnabled, doc: "The former spelling of `isUserInteractionEnabled` (lint L15)."),
        LuaProperty("tag", "integer", doc: "A number for the script's own use.",
                    get: { c in c.L.push(try view(c).tag); return 1 },
                    set: { c, i in
                        let n = try c.args.number(i)
                        guard n == n.rounded(), abs(n) < 1e15 else { throw LuaFailure.argument(i, "tag must be an integer of at most 15 digits") }
                        try view(c).tag = Int(n)
                    }),
        LuaProperty("backgroundColor", "string?", doc: "A color name.",
                    get: { c in c.L.push(try view(c).backgroundColor); return 1 },
                    set: { c, i in let o = try view(c); o.backgroundColor = o.hold(try c.args.colour(i), replacing: o.backgroundColor) }),
        LuaProperty("tintColor", "string?", doc: "A color name.",
                    get: { c in c.L.push(try view(c).tintColor); return 1 },
                    set: { c, i in let o = try view(c); o.tintColor = o.hold(try c.args.colour(i), replacing: o.tintColor) }),
        LuaProperty("clipsToBounds", "boolean", doc: "Whether subviews are drawn cut off at the bounds; true by default for a scroll view (and a table), as in UIKit. A touch outside a view's bounds misses its subviews either way.",
                    get: { c in c.L.push(try view(c).clipsToBounds); return 1 },
                    set: { c, i in try view(c).clipsToBounds = try c.args.boolean(i) }),
        LuaProperty("autoresizingMask", "string[]", doc: "How the frame follows the superview's size: mask names such as `flexibleWidth` (a single name may be given).",
                    get: { c in c.rt.push(try view(c).autoresizingMask); return 1 },
                    set: { c, i in try view(c).autoresizingMask = try c.args.autoresizingMask(i) }),
        LuaProperty("layoutMargins", "Insets", doc: "The margins `{top, left, bottom, right}`.",
                    get: { c in c.rt.push(try view(c).layoutMargins); return 1 },
                    set: { c, i in try view(c).layoutMargins = try c.args.insets(i) }),
        LuaProperty("subviews", "View[]", doc: "The subviews, back to front.",
                    get: { c in c.rt.push(objects: try view(c).subviews); return 1 }),
        LuaProperty("superview", "View?", doc: "The view this one is in.",
                    get: { c in c.rt.push(try view(c).superview); return 1 }),
        LuaProperty("window", "Window?", doc: "The window the view is in, if any.",
                    get: { c in c.rt.push(try view(c).window); return 1 }),
        LuaProperty("presentation", "Presentation", doc: "The values on screen while animating: `{frame, center, bounds, transform, alpha, backgroundColor}`.",
                    get: { c in c.rt.push(try view(c).presentation); return 1 }),
        LuaProperty("gestureRecognizers", "GestureRecognizer[]", doc: "The attached recognizers.",
                    get: { c in c.rt.push(objects: try view(c).gestureRecognizers); return 1 }),
        LuaProperty("safeAreaInsets", "Insets", doc: "The part of the view the window's insets and the bars cover (Q16).",
                    get: { c in c.rt.push(try view(c).safeAreaInsets); return 1 }),
        LuaProperty("traitCollection", "TraitCollection", doc: "Size classes, idiom, display scale and layout direction: `{horizontalSizeClass, verticalSizeClass, userInterfaceIdiom, displayScale, layoutDirection}`.",
                    get: { c in c.rt.push(try view(c).traitCollection); return 1 }),
        LuaProperty("semanticContentAttribute", "string", doc: "`unspecified`, `playback`, `spatial`, `forceLeftToRight` or `forceRightToLeft`: whether the content flips right to left (Q74).",
                    get: { c in c.L.push(try view(c).semanticContentAttribute); return 1 },
                    set: { c, i in
                        let value = try c.args.string(i)
                        guard View.semanticContentAttributes.contains(value) else {
                            throw LuaFailure.argument(i, "unknown semanticContentAttribute '\(value)' (\(View.semanticContentAttributes.joined(separator: ", ")))")
                        }
                        try view(c).semanticContentAttribute = value
                    }),
        LuaProperty("effectiveUserInterfaceLayoutDirection", "string", doc: "`leftToRight` or `rightToLeft`: the direction the view's content is laid out in (Q74).",
                    get: { c in c.L.push(try view(c).effectiveUserInterfaceLayoutDirection); return 1 }),
    ]

    static let hooks: [LuaHook] = [
        LuaHook(.layoutSubviews, "()", doc: "After the view's layout pass has laid out its subviews (autoresizing)."),
        LuaHook(.didMoveToSuperview, "()", doc: "After the view was added to or removed from a superview."),
        LuaHook(.didMoveToWindow, "()", doc: "After the view entered or left the window."),
        LuaHook(.safeAreaInsetsDidChange, "()", doc: "After the view's safe-area insets changed, during layout (Q16)."),
    ]

    static let binding = LuaBinding(
        "View", View.self, doc: "A rectangle in the view tree: geometry, visibility, subviews, gesture recognizers.",
        methods: methods + SuperCalls.view, properties: properties, hooks: hooks,
        make: { rt, className, name in View(simulation: rt.simulation, className: className, name: name) })
}
