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
    /// (`nb_state.overrides`).
    func checkClassField() throws {
        guard L.type(2) == LUA_TSTRING, let typeID = boundType(ofClassAt: 1) else { return }
        let key = L.string(at: 2) ?? "?"
        // A hook the host calls is the subclass's to define, whatever else has its name
        // (a controller's `viewWillAppear` is also a method, for S44's direct calls).
        if UIKitSurface.hostNames(ofBinding: typeID).contains(key) { return }
        let top = L.top
        defer { L.settop(top) }
        pushMetatable(typeID)
        guard L.type(-1) == LUA_TTABLE, L.rawField(-1, "__members") == LUA_TTABLE else { return }
        lua_pushvalue(L, 2)
        let type = LuaTypes.all[typeID].name
        switch lua_rawget(L, -2) {
        case LUA_TSTRING:
            throw LuaFailure.message("\(L.string(at: -1) ?? "?").\(key) is not modelled by Nestbox (docs/coverage.md)")
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
            state.pointee.overrides = 1
        default:
            return
        }
    }

    /// The type ID of the bound class a script's class (at `index`) derives from.
    func boundType(ofClassAt index: Int32) -> Int? {
        let top = L.top
        defer { L.settop(top) }
        lua_pushvalue(L, index)
        // A chain of subclasses is the script's to make as long as it likes: bounded.
        for _ in 0..<1_000 {
            guard lua_getmetatable(L, -1) != 0 else { return nil }
            let meta = L.top
            if L.rawField(meta, "__bound") == LUA_TBOOLEAN {
                guard L.rawField(meta, "__name") == LUA_TSTRING, let bound = L.string(at: -1) else { return nil }
                return LuaTypes.all.firstIndex { $0.name == bound }
            }
            L.pop()
            guard L.rawField(meta, "__index") == LUA_TTABLE else { return nil }
        }
        return nil
    }
}
