import CLua
import CLuaShim
import Containment

/// What a script's subclass may define (docs/api-conventions.md, Overrides): a hook, a
/// method the binding marks overridable, or a name of its own; not a property (a class
/// field of that name would never be read), not a method the model calls on its own
/// without asking the subclass, and not a UIKit member Nestbox does not model.
extension LuaRuntime {
    /// Checks the field `__classset` is about to set (the class at 1, the key at 2, the
    /// value at 3); an overridable method's override turns on the look-up of overrides
    /// (`nb_state.overrides`) when `forSubclass`, not for a class of ui's, which refuses
    /// every field after this check.
    func checkClassField(forSubclass: Bool = true) throws {
        guard L.type(2) == LUA_TSTRING, let typeID = boundType(ofClassAt: 1) else { return }
        let key = L.string(at: 2) ?? "?"
        let top = L.top
        defer { L.settop(top) }
        // The two names every class answers to: `extend` makes a subclass and is the
        // host's (one set on a class would make its subclasses' classes); `init` is run
        // by the constructor when it is a function, and anything else was never called.
        if key == "extend" {
            throw LuaFailure.message("'extend' makes a subclass and cannot be set on a class (docs/api-conventions.md)")
        }
        if key == "init", L.type(3) != LUA_TFUNCTION, L.type(3) != LUA_TNIL {
            throw LuaFailure.message("'init' must be a function, got \(L.typeName(at: 3)) (docs/api-conventions.md)")
        }
        // A hook the host calls on this type is the subclass's to define, whatever else
        // has its name (a controller's `viewWillAppear` is also a method, for S44's
        // direct calls), and must be a function. Another type's hook (a controller's
        // `willMove` on a view's class) is checked as any other name.
        lua_rawgeti(L, nb_registryindex(), lua_Integer(hookSetRef))
        if nb_ishook(L, -1, 2) != 0, UIKitSurface.hooks(ofBinding: typeID).contains(key) {
            let t = L.type(3)
            guard t == LUA_TFUNCTION || t == LUA_TNIL else {
                throw LuaFailure.message("hook '\(key)' must be a function, got \(L.typeName(at: 3)) (docs/api-conventions.md)")
            }
            return
        }
        L.settop(top)
        pushMetatable(typeID)
        guard L.type(-1) == LUA_TTABLE, L.rawField(-1, "__members") == LUA_TTABLE else { return }
        let members = L.top
        lua_pushvalue(L, 2)
        let type = LuaTypes.all[typeID].name
        let found = lua_rawget(L, members)
        if found == LUA_TNIL, nb_refusal(L, members, 2) != 0 {
            let owner = L.string(at: -1) ?? "?"
            // A whole message where UIKit's member is modelled under another name.
            throw LuaFailure.message(owner.contains(" ") ? owner : "\(owner).\(key) is not modelled by Nestbox (docs/coverage.md)")
        }
        switch found {
        case LUA_TNUMBER:
            throw LuaFailure.message("'\(key)' is a property of \(type): set it on the object (in init), not on the class (docs/api-conventions.md)")
        case LUA_TFUNCTION:
            guard lua_getupvalue(L, -1, 2) != nil, let id = Int(exactly: lua_tointegerx(L, -1, nil)),
                  Self.tables.methods.indices.contains(id) else { return }
            guard Self.tables.methods[id].overridable else {
                throw LuaFailure.message("\(type).\(key) cannot be overridden in Nestbox: the model calls it without asking a subclass (docs/api-conventions.md)")
            }
            guard L.type(3) == LUA_TFUNCTION else {
                throw LuaFailure.message("'\(key)' overrides \(type).\(key) and must be a function, not a \(L.typeName(at: 3))")
            }
            if forSubclass { state.pointee.overrides = 1 }
        default:
            // A class member of UIKit's (`performWithoutAnimation`) is in the member
            // table too, as a refusal (the string case above).
            return
        }
    }

    /// The bound class a script's class (at `index`) derives from: its type ID, and how
    /// many script classes lie between (0 for a class of `ui`; `maxClassDepth + 1`, with
    /// no type, for a deeper chain). One walk, on two stack slots: extend refuses a chain
    /// deeper than `maxClassDepth`, so every walk of one ends at its bound class.
    func boundClass(ofClassAt index: Int32) -> (typeID: Int?, depth: Int) {
        let top = L.top
        defer { L.settop(top) }
        lua_pushvalue(L, index)
        let cls = L.top
        for depth in 0...Self.maxClassDepth {
            guard lua_getmetatable(L, cls) != 0 else { return (nil, depth) }
            let meta = L.top
            if L.rawField(meta, "__bound") == LUA_TBOOLEAN {
                guard L.rawField(meta, "__name") == LUA_TSTRING, let bound = L.string(at: -1) else { return (nil, depth) }
                return (LuaTypes.all.firstIndex { $0.name == bound }, depth)
            }
            guard L.rawField(meta, "__parent") == LUA_TTABLE else { return (nil, depth) }
            lua_copy(L, -1, cls)            // the parent, in the class's slot
            L.settop(cls)
        }
        return (nil, Self.maxClassDepth + 1)
    }

    func boundType(ofClassAt index: Int32) -> Int? { boundClass(ofClassAt: index).typeID }

    /// How deep classes nest (`extend` refuses a deeper one): every walk of a class
    /// chain, the host's hook look-up (Hooks.c) included, reaches the bound class.
    static let maxClassDepth = 64
}
