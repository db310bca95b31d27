import CLua
import CLuaShim
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the REPL needs from a runtime: lua.c's evaluation and raw-read completion.
public enum EvalResult: Equatable {
    /// The printed values (empty for a statement).
    case values(String?)
    /// A statement that is not finished: read another line.
    case incomplete
    case failure(message: String, traceback: String)
}

extension LuaRuntime {
    /// lua.c's algorithm: try `return <source>` (an expression, whose values print),
    /// else the source as a statement; a syntax error ending in `<eof>` is incomplete.
    /// Ctrl-C or a limit interrupts the running code, and is taken back.
    public func evaluate(_ source: String, chunkName: String = "=stdin") -> EvalResult {
        let top = L.top
        defer { L.settop(top) }
        var status = L.load("return " + source + ";", chunkName: chunkName)
        if status != LUA_OK {
            L.pop()
            status = L.load(source, chunkName: chunkName)
            if status != LUA_OK {
                let message = L.string(at: -1) ?? "syntax error"
                if status == LUA_ERRSYNTAX && message.hasSuffix("<eof>") { return .incomplete }
                return .failure(message: message, traceback: "")
            }
        }
        let base = L.top
        let (callStatus, _) = StopSignal.catching(terminate: false) { nb_pcall(L, 0, LUA_MULTRET) }
        pendingHookError = nil
        if case .limitExceeded(let stopped) = limitOutcome {
            clearLimit()
            let (_, traceback) = splitTraceback(L.string(at: -1) ?? "")
            return .failure(message: stopped, traceback: traceback)
        }
        if callStatus != LUA_OK {
            let (message, traceback) = splitTraceback(L.string(at: -1) ?? "(error object is not a string)")
            expectationFailed = false
            return .failure(message: message, traceback: traceback)
        }
        let count = L.top - base + 1
        // What the chunk returns prints, an expression's or a statement's own `return`'s (lua.c).
        guard count > 0 else { return .values(nil) }
        // Print through the prelude's printer, under pcall (tostring may run script code).
        lua_rawgeti(L, nb_registryindex(), lua_Integer(prettyRef))
        lua_rotate(L, base, 1)
        if nb_pcall(L, count, 1) != LUA_OK {
            return .failure(message: L.string(at: -1) ?? "error while printing", traceback: "")
        }
        return .values(L.string(at: -1))
    }

    /// Completions of `word` (`pri`, `ui.win`, `vc:add`), from raw reads only, so
    /// completing runs no script code. Returns whole words; a function's ends in `(`, so
    /// the editor goes on with its arguments (`ui.win` completes to `ui.window`, and a
    /// `.` typed next reads on).
    public func completions(for word: String) -> [String] {
        let top = L.top
        defer { L.settop(top) }
        makeAllTypeTables()     // `ui.` lists every class, made or not
        let separators: Set<Character> = [".", ":"]
        guard let cut = word.lastIndex(where: { separators.contains($0) }) else {
            lua_rawgeti(L, nb_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
            let names = keys(of: L.top, functionsOnly: false, markFunctions: true) + Self.keywords
            return Array(Set(names.filter { $0.hasPrefix(word) })).sorted()
        }
        let base = String(word[..<cut])
        let methodsOnly = word[cut] == ":"
        let partial = String(word[word.index(after: cut)...])
        guard resolve(path: base) else { return [] }
        var names: [String] = []
        let v = L.top
        if L.type(v) == LUA_TTABLE {
            names = keys(of: v, functionsOnly: methodsOnly, markFunctions: true)
            // A class is empty: a class from ui has extend and its methods behind
            // __index, a script's class its own fields (extend).
            if lua_getmetatable(L, v) != 0, L.rawField(-1, "__index") == LUA_TTABLE {
                names += keys(of: L.top, functionsOnly: methodsOnly, markFunctions: true)
            }
            L.settop(v)
        } else if nb_toobject(L, v) != nil {
            names = memberNames(v, methodsOnly: methodsOnly)
        }
        let sep = methodsOnly ? ":" : "."
        return Array(Set(names.filter { $0.hasPrefix(partial) && !$0.hasPrefix("__") })).sorted().map { base + sep + $0 }
    }

    static let keywords = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
                           "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]

    /// Pushes the value at a dotted path from the globals, following tables and our
    /// objects' fields with raw reads only. False when a step is missing.
    func resolve(path: String) -> Bool {
        lua_rawgeti(L, nb_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            let t = L.top
            if L.type(t) == LUA_TTABLE {
                L.rawField(t, String(part))
            } else if nb_toobject(L, t) != nil, lua_getiuservalue(L, t, 1) == LUA_TTABLE {
                L.rawField(-1, String(part))
            } else {
                return false
            }
            if L.isNoneOrNil(-1) { return false }
        }
        return true
    }

    /// String keys of the table at `t` (raw traversal, in a protected call); with
    /// `markFunctions`, a key whose value is a function ends in `(`.
    func keys(of t: Int32, functionsOnly: Bool, markFunctions: Bool = false) -> [String] {
        final class Box { var names: [String] = []; var functionsOnly = false; var mark = false }
        let box = Box()
        box.functionsOnly = functionsOnly
        box.mark = markFunctions
        let visit: nb_pair_fn = { L, ctx in
            guard let L, let ctx else { return 0 }
            let box = Unmanaged<Box>.fromOpaque(ctx).takeUnretainedValue()
            let isFunction = lua_type(L, 5) == LUA_TFUNCTION
            if lua_type(L, 4) == LUA_TSTRING, !box.functionsOnly || isFunction,
               let s = L.string(at: 4) { box.names.append(box.mark && isFunction ? s + "(" : s) }
            return 0
        }
        _ = withExtendedLifetime(box) { nb_foreach(L, t, visit, Unmanaged.passUnretained(box).toOpaque()) }
        L.settop(t)
        return box.names
    }

    /// An object's methods and properties (its member table, read through the hidden
    /// metatable), plus its own fields and its Lua classes' functions.
    func memberNames(_ ud: Int32, methodsOnly: Bool) -> [String] {
        var names: [String] = []
        if lua_getmetatable(L, ud) != 0, L.rawField(-1, "__index") == LUA_TFUNCTION,
           lua_getupvalue(L, -1, 1) != nil, L.type(-1) == LUA_TTABLE {
            names += keys(of: L.top, functionsOnly: methodsOnly, markFunctions: true)
        }
        L.settop(ud)
        if lua_getiuservalue(L, ud, 1) == LUA_TTABLE { names += keys(of: L.top, functionsOnly: methodsOnly, markFunctions: true) }
        L.settop(ud)
        lua_getiuservalue(L, ud, 2)
        var depth = 0
        while L.type(-1) == LUA_TTABLE, depth < 16 {
            depth += 1
            let cls = L.top
            guard lua_getmetatable(L, cls) != 0 else { break }
            let isBound = L.rawField(-1, "__bound") == LUA_TBOOLEAN
            L.settop(cls)
            if isBound { break }
            lua_getmetatable(L, cls)
            if L.rawField(-1, "__index") == LUA_TTABLE { names += keys(of: L.top, functionsOnly: true, markFunctions: true) }
            L.pop()
            L.rawField(-1, "__parent")
        }
        L.settop(ud)
        return names
    }

    /// A fresh world in place of this one is the REPL's `:reset`; this is the trace so
    /// far as a golden file, for `:record`.
    public var report: String { RunReport(simulation: simulation).text }
}
