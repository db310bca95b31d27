import CLua
import CLuaShim
import Containment

/// Stack access used by the bindings. Only functions the manual marks as raising
/// no error (or only memory errors, while the cap is relaxed in host code) are used.
typealias LuaState = OpaquePointer

extension LuaState {
    @inline(__always) var top: Int32 { lua_gettop(self) }
    @inline(__always) func settop(_ n: Int32) { lua_settop(self, n) }   // we never use to-be-closed slots
    @inline(__always) func pop(_ n: Int32 = 1) { lua_settop(self, -n - 1) }
    @inline(__always) func type(_ i: Int32) -> Int32 { lua_type(self, i) }
    @inline(__always) func isNoneOrNil(_ i: Int32) -> Bool { lua_type(self, i) <= LUA_TNIL }

    func push(_ s: String) {
        // Native strings expose their UTF-8 in place: no copy, no mutation.
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { buf in
            _ = lua_pushlstring(self, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count)
        }
        if done != nil { return }
        var copy = s
        copy.withUTF8 { buf in
            _ = lua_pushlstring(self, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count)
        }
    }
    /// A string the host made, possibly huge (a printed hierarchy, the text trace): over
    /// 64 KiB it is pushed without running the collector into debt for it (Q54).
    /// `large`: a piece of a large text, pushed as one (Q54) whatever its own size.
    func pushText(_ s: String, large: Bool = false) {
        guard large || s.utf8.count > 65_536 else { return push(s) }
        var copy = s
        copy.withUTF8 { buf in
            nb_pushlarge(self, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count)
        }
    }
    func push(_ s: StaticString) {
        s.withUTF8Buffer { buf in
            _ = lua_pushlstring(self, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count)
        }
    }
    func push(_ d: Double) { lua_pushnumber(self, d) }
    func push(_ i: Int) { lua_pushinteger(self, lua_Integer(i)) }
    func push(_ b: Bool) { lua_pushboolean(self, b ? 1 : 0) }
    func pushNil() { lua_pushnil(self) }
    func push(_ s: String?) { if let s { push(s) } else { pushNil() } }

