import CLua
import CLuaShim
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A test a spec file registered (`it` or `pending`).
public struct SpecTest: Equatable, Sendable {
    public var name: String
    public var isPending: Bool
    /// "file:line: " of its `it`.
    public var location: String
}

/// What running one test found: failures (each a line, most with "file:line:"), and the
/// goldens it asked for, for the host to compare.
public struct SpecResult: Equatable, Sendable {
    public struct Golden: Equatable, Sendable {
        public var name: String
        public var text: String
        public var location: String
    }
    public var failures: [String] = []
    public var goldens: [Golden] = []
    /// Whether the first step that failed raised a runtime error rather than an
    /// assertion's failure (luassert, `assert`, `check`, `expect_trace`).
    public var isError = false
    /// The reason `pending` gave inside the test ("" for none); nil when it was not called.
    /// A test that also failed is failed.
    public var pending: String?
}

extension LuaRuntime {
    /// Loads the spec library and the spec file, which registers its tests; the outcome
    /// is `.ok`, or the file's own error when it fails to load or run.
    /// With `slice`, only the tests at those places in the file (1-based, as `it` and
    /// `pending` come) are kept; `specCount` is then the file's whole number of tests.
    public func loadSpec(file path: String, slice: ClosedRange<Int>? = nil) -> ([SpecTest], RunOutcome) {
        let top = L.top
        defer { L.settop(top) }
        guard PrecompiledChunk.spec.load(L).status == LUA_OK else {
            return ([], .scriptError(message: L.string(at: -1) ?? "spec library", traceback: ""))
        }
        nb_pushcfunction(L, nb_where_lua)
        lua_getglobal(L, "ui")
        nb_pushcfunction(L, nb_scriptmethod_lua)
        nb_pushcfunction(L, nb_passedonwhere_lua)
        guard nb_pcall(L, 4, 1) == LUA_OK else {
            return ([], .scriptError(message: L.string(at: -1) ?? "spec library", traceback: ""))
        }
        specRef = luaL_ref(L, nb_registryindex())
        if let slice {
            lua_rawgeti(L, nb_registryindex(), lua_Integer(specRef))
            L.rawField(-1, "slice")
            L.push(slice.lowerBound); L.push(slice.upperBound)
            guard nb_pcall(L, 2, 0) == LUA_OK else { return ([], .scriptError(message: "spec library", traceback: "")) }
            L.pop()
        }
        let outcome = run(file: path, settle: false)
        guard outcome == .ok else { return ([], outcome) }
        guard callSpec("count", argument: nil) else { return ([], .scriptError(message: "spec library", traceback: "")) }
        specCount = Int(lua_tointegerx(L, -1, nil))
        L.pop()
        guard callSpec("list", argument: nil), lua_type(L, -1) == LUA_TTABLE else {
            return ([], .scriptError(message: "\(path): the spec library's list failed", traceback: ""))
        }
        var tests: [SpecTest] = []
        let list = L.top
        for i in 1...max(1, Int(lua_rawlen(L, list))) where i <= Int(lua_rawlen(L, list)) {
            lua_rawgeti(L, list, lua_Integer(i))
            let entry = L.top
            L.rawField(entry, "name"); let name = L.string(at: -1) ?? "?"; L.pop()
            L.rawField(entry, "pending"); let pending = L.bool(at: -1); L.pop()
            L.rawField(entry, "where"); let location = L.string(at: -1) ?? ""; L.pop()
            L.pop()
            tests.append(SpecTest(name: name, isPending: pending, location: location))
        }
        return (tests, .ok)
    }

    /// Before forking tests from a loaded file (Q72): what the load left as garbage (the
    /// file's compiled chunk, the tests of other slices) is collected and its pages given
    /// back, since a fork's cost grows with the pages the process holds.
    public func compactForForking() {
        nb_compact_for_fork(L)
    }

    /// Runs test `index` (1-based) of the loaded spec. A limit that stopped it, or an
    /// error outside the library's protection, is the outcome; else `.ok` with the result.
    /// The `check`s that failed outside any test while the file loaded.
    public func looseChecks() -> [String] {
        let top = L.top
        defer { L.settop(top) }
        guard callSpec("loose", argument: nil) else { return [] }
        return strings(in: L.top)
    }

    public func runSpec(_ index: Int) -> (SpecResult, RunOutcome) {
        let top = L.top
        defer { L.settop(top) }
        var result = SpecResult()
        guard callSpec("run", argument: index) else {
            let message = L.string(at: -1) ?? "test \(index) failed"
            return (result, limitOutcome ?? .scriptError(message: message, traceback: ""))
        }
        if let limit = limitOutcome { return (result, limit) }
        let table = L.top
        guard lua_type(L, table) == LUA_TTABLE else { return (result, .ok) }
        L.rawField(table, "failures")
        result.failures = strings(in: L.top)
        L.pop()
        L.rawField(table, "kind")
        result.isError = L.string(at: -1) == "error"
        L.pop()
        if L.rawField(table, "pending") == LUA_TSTRING { result.pending = L.string(at: -1) ?? "" }
        L.pop()
        L.rawField(table, "goldens")
        let goldens = L.top
        if lua_type(L, goldens) == LUA_TTABLE {
            for i in 1...max(1, Int(lua_rawlen(L, goldens))) where i <= Int(lua_rawlen(L, goldens)) {
                lua_rawgeti(L, goldens, lua_Integer(i))
                let g = L.top
                L.rawField(g, "name"); let name = L.string(at: -1) ?? ""; L.pop()
                L.rawField(g, "text"); let text = L.string(at: -1) ?? ""; L.pop()
                L.rawField(g, "where"); let location = L.string(at: -1) ?? ""; L.pop()
                L.pop()
                result.goldens.append(.init(name: name, text: text, location: location))
            }
        }
        L.pop()
        return (result, .ok)
    }

    /// Calls `spec[name](argument)` protected, leaving its result (or the message) on top.
    private func callSpec(_ name: String, argument: Int?) -> Bool {
        lua_rawgeti(L, nb_registryindex(), lua_Integer(specRef))
        L.rawField(-1, name)
        lua_rotate(L, -2, 1)
        L.pop()
        var n: Int32 = 0
        if let argument { L.push(argument); n = 1 }
        return nb_pcall(L, n, 1) == LUA_OK
    }

    private func strings(in t: Int32) -> [String] {
        guard lua_type(L, t) == LUA_TTABLE else { return [] }
        var out: [String] = []
        let n = Int(lua_rawlen(L, t))
        for i in 1...max(1, n) where i <= n {
            lua_rawgeti(L, t, lua_Integer(i))
            out.append(L.string(at: -1) ?? "(a failure that is not a string)")
            L.pop()
        }
        return out
    }
}
