import CLua
import CLuaShim
import Containment

/// Rects, points, sizes, insets and transforms cross the boundary as plain tables:
/// `{x, y, w, h}` or `{x=, y=, width=, height=}` in, named fields out.
extension Args {
    func rect(_ i: Int32) throws -> Rect {
        let v = try fields(i, positional: ["x", "y", "width", "height"], "rect")
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    func point(_ i: Int32) throws -> Point {
        let v = try fields(i, positional: ["x", "y"], "point")
        return Point(x: v[0], y: v[1])
    }

    func insets(_ i: Int32) throws -> EdgeInsets {
        let v = try fields(i, positional: ["top", "left", "bottom", "right"], "insets")
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// Numbers by position or by name; every one is required and must be finite.
    func fields(_ i: Int32, positional names: [String], _ what: String) throws -> [Double] {
        guard L.type(i) == LUA_TTABLE else { throw LuaFailure.typeError(i, expected: what, got: L.typeName(at: i)) }
        let t = lua_absindex(L, i)
        var out: [Double] = []
        for (k, name) in names.enumerated() {
            var type = lua_rawgeti(L, t, lua_Integer(k + 1))
            if type == LUA_TNIL {
                L.pop()
                type = L.rawField(t, name)
            }
            defer { L.pop() }
            guard let n = L.number(at: -1), n.isFinite else {
                throw LuaFailure.argument(i, "\(what) field '\(name)' must be a finite number")
            }
            out.append(n)
        }
        return out
    }

    func transform(_ i: Int32) throws -> Transform {
        let v = try fields(i, positional: ["a", "b", "c", "d", "tx", "ty"], "transform")
        return Transform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }

    /// `{"flexibleWidth", "flexibleHeight"}` or a single name.
    func autoresizingMask(_ i: Int32) throws -> AutoresizingMask {
        try optionSet(i, AutoresizingMask.names.map { ($0.0, $0.1) }, "autoresizing mask")
    }

    /// `{"top", "bottom"}`, a single name, or `"all"` (edgesForExtendedLayout), alone or
    /// in the list, as UIRectEdge's `.all` is a member like the others.
    func rectEdges(_ i: Int32) throws -> RectEdge {
        if L.string(at: i) == "all" { return .all }
        return try optionSet(i, RectEdge.names + [("all", .all)], "edge")
    }

    /// A list of option names (or one name) as an option set; `what` names the kind in errors.
    private func optionSet<T: OptionSet>(_ i: Int32, _ known: [(String, T)], _ what: String) throws -> T {
        var names: [String] = []
        if let s = L.string(at: i) {
            names = [s]
        } else if L.type(i) == LUA_TTABLE {
            let n = lua_rawlen(L, i)
            for k in 0..<Int(n) {
                lua_rawgeti(L, i, lua_Integer(k + 1))
                defer { L.pop() }
                guard let s = L.string(at: -1) else { throw LuaFailure.argument(i, "\(what) names must be strings") }
                names.append(s)
            }
        } else {
            throw LuaFailure.typeError(i, expected: "table", got: L.typeName(at: i))
        }
        var set: T = []
        for name in names {
            guard let m = known.first(where: { $0.0 == name }) else {
                // UIRectEdge's `none` is the empty set, `{}` in Lua.
                let none = what == "edge" ? "; {} for none" : ""
                throw LuaFailure.argument(i, "unknown \(what) '\(name.prefix(80))' (\(known.map(\.0).joined(separator: ", "))\(none))")
            }
            set.formUnion(m.1)
        }
        return set
    }
}

extension LuaRuntime {
    func push(_ r: Rect) {
        L.newTable(hash: 10)
        let t = L.top
        for (k, v) in [("x", r.origin.x), ("y", r.origin.y), ("width", r.size.width), ("height", r.size.height),
                       ("minX", r.minX), ("maxX", r.maxX), ("minY", r.minY), ("maxY", r.maxY),
                       ("midX", r.midX), ("midY", r.midY)] {
            L.push(v)
            L.setRawField(t, k)
        }
    }

    func push(_ p: Point) {
        L.newTable(hash: 2)
        L.push(p.x); L.setRawField(-2, "x")
        L.push(p.y); L.setRawField(-2, "y")
    }

    func push(_ s: Size) {
        L.newTable(hash: 2)
        L.push(s.width); L.setRawField(-2, "width")
        L.push(s.height); L.setRawField(-2, "height")
    }

    func push(_ e: EdgeInsets) {
        L.newTable(hash: 4)
        for (k, v) in [("top", e.top), ("left", e.left), ("bottom", e.bottom), ("right", e.right)] {
            L.push(v)
            L.setRawField(-2, k)
        }
    }

    func push(_ t: Transform) {
        L.newTable(hash: 6)
        for (k, v) in [("a", t.a), ("b", t.b), ("c", t.c), ("d", t.d), ("tx", t.tx), ("ty", t.ty)] {
            L.push(v)
            L.setRawField(-2, k)
        }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(transformRef))
        lua_setmetatable(L, -2)
    }

    func push(_ mask: AutoresizingMask) {
        push(names: AutoresizingMask.names.filter { mask.contains($0.1) }.map(\.0))
    }

    func push(_ edges: RectEdge) {
        push(names: RectEdge.names.filter { edges.contains($0.1) }.map(\.0))
    }

    /// A list of strings.
    func push(names: [String]) {
        L.newTable(array: Int32(names.count))
        for (k, n) in names.enumerated() {
            L.push(n)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    /// Pushes an array of objects.
    func push(objects: [SimObject]) {
        L.newTable(array: Int32(objects.count))
        for (k, o) in objects.enumerated() {
            push(o)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }
}

extension LuaRuntime {
    /// A trait collection: a read-only value of UIKit's trait names (CLuaShim's
    /// nb_pushtraitmeta); reading or setting one of UITraitCollection's members it lacks
    /// is an error naming it (docs/coverage.md). `idiom` is the spelling from before
    /// docs/api-conventions.md.
    func push(_ t: TraitCollection) {
        _ = lua_newuserdatauv(L, 0, 1)
        L.newTable(hash: 6)
        L.push(t.horizontalSizeClass); L.setRawField(-2, "horizontalSizeClass")
        L.push(t.verticalSizeClass); L.setRawField(-2, "verticalSizeClass")
        L.push(t.idiom); L.setRawField(-2, "userInterfaceIdiom")
        L.push(t.idiom); L.setRawField(-2, "idiom")
        L.push(t.displayScale); L.setRawField(-2, "displayScale")
        L.push(t.layoutDirection); L.setRawField(-2, "layoutDirection")
        lua_setiuservalue(L, -2, 1)
        pushTraitMetatable()
        lua_setmetatable(L, -2)
    }

    private func pushTraitMetatable() {
        if traitMetaRef == LUA_NOREF {
            L.newTable()
            let refusals = L.top
            UIKitCatalogue.traitCollection.forEachInstanceName { name, _ in
                let key = String(decoding: name, as: UTF8.self)
                guard !UIKitSurface.traitNames.contains(key) else { return }
                L.push("UITraitCollection")
                L.setRawField(refusals, key)
            }
            nb_pushtraitmeta(L, refusals)
            traitMetaRef = luaL_ref(L, nb_registryindex())
            L.pop()
        }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(traitMetaRef))
    }
}
