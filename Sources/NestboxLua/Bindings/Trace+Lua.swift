import CLua
import CLuaShim
import Containment

/// `ui.trace`: the recorded events, read as tables, text or bare lines, and compared
/// with expected lines (README.md, Testing a design). Each reader takes the same query.
enum TraceFunctions {
    static let namespace = LuaNamespace(path: "ui.trace", doc: "The event trace.", functions: [
        LuaMethod("events", "(query: string|string[]|{kinds: string|string[]?, except: string|string[]?, since: string?}?) -> TraceEvent[]",
                  doc: "The recorded events of those kinds (default: all; `except` leaves kinds out), or those after the latest mark labelled `since`, as tables `{seq, t, kind, object, event, text, args, message, result}`.") { a in
            let events = try query(a, 1)
            a.L.newTable(array: Int32(events.count))
            for (k, e) in events.enumerated() {
                // What is pushed here escapes the memory cap until the call returns
                // (and then counts): stop once over it, or at a deadline.
                if k & 255 == 255, a.rt.simulation.isInterrupted() { break }
                a.rt.push(e)
                lua_rawseti(a.L, -2, lua_Integer(k + 1))
            }
            return 1
        },
        LuaMethod("text", "(query: string|string[]|{kinds: string|string[]?, except: string|string[]?, since: string?}?) -> string",
                  doc: "The recorded events the query selects, one line each with its `[t]` time.") { a in
            a.L.pushText(try query(a, 1).map(\.text).joined(separator: "\n"))
            return 1
        },
        LuaMethod("lines", "(query: string|string[]|{kinds: string|string[]?, except: string|string[]?, since: string?}?) -> string[]",
                  doc: "The recorded events the query selects as bare lines (no `[t]` prefix), the form `ui.expectTrace` compares.") { a in
            let events = try query(a, 1)
            a.L.newTable(array: Int32(events.count))
            for (k, e) in events.enumerated() {
                if k & 255 == 255, a.rt.simulation.isInterrupted() { break }
                a.L.push(e.body)
                lua_rawseti(a.L, -2, lua_Integer(k + 1))
            }
            return 1
        },
        LuaMethod("diff", "(lines: string) -> string?",
                  doc: "Compares as `ui.expectTrace` does, without raising: every difference as diff lines (`- expected`, `+ actual`), or nil when they match.") { a in
            let expected = try a.string(1)
            guard let lines = traceDifferences(expected: expected, actual: a.rt.simulation.trace.sinceMark) else { return 0 }
            a.L.pushText(lines.joined(separator: "\n"))
            return 1
        },
        LuaMethod("clear", "()", doc: "Forgets the recorded events.") { a in a.rt.simulation.trace.clear(); return 0 },
        LuaMethod("mark", "(label: string?)", doc: "Records a mark (shown in the trace) where `ui.expectTrace` starts comparing; a label lets `since` find it.") { a in
            a.rt.simulation.trace.mark(try a.optionalString(1)); return 0
        },
    ])

    /// The events a trace query asks for: kinds (a string or a list), or an options table
    /// `{ kinds = ..., except = ..., since = label }` where `since` keeps what follows the
    /// latest mark with that label and `except` drops kinds.
    static func query(_ a: Args, _ i: Int32) throws -> [TraceEvent] {
        let trace = a.rt.simulation.trace
        // A list of kinds, or a table of options (an empty one selects everything).
        guard a.L.type(i) == LUA_TTABLE, lua_rawlen(a.L, i) == 0 else {
            return trace.events.filter(try filter(a, i).accepts)
        }
        try checkKeys(a, i)
        var events = trace.events[...]
        if a.L.rawField(i, "since") != LUA_TNIL {
            guard let label = a.L.string(at: -1) else {
                throw LuaFailure.argument(i, "since must be a mark's label (a string)")
            }
            guard let slice = trace.events(since: label) else {
                throw LuaFailure.argument(i, "no mark \"\(label)\" in the trace")
            }
            events = slice
        }
        a.L.pop()
        var f = TraceFilter.all
        if a.L.rawField(i, "kinds") != LUA_TNIL { f = try filter(a, a.L.top, argument: i, option: "kinds") }
        a.L.pop()
        if a.L.rawField(i, "except") != LUA_TNIL { f.kinds.subtract(try filter(a, a.L.top, argument: i, option: "except").kinds) }
        a.L.pop()
        return events.filter(f.accepts)
    }

    /// A misspelt option would otherwise select everything without a word.
    private static func checkKeys(_ a: Args, _ i: Int32) throws {
        lua_pushnil(a.L)
        while lua_next(a.L, i) != 0 {
            a.L.pop()
            let key = a.L.type(-1) == LUA_TSTRING ? a.L.string(at: -1) ?? "" : "?"
            guard ["kinds", "except", "since"].contains(key) else {
                a.L.pop()
                throw LuaFailure.argument(i, "unknown query option '\(key)' (expected: kinds, except, since)")
            }
        }
    }

    /// Kinds at stack slot `i`; errors name the call's `argument` and the query's `option`.
    static func filter(_ a: Args, _ i: Int32, argument: Int32? = nil, option: String? = nil) throws -> TraceFilter {
        let argument = argument ?? i, prefix = option.map { "\($0): " } ?? ""
        if a.L.isNoneOrNil(i) { return .all }
        var list = ""
        if let s = a.L.string(at: i) {
            list = s
        } else if a.L.type(i) == LUA_TTABLE {
            var names: [String] = []
            for k in 1...max(1, Int(lua_rawlen(a.L, i))) where k <= Int(lua_rawlen(a.L, i)) {
                lua_rawgeti(a.L, i, lua_Integer(k))
                defer { a.L.pop() }
                guard let s = a.L.string(at: -1) else { throw LuaFailure.argument(argument, prefix + "trace kinds must be strings") }
                names.append(s)
            }
            list = names.joined(separator: ",")
        } else {
            throw LuaFailure.argument(argument, prefix + "string or table expected, got \(a.L.typeName(at: i))")
        }
        switch TraceFilter.parse(list) {
        case .success(let f): return f
        case .failure(let e): throw LuaFailure.argument(argument, prefix + e.description)
        }
    }
}