    /// The string at `i`, only if it is a string (no number conversion).
    func string(at i: Int32) -> String? {
        guard lua_type(self, i) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = lua_tolstring(self, i, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    func number(at i: Int32) -> Double? {
        guard lua_type(self, i) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(self, i, nil)
    }

    func bool(at i: Int32) -> Bool { lua_toboolean(self, i) != 0 }

    /// Lua's type name, or the class name of one of our objects (luaL_typename's `__name`).
    func typeName(at i: Int32) -> String {
        if let o = nb_toobject(self, i), let ptr = o.pointee.object {
            return Unmanaged<SimObject>.fromOpaque(ptr).takeUnretainedValue().className
        }
        return String(cString: lua_typename(self, lua_type(self, i)))
    }

    /// Raw field read of the table at `t`: pushes the value, returns its type.
    @discardableResult
    func rawField(_ t: Int32, _ key: StaticString) -> Int32 {
        let t = lua_absindex(self, t)
        push(key)
        return lua_rawget(self, t)
    }
    @discardableResult
    func rawField(_ t: Int32, _ key: String) -> Int32 {
        let t = lua_absindex(self, t)
        push(key)
        return lua_rawget(self, t)
    }

    /// Raw field write: sets t[key] = value on top (pops it).
    func setRawField(_ t: Int32, _ key: String) {
        let t = lua_absindex(self, t)
        push(key)
        lua_rotate(self, -2, 1)   // key below value
        lua_rawset(self, t)
    }

    func newTable(array: Int32 = 0, hash: Int32 = 0) { lua_createtable(self, array, hash) }

    /// Loads Lua text by its length (a C string would end at a NUL inside it); pushes
    /// the function or the message and returns the status.
    func load(_ text: String, chunkName: String) -> Int32 {
        var text = text
        return text.withUTF8 { nb_loadbuffer(self, Self.chars($0.baseAddress), $0.count, chunkName) }
    }

    /// Loads a script file's bytes as lua.c does (see nb_loadscript).
    func loadScript(_ bytes: UnsafeRawBufferPointer, chunkName: String) -> Int32 {
        nb_loadscript(self, Self.chars(bytes.baseAddress), bytes.count, chunkName)
    }

    private static func chars(_ p: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
        p?.assumingMemoryBound(to: CChar.self)
    }
}

/// Reads a binding function's arguments and reports misuse in Lua's words.
struct Args {
    let L: LuaState
    /// Borrowed: the runtime is running the call these arguments belong to.
    unowned(unsafe) let rt: LuaRuntime

    /// One of an enum's names, or the argument's error listing them.
    func choice<E: RawRepresentable & CaseIterable>(_ i: Int32, _ what: String) throws -> E where E.RawValue == String {
        let s = try string(i)
        guard let e = E(rawValue: s) else {
            throw LuaFailure.argument(i, "unknown \(what) '\(s.prefix(80))' (\(E.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return e
    }

    /// Refuses a key of the options table at `t` that is not one of `keys`: a misspelt
    /// key (`option`, `animation`) would otherwise be dropped in silence, as UIKit's
    /// compiler would not let it be (docs/api-conventions.md, Arguments). Raw traversal,
    /// stopping at the first unknown key.
    func checkKeys(_ t: Int32, _ keys: [String]) throws {
        let t = lua_absindex(L, t)
        let top = L.top
        defer { L.settop(top) }
        L.pushNil()
        while lua_next(L, t) != 0 {
            L.pop()
            guard L.type(-1) == LUA_TSTRING, let key = L.string(at: -1) else {
                throw LuaFailure.argument(t, "options are named: a \(L.typeName(at: -1)) key is none of \(keys.joined(separator: ", "))")
            }
            if keys.contains(key) { continue }
            let hint = key.utf8.count <= 80 ? LintNames.nearest(key, in: keys).map { " (did you mean '\($0)'?)" } ?? "" : ""
            throw LuaFailure.argument(t, "unknown option '\(key.prefix(80))'\(hint); the options are \(keys.joined(separator: ", "))")
        }
    }

    var count: Int32 { L.top }

    func object<T: SimObject>(_ i: Int32, _ type: T.Type, _ expected: String) throws -> T {
        if let o = nb_toobject(L, i) {
            guard let ptr = o.pointee.object else { throw LuaFailure.argument(i, "attempt to use a released \(expected)") }
            if let obj = Unmanaged<SimObject>.fromOpaque(ptr).takeUnretainedValue() as? T { return obj }
        }
        throw LuaFailure.typeError(i, expected: expected, got: L.typeName(at: i))
    }

    /// The receiver or argument at `i` when the userdata's tag says it is a `tag`
    /// kind: no dynamic cast on the hot path.
    @inline(__always)
    func tagged<T: SimObject>(_ i: Int32, _ tag: UInt32, _ type: T.Type, _ expected: String) throws -> T {
        if let o = nb_toobject(L, i), o.pointee.tag & tag == tag, let ptr = o.pointee.object {
            return unsafeDowncast(Unmanaged<SimObject>.fromOpaque(ptr).takeUnretainedValue(), to: T.self)
        }
        return try object(i, type, expected)
    }

    func optionalObject<T: SimObject>(_ i: Int32, _ type: T.Type, _ expected: String) throws -> T? {
        if L.isNoneOrNil(i) { return nil }
        return try object(i, type, expected)
    }

    func number(_ i: Int32) throws -> Double {
        guard let n = L.number(at: i) else { throw LuaFailure.typeError(i, expected: "number", got: L.typeName(at: i)) }
        return n
    }

    /// An integral number within ±1e15 (a Double converts to Int without trapping).
    func integer(_ i: Int32) throws -> Int {
        let n = try number(i)
        guard n.isFinite, n == n.rounded(), abs(n) < 1e15 else {
            throw LuaFailure.argument(i, "number has no integer representation")
        }
        return Int(n)
    }

    func optionalNumber(_ i: Int32) throws -> Double? {
        L.isNoneOrNil(i) ? nil : try number(i)
    }

    func string(_ i: Int32) throws -> String {
        guard let s = rt.string(at: i) else { throw LuaFailure.typeError(i, expected: "string", got: L.typeName(at: i)) }
        return s
    }

    func optionalString(_ i: Int32) throws -> String? {
        L.isNoneOrNil(i) ? nil : try string(i)
    }

    func boolean(_ i: Int32) throws -> Bool {
        guard L.type(i) == LUA_TBOOLEAN else { throw LuaFailure.typeError(i, expected: "boolean", got: L.typeName(at: i)) }
        return L.bool(at: i)
    }

    /// A flag like `animated`: a boolean, or nothing (false). Another value is refused, as
    /// Swift's Bool refuses it: `present(vc, "yes")` or `present(vc, 0)` is a mistake
    /// Lua's truthiness would take for true.
    func flag(_ i: Int32) throws -> Bool {
        let t = L.type(i)
        guard t == LUA_TBOOLEAN || t == LUA_TNIL || t == LUA_TNONE else {
            throw LuaFailure.typeError(i, expected: "boolean", got: L.typeName(at: i))
        }
        return L.bool(at: i)
    }

    func table(_ i: Int32) throws {
        guard L.type(i) == LUA_TTABLE else { throw LuaFailure.typeError(i, expected: "table", got: L.typeName(at: i)) }
    }

    func function(_ i: Int32) throws {
        guard L.type(i) == LUA_TFUNCTION else { throw LuaFailure.typeError(i, expected: "function", got: L.typeName(at: i)) }
    }

    /// A colour: nil, a UIColor name Nestbox draws (`systemBlue`, `red`, `label`…) or
    /// `#RRGGBB[AA]`. Another name would be kept and drawn as nothing.
    func colour(_ i: Int32) throws -> String? {
        guard let s = try optionalString(i) else { return nil }
        guard RGBA.parse(s) != nil else {
            throw LuaFailure.argument(i, "unknown colour '\(s.prefix(80))' (a UIColor name such as systemBlue, red or label, or #RRGGBB[AA]; Q30)")
        }
        return s
    }

    /// One of `names`, or the argument's error listing them (a string enum of UIKit's).
    func name(_ i: Int32, in names: [String], _ what: String) throws -> String {
        let s = try string(i)
        guard names.contains(s) else {
            throw LuaFailure.argument(i, "unknown \(what) '\(s.prefix(80))' (\(names.joined(separator: ", ")))")
        }
        return s
    }

    /// A completion or other optional function argument: a function, or nothing. Another
    /// value is refused: kept, it would never be called (Swift would not compile it).
    func optionalCallback(_ i: Int32) throws -> LuaCallback? {
        if L.isNoneOrNil(i) { return nil }
        try function(i)
        return LuaCallback(rt, index: i)
    }
}
