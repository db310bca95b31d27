import CLua
import CLuaShim
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Pieces of a printed tree (about 64 KB each) joined into one string whenever this
/// many are on the stack: Lua's stack stays bounded, and a joined string is copied
/// again only once per 256 MB of text.
private let piecesJoined: Int32 = 4096

/// The functions of the `ui` table that belong to no class (README.md, The Lua API),
/// the globals, and the metamethods every object shares.
enum UIFunctions {
    /// A key `lua_rawset` would raise on (nil, NaN): refused here, since a Lua error must
    /// not unwind through the Swift frames of a metamethod.
    static func checkKey(_ a: Args) throws {
        if a.L.isNoneOrNil(2) { throw LuaFailure.argument(2, "table index is nil") }
        if a.L.type(2) == LUA_TNUMBER, lua_isinteger(a.L, 2) == 0, lua_tonumberx(a.L, 2, nil).isNaN {
            throw LuaFailure.argument(2, "table index is NaN")
        }
    }

    static let metamethods = LuaNamespace(path: "", doc: "Metamethods every object and class shares.", functions: [
        LuaMethod("__tostring", "() -> string", doc: "An object's description: `<ClassName: name>`.") { a in
            if let o = nb_toobject(a.L, 1), let p = o.pointee.object {
                a.L.push(Unmanaged<SimObject>.fromOpaque(p).takeUnretainedValue().objectDescription)
            } else {
                a.L.push("<released object>" as StaticString)
            }
            return 1
        },
        LuaMethod("__uiindex", "(ui: table, key: any) -> table?", doc: "`ui`'s classes, each made on its first read.") { a in
            try a.rt.checkUI(a)
            guard a.L.type(2) == LUA_TSTRING, let name = a.L.string(at: 2) else { return 0 }
            guard let i = LuaRuntime.classType(named: name) else {
                // Bound, but made only by Nestbox, as UIKit makes it (Q81).
                if name == "SheetPresentationController" {
                    throw LuaFailure.message("ui.SheetPresentationController: UIKit makes a page sheet's presentation controller; vc.sheetPresentationController answers it (Q81 in docs/policies.md)")
                }
                if UIKitCatalogue.unboundClasses.contains(name) {
                    let hint = UIKitCatalogue.unboundClassHints[name].map { "; \($0)" } ?? ""
                    throw LuaFailure.message("ui.\(name): UI\(name) is not modelled by Nestbox (docs/coverage.md\(hint))")
                }
                return 0
            }
            guard !a.rt.uiNamesTaken[i] else { return 0 }
            a.rt.makeTypeTables(i)
            lua_settop(a.L, 2)
            lua_rawget(a.L, 1)
            return 1
        },
        LuaMethod("__uinewindex", "(ui: table, key: any, value: any)",
                  doc: "A name set in `ui` before its class was made keeps what the script set there, nil included.") { a in
            try a.rt.checkUI(a)
            try checkKey(a)
            if a.L.type(2) == LUA_TSTRING, let name = a.L.string(at: 2), let i = LuaRuntime.classType(named: name) {
                a.rt.uiNamesTaken[i] = true
            }
            lua_settop(a.L, 3)
            lua_rawset(a.L, 1)
            return 0
        },
        LuaMethod("__uipairs", "(ui: table) -> function, table, nil", doc: "`pairs(ui)`: every class made first.") { a in
            try a.rt.checkUI(a)
            a.rt.makeAllTypeTables()
            lua_rawgeti(a.L, nb_registryindex(), lua_Integer(a.rt.nextRef))     // Lua's own, whatever `next` is now
            lua_pushvalue(a.L, 1)
            a.L.pushNil()
            return 3
        },
        LuaMethod("__extend", "(name: string) -> table",
                  doc: "A subclass named `name` (an identifier): hooks and methods set on it are its own.") { a in
            let L = a.L
            guard L.type(1) == LUA_TTABLE else { throw LuaFailure.argument(1, "class expected, got \(L.typeName(at: 1))") }
            // The name is read before anything is pushed, which would stand in for a missing one.
            let name = try a.string(2)
            guard lua_getmetatable(L, 1) != 0 else {
                throw LuaFailure.argument(1, "class expected, got \(L.typeName(at: 1))")
            }
            let parentMeta = L.top
            guard L.rawField(parentMeta, "__call") == LUA_TFUNCTION else {
                throw LuaFailure.argument(1, "class expected, got \(L.typeName(at: 1))")
            }
            let ctor = L.top
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw LuaFailure.argument(2, "class name must be a non-empty identifier")
            }
            // One bound on every walk of a class chain (the host's and nb_index's).
            guard a.rt.boundClass(ofClassAt: 1).depth < LuaRuntime.maxClassDepth else {
                throw LuaFailure.message("classes nest at most \(LuaRuntime.maxClassDepth) deep below the class from ui")
            }
            // The class table stays empty, as ui's classes do: its fields live in a table
            // of their own behind __index, so every assignment reaches __classset and is
            // checked, the second as the first (a hook set again to a number was kept and
            // never called). That table's __index is the parent, kept as __parent for the
            // walks up the chain; __pairs lists the fields without handing out their table.
            L.newTable()
            let cls = L.top
            L.newTable()
            let meta = L.top
            L.newTable()
            let fields = L.top
            L.newTable(hash: 2)
            lua_pushvalue(L, 1); L.setRawField(-2, "__index")
            L.push("locked" as StaticString); L.setRawField(-2, "__metatable")
            lua_setmetatable(L, fields)
            lua_rawgeti(L, nb_registryindex(), lua_Integer(a.rt.nextRef))
            nb_pushclasspairs(L, fields)
            L.setRawField(meta, "__pairs")
            L.setRawField(meta, "__index")            // the fields, off the stack
            lua_pushvalue(L, 1); L.setRawField(meta, "__parent")
            lua_pushvalue(L, ctor); L.setRawField(meta, "__call")
            L.rawField(parentMeta, "__newindex"); L.setRawField(meta, "__newindex")
            L.push(name); L.setRawField(meta, "__name")
            L.push("locked" as StaticString); L.setRawField(meta, "__metatable")
            lua_setmetatable(L, cls)
            return 1
        },
        /// A class table's __newindex: a raw set that invalidates cached hook masks. The
        /// classes in `ui` are the host's and read-only (a script's methods and hooks go
        /// on its own subclass, made with extend); a subclass is the script's to change.
        LuaMethod("__classset", "(key: any, value: any)", doc: "Sets a field of a subclass; the classes in `ui` are read-only.") { a in
            try a.table(1)
            try checkKey(a)
            if lua_getmetatable(a.L, 1) != 0 {
                let bound = a.L.rawField(-1, "__bound") == LUA_TBOOLEAN
                let name = a.L.rawField(-2, "__name") == LUA_TSTRING ? a.L.string(at: -1) ?? "?" : "?"
                a.L.pop(3)
                if bound {
                    // A name no subclass could define either is refused as such first
                    // (a method the model calls on its own, a property, an unmodelled
                    // member): making a subclass would not help.
                    try a.rt.checkClassField(forSubclass: false)
                    let key = a.L.type(2) == LUA_TSTRING ? "'\(a.L.string(at: 2) ?? "")'" : "a \(a.L.typeName(at: 2)) key"
                    throw LuaFailure.message("cannot set \(key) on ui.\(name) (classes from ui are read-only; make a subclass with ui.\(name):extend(name))")
                }
            }
            lua_settop(a.L, 3)
            try a.rt.checkClassField()
            if a.rt.simulation.linter != nil { a.rt.lintClassField() }
            // Into the class's fields (extend), never the class table itself.
            guard lua_getmetatable(a.L, 1) != 0, a.L.rawField(-1, "__index") == LUA_TTABLE else {
                throw LuaFailure.argument(1, "class expected, got \(a.L.typeName(at: 1))")
            }
            lua_pushvalue(a.L, 2)
            lua_pushvalue(a.L, 3)
            lua_rawset(a.L, -3)
            a.rt.classGeneration &+= 1
            return 0
        },
    ], isInternal: true)

    static let ui = LuaNamespace(path: "ui", doc: "Output, expectations and virtual time.", functions: [
        LuaMethod("printHierarchy", "(vc: ViewController?) -> string",
                  doc: "Prints and returns the controller tree from `vc` (default: the window's root and what it presents).") { a in
            let vc = try a.optionalObject(1, ViewController.self, "ViewController")
            // The text arrives in pieces, kept as Lua strings and joined once: at its peak
            // the tree's text is held twice (the pieces and the result), where a whole
            // string was four times (the buffer, its string, the printed copy and Lua's).
            let L = a.L, base = L.top
            guard lua_checkstack(L, piecesJoined + 1) != 0 else { throw LuaFailure.message("stack overflow") }
            let write = { (piece: String) in
                L.pushText(piece, large: true)
                if L.top - base == piecesJoined { nb_concatlarge(L, piecesJoined) }
            }
            if let vc { vc.writeHierarchy(to: write) } else { a.rt.simulation.writeHierarchy(to: write) }
            // Cut short by a run limit: print nothing; the limit's hook raises on return.
            if a.rt.simulation.isInterrupted() { lua_settop(L, base); return 0 }
            if L.top == base { L.push("" as StaticString) }
            for i in base + 1...L.top { a.rt.output(L.string(at: i) ?? "") }
            a.rt.output("\n")
            nb_concatlarge(L, L.top - base)
            return 1
        },
        LuaMethod("printViews", "(view: View?) -> string",
                  doc: "Prints and returns the view tree from `view` (default: the window).") { a in
            let v = try a.optionalObject(1, View.self, "View") ?? a.rt.simulation.window
            let text = v.recursiveDescription()
            if a.rt.simulation.isInterrupted() { return 0 }
            a.rt.output(text + "\n")
            a.L.pushText(text)
            return 1
        },
        LuaMethod("expectTrace", "(lines: string|string[])",
                  doc: "Compares the trace since the last mark or clear with `lines` (a string, or a list of lines as `ui.trace.lines` gives); raises with a diff (exit 4) when they differ.") { a in
            let expected: String
            if lua_type(a.L, 1) == LUA_TTABLE {
                var lines: [String] = []
                for i in 1...max(1, Int(lua_rawlen(a.L, 1))) where i <= Int(lua_rawlen(a.L, 1)) {
                    // A long list is the script's to make; reading it stops at a limit.
                    if i & 4095 == 0, a.rt.simulation.isInterrupted() { return 0 }
                    defer { a.L.pop() }
                    guard lua_rawgeti(a.L, 1, lua_Integer(i)) == LUA_TSTRING, let line = a.L.string(at: -1) else {
                        throw LuaFailure.argument(1, "line \(i) of the list is not a string")
                    }
                    lines.append(line)
                }
                expected = lines.joined(separator: "\n")
            } else {
                expected = try a.string(1)
            }
            if let diff = traceMismatch(expected: expected, actual: a.rt.simulation.trace.sinceMark) {
                a.rt.expectationFailed = true
                throw LuaFailure.message(diff)
            }
            return 0
        },
        LuaMethod("advance", "(seconds: number)", doc: "Moves virtual time forward, running the timers and animations that fall due.") { a in
            let s = try a.number(1)
            guard s.isFinite, s >= 0 else { throw LuaFailure.argument(1, "seconds must be a finite number >= 0") }
            guard a.rt.simulation.advance(by: s) else {
                throw LuaFailure.message("ui.advance: still busy after \(Simulation.maxTurns) timers at one instant")
            }
            return 0
        },
        LuaMethod("settle", "()", doc: "Runs until nothing is pending (animations, timers, deferred work).") { a in
            guard a.rt.simulation.settle() else { throw LuaFailure.message("ui.settle: still busy after 100000 run-loop turns") }
            return 0
        },
        LuaMethod("now", "() -> number", doc: "The virtual time in seconds.") { a in a.L.push(a.rt.simulation.clock.now); return 1 },
        LuaMethod("after", "(seconds: number, fn: fun())", doc: "Runs `fn` once when virtual time has advanced by `seconds`.") { a in
            let s = try a.number(1)
            guard s.isFinite, s >= 0 else { throw LuaFailure.argument(1, "seconds must be a finite number >= 0") }
            try a.function(2)
            lua_pushvalue(a.L, 2)
            let ref = luaL_ref(a.L, nb_registryindex())
            let host = a.rt.host
            a.rt.simulation.clock.schedule(after: s) { host.fireTimer(ref) }
            return 0
        },
    ])

    static let globals = LuaNamespace(path: "_G", doc: "Globals Nestbox replaces.", functions: [
        LuaMethod("print", "(...: any)", doc: "Writes the values, tab-separated, to standard output and records a `log` event.") { a in
            // Appended in place: `joined(separator:)` looked up a generic witness at
            // run time on the first print of every run (docs/performance.md).
            var line = ""
            for i in 1...max(1, a.count) where i <= a.count {
                if nb_safetostring(a.L, i) != LUA_OK {
                    throw LuaFailure.raw(a.L.string(at: -1) ?? "error in __tostring")
                }
                if i > 1 { line += "\t" }
                line += a.L.string(at: -1) ?? ""
                a.L.pop()
            }
            a.rt.output(line + "\n")
            a.rt.simulation.trace.record(.log, "script", "print", message: line)
            return 0
        },
    ])

    static let prelude = LuaNamespace(path: "ui", doc: "For the prelude, which removes it from `ui`.", functions: [
        ExploreFunctions.actionNamed,
        /// For the REPL's printer, which reads tables raw: a script's class keeps its
        /// fields behind it (`__extend`), so the printer is handed a copy of them, and
        /// a class's name, so that it prints as a class, not as an empty table.
        LuaMethod("_classFields", "(value: any) -> any, string?",
                  doc: "A copy of a script class's own fields and the class's name; any other value as it is.") { a in
            let L = a.L
            lua_settop(L, 1)
            guard L.type(1) == LUA_TTABLE, lua_getmetatable(L, 1) != 0, L.rawField(-1, "__name") == LUA_TSTRING else {
                lua_settop(L, 1); return 1
            }
            let name = L.top
            if L.rawField(-2, "__bound") == LUA_TBOOLEAN {      // one of ui's: no fields of its own
                L.newTable()
                lua_pushvalue(L, name)
                return 2
            }
            guard L.rawField(-3, "__parent") == LUA_TTABLE, L.rawField(-4, "__index") == LUA_TTABLE else {
                lua_settop(L, 1); return 1
            }
            let fields = L.top
            L.newTable()
            L.pushNil()
            while lua_next(L, fields) != 0 {               // the copy, key, value
                lua_pushvalue(L, -2)
                lua_pushvalue(L, -2)
                lua_rawset(L, -5)
                L.pop()
            }
            lua_pushvalue(L, name)
            return 2
        },
        /// Used once by the prelude's `require`: the bytes of a module beside the script,
        /// as they are (the prelude loads them as the main script is loaded).
        LuaMethod("_readModule", "(name: string) -> string?, string",
                  doc: "The bytes of module `name` beside the script and its chunk name, or nil and a message.") { a in
            let name = try a.string(1)
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } }) else {
                a.L.pushNil(); a.L.push("module name '\(name)' is not a dotted list of plain names"); return 2
            }
            // Q73: the script's folder, then each folder above it, nearest first; then,
            // for a module's require, the module's own folder and those above it.
            let file = parts.joined(separator: "/") + ".lua"
            var searched: [String] = []
            var folders = moduleFolders(from: a.rt.scriptDirectory ?? "")
            if let caller = nb_caller_file(a.L).map({ String(cString: $0) }), let slash = caller.lastIndex(of: "/") {
                let own = moduleFolders(from: String(caller[..<slash]))
                folders += own.filter { !folders.contains($0) }
            }
            for folder in folders {
                let path = folder.isEmpty ? file : folder == "/" ? "/" + file : folder + "/" + file
                searched.append(path)
                if let data = FileManager.default.contents(atPath: path) {
                    if a.rt.modulePaths.count < 1_000, !a.rt.modulePaths.contains(path) { a.rt.modulePaths.append(path) }
                    // A module's text is linted as the script's is (L16, L17), when it loads.
                    if a.rt.simulation.linter != nil, a.rt.lintedModules.insert(path).inserted {
                        a.rt.sourceLints += SourceLint.findings(source: String(decoding: data, as: UTF8.self), file: path)
                    }
                    data.withUnsafeBytes { _ = lua_pushlstring(a.L, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count) }
                    a.L.push("@" + path)
                    return 2
                }
            }
            a.L.pushNil()
            a.L.push("module '\(name)' not found (no file \(searched.first ?? file) or in a folder above it)")
            return 2
        },
    ], isInternal: true)

    /// The folders `require` searches (Q73), as paths written from the script's folder
    /// ("" for the current folder): the folder itself, then each above it up to the root,
    /// lexically, so a module one folder up is named `../x.lua` at most once and a repro
    /// in `explore-out/` loads `menu.lua` under the name the explorer ran it with.
    static func moduleFolders(from start: String) -> [String] {
        var parts = start.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        let absolute = start.hasPrefix("/")
        var out: [String] = []
        // Above a relative start: the current folder's depth bounds the "../" climbed.
        var depth: Int?
        while out.count <= 256 {
            out.append(absolute ? "/" + parts.joined(separator: "/") : parts.joined(separator: "/"))
            if let last = parts.last, last != ".." { parts.removeLast(); continue }
            if absolute { break }
            let ups = parts.count { $0 == ".." }
            if depth == nil { depth = FileManager.default.currentDirectoryPath.split(separator: "/").count }
            guard ups < depth ?? 0 else { break }
            parts.append("..")
        }
        return out
    }
}

