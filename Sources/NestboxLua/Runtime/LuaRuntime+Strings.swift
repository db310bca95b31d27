import CLua
import CLuaShim

/// Swift copies of the strings scripts pass, keyed by Lua's own string: setting a
/// title that Lua already holds (a constant, a string kept in a table) does not
/// validate and copy its bytes again (policy Q50).
///
/// A slot remembers where a Lua string's bytes are, their length and the Swift copy,
/// and the runtime's anchor table holds that Lua string at the same slot. Lua never
/// moves or changes a string, and the anchor keeps it from being collected, so while
/// the slot holds the address no other string can be there: an equal address and
/// length is the same string. Replacing a slot replaces its anchor with it.
struct StringCache {
    /// Direct-mapped by address; the number of slots and the longest string cached bound
    /// what the cache keeps alive: at most 64 × 512 bytes of Lua strings (Q50).
    static let slots = 64
    static let longest = 512
    /// Even a short string is worth it: a hit skips the UTF-8 validation (a constant
    /// title: 150 → 135 ns). The empty string needs no lookup.
    static let shortest = 1

    struct Entry {
        var bytes: UnsafePointer<CChar>?
        var count = 0
        var value = ""
    }

    let entries: UnsafeMutablePointer<Entry>
    /// Registry reference of the anchor table (an array of `slots` strings).
    var anchorsRef: Int32 = LUA_NOREF

    init() {
        entries = .allocate(capacity: Self.slots)
        entries.initialize(repeating: Entry(), count: Self.slots)
    }

    func free() {
        entries.deinitialize(count: Self.slots)
        entries.deallocate()
    }
}

extension LuaRuntime {
    /// Makes the anchor table, sized so that filling a slot never allocates.
    func openStringCache() {
        lua_createtable(L, Int32(StringCache.slots), 0)
        strings.anchorsRef = luaL_ref(L, nb_registryindex())
    }

    /// The string at `i`, only if it is a string (no number conversion), as
    /// `LuaState.string(at:)`, through the cache.
    @inline(__always)
    func string(at i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var count = 0
        guard let bytes = lua_tolstring(L, i, &count) else { return nil }
        guard count >= StringCache.shortest, count <= StringCache.longest else {
            return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: bytes) >> 4) & (StringCache.slots - 1)
        let entry = strings.entries + slot
        if entry.pointee.bytes == bytes, entry.pointee.count == count { return entry.pointee.value }
        let value = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
        entry.pointee = StringCache.Entry(bytes: bytes, count: count, value: value)
        let index = lua_absindex(L, i)      // `i` may count from the top
        lua_rawgeti(L, nb_registryindex(), lua_Integer(strings.anchorsRef))
        lua_pushvalue(L, index)
        lua_rawseti(L, -2, lua_Integer(slot + 1))
        L.pop()
        return value
    }
}

// MARK: - For tests

extension LuaRuntime {
    /// The cached (Lua string, Swift copy) pairs, by slot: each anchored Lua string
    /// beside the Swift string its slot returns (raw reads: runs no script code).
    package func cachedStrings() -> [(lua: String, swift: String)] {
        let top = L.top
        defer { L.settop(top) }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(strings.anchorsRef))
        var found: [(lua: String, swift: String)] = []
        for slot in 0..<StringCache.slots {
            if lua_rawgeti(L, -1, lua_Integer(slot + 1)) == LUA_TSTRING {
                found.append((L.string(at: -1) ?? "", strings.entries[slot].value))
            }
            L.pop()
        }
        return found
    }
}
