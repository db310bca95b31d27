import CLua
import CLuaShim
import Containment

/// A Lua value the host keeps for a while (a completion, an animator table): one
/// registry ref, released when this object goes away. It holds the LuaHost, so a
/// callback outliving the runtime does nothing instead of touching a closed state.
final class LuaCallback {
    let host: LuaHost
    private var ref: Int32

    /// Takes the value at `index`.
    init(_ rt: LuaRuntime, index: Int32) {
        host = rt.host
        lua_pushvalue(rt.L, index)
        ref = luaL_ref(rt.L, nb_registryindex())
    }

    deinit {
        if host.isOpen, ref != LUA_NOREF { luaL_unref(host.runtime.L, nb_registryindex(), ref) }
    }

    /// Pushes the value (nothing when the runtime is closed; returns false).
    func push() -> Bool {
        guard host.isOpen, ref != LUA_NOREF else { return false }
        lua_rawgeti(host.runtime.L, nb_registryindex(), lua_Integer(ref))
        return true
    }

    /// Calls the function with the values `args` pushes; errors become `error` events
    /// charged to `object`.
    func call(object: SimObject, what: String, _ args: (LuaRuntime) -> Int32 = { _ in 0 }) {
        guard host.isOpen else { return }
        let rt = host.runtime
        let top = rt.L.top
        defer { rt.L.settop(top) }
        guard push(), rt.L.type(-1) == LUA_TFUNCTION else { return }
        rt.docall(nargs: args(rt), object: object, context: what)
    }
}