extension LuaRuntime {
    func push(_ e: TraceEvent) {
        L.newTable(hash: 8)
        let t = L.top
        L.push(e.seq); L.setRawField(t, "seq")
        L.push(e.t); L.setRawField(t, "t")
        L.push(e.kind.rawValue); L.setRawField(t, "kind")
        L.push(e.object); L.setRawField(t, "object")
        L.push(e.event); L.setRawField(t, "event")
        L.push(e.text); L.setRawField(t, "text")
        L.newTable(hash: Int32(e.args.count))
        for (k, v) in e.args {
            push(v)
            L.setRawField(-2, k == "_" ? "value" : k)
        }
        L.setRawField(t, "args")
        if let m = e.message { L.push(m); L.setRawField(t, "message") }
        if let r = e.result { push(r); L.setRawField(t, "result") }
    }

    func push(_ v: TraceValue) {
        switch v {
        case .null: L.pushNil()
        case .bool(let b): L.push(b)
        case .number(let n): L.push(n)
        case .string(let s), .object(let s): L.push(s)
        }
    }

    /// A `ui.after` callback falls due: call it once, then drop it.
    func fireTimer(_ ref: Int32) {
        guard !closing else { return }
        let top = L.top
        defer { L.settop(top) }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(ref))
        luaL_unref(L, nb_registryindex(), ref)
        docall(nargs: 0, object: simulation.screen, context: "after")
    }
}
