import CLua
import CLuaShim
import Containment

/// `ui.invariant` and `ui.action`: what a design says it cares about (README.md, The Lua
/// API). `nestbox run` and each REPL line that settles check the invariants once the world
/// has settled, so a script that breaks one fails where it is run (exit 4); an action is
/// declared for exploring timings and a run never fires it. A later declaration of a name
/// replaces the earlier one, so a script loaded again (the REPL's `:load`) redeclares.
enum ExploreFunctions {
    /// Bounded like every list a script can lengthen.
    static let maxDeclared = 1_000

    /// For the prelude's `ui.fireAction`, which calls the action in Lua (so an error in it
    /// unwinds no Swift frame): the declared function, or nil and the names declared.
    static let actionNamed = LuaMethod("_action", "(name: string) -> function?, string?",
                                       doc: "The action declared with that name, or nil and a message.") { a in
        let name = try a.string(1)
        guard let i = a.rt.actions.firstIndex(where: { $0.name == name }) else {
            let known = a.rt.actions.map { "'\($0.name)'" }.joined(separator: ", ")
            a.L.pushNil()
            a.L.push("ui.fireAction: no action named '\(name)' (declared: \(known.isEmpty ? "none" : known))")
            return 2
        }
        lua_rawgeti(a.L, nb_registryindex(), lua_Integer(a.rt.actions[i].ref))
        return 1
    }

    static let namespace = LuaNamespace(path: "ui", doc: "What exploration checks and fires.", functions: [
        LuaMethod("invariant", "(name: string, check: fun(): boolean)",
                  doc: "Declares a property that must hold whenever the world is at rest: `check` returns true, or false (or nil) and a message as its second value; it should only read. Checked after a run or a REPL line settles (exit 4 when it fails); a later declaration of the name replaces it.") { a in
            try a.rt.declare(a, into: \.invariants, what: "invariant")
            return 0
        },
        LuaMethod("action", "(name: string, fire: fun())",
                  doc: "Declares an outside event (a notification, a network reply, a deep link) for exploring timings; a run never fires it.") { a in
            try a.rt.declare(a, into: \.actions, what: "action")
            return 0
        },
        LuaMethod("checkInvariants", "()",
                  doc: "Checks the model's own invariants, then each declared invariant, now (at rest or not); fails as an expectation (exit 4) with the message `nestbox run` and `nestbox explore` print. A repro ends with it.") { a in
            switch a.rt.checkAllInvariants() {
            case nil, .ok?: return 0
            case .expectationFailed(let message)?:
                a.rt.expectationFailed = true
                throw LuaFailure.raw(message)
            case .scriptError(let message, _)?, .limitExceeded(let message)?, .unreadable(let message)?:
                throw LuaFailure.raw(message)
            }
        },
    ])
}

/// A function a script declared with a name: an invariant or an action.
struct DeclaredFunction {
    let name: String
    /// The function, in the registry.
    let ref: Int32
    /// Where it was declared (`file:line:`).
    let location: String
}

extension LuaRuntime {
    func declare(_ a: Args, into list: ReferenceWritableKeyPath<LuaRuntime, [DeclaredFunction]>, what: String) throws {
        let name = try a.string(1)
        guard !name.isEmpty, name.utf8.count <= 200 else { throw LuaFailure.argument(1, "the \(what)'s name must be 1 to 200 bytes") }
        try a.function(2)
        let existing = self[keyPath: list].firstIndex { $0.name == name }
        guard existing != nil || self[keyPath: list].count < ExploreFunctions.maxDeclared else {
            throw LuaFailure.message("at most \(ExploreFunctions.maxDeclared) \(what)s")
        }
        luaL_where(L, 1)
        var location = L.string(at: -1) ?? ""       // "file:line: ", without its space
        while location.hasSuffix(" ") { location.removeLast() }
        L.pop()
        lua_pushvalue(L, 2)
        let declared = DeclaredFunction(name: name, ref: luaL_ref(L, nb_registryindex()), location: location)
        if let existing {
            luaL_unref(L, nb_registryindex(), self[keyPath: list][existing].ref)
            self[keyPath: list][existing] = declared
        } else {
            self[keyPath: list].append(declared)
        }
    }

    /// The actions a script declared, by name, in the order declared.
    public var actionNames: [String] { actions.map(\.name) }

    /// Fires action `index`; the outcome of its call (nil when it returned).
    public func fireAction(_ index: Int) -> RunOutcome? {
        guard actions.indices.contains(index) else { return nil }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(actions[index].ref))
        return call(nargs: 0)
    }

    /// The model's invariants (a broken one is a Nestbox bug, reported as the explorer
    /// finds it), then the script's.
    public func checkAllInvariants() -> RunOutcome? {
        if let broken = simulation.checkInvariants().first {
            return .expectationFailed(message: "model invariant broken: \(broken)")
        }
        return checkDeclaredInvariants()
    }

    /// Checks every invariant the script declared, in order: the first that fails or
    /// raises, as an outcome (exit 4 for a failure, 1 for an error); nil when all hold.
    public func checkDeclaredInvariants() -> RunOutcome? {
        // By index over the live list: an invariant may redeclare one (replacing its ref).
        var k = 0
        while k < invariants.count {
            let inv = invariants[k]
            k += 1
            lastFailedInvariant = inv.name
            let top = L.top
            defer { L.settop(top) }
            lua_rawgeti(L, nb_registryindex(), lua_Integer(inv.ref))
            let status = nb_pcall(L, 0, 2)
            if let limit = limitOutcome { return limit }
            // Declared through a C function (`pcall(ui.invariant, …)`), it has no line.
            let at = inv.location.isEmpty ? "" : inv.location + " "
            guard status == LUA_OK else {
                let (message, traceback) = splitTraceback(L.string(at: -1) ?? "(error object is not a string)")
                pendingHookError = nil
                // An expectation inside it (`ui.expectTrace`) fails as one, as in `call`.
                if expectationFailed { return .expectationFailed(message: "\(at)invariant '\(inv.name)': \(message)") }
                return .scriptError(message: "\(at)invariant '\(inv.name)' raised: \(message)", traceback: traceback)
            }
            if lua_toboolean(L, top + 1) != 0 { continue }
            // A message is a string or a number (as `error` takes them); an empty one says nothing.
            let message = [LUA_TSTRING, LUA_TNUMBER].contains(L.type(top + 2)) ? luaL_tolstring(L, top + 2, nil).map { String(cString: $0) } ?? "" : ""
            let why = !message.isEmpty ? ": " + message : L.type(top + 1) == LUA_TNIL ? " (it returned nil)" : ""
            return .expectationFailed(message: "\(at)invariant '\(inv.name)' failed\(why)")
        }
        return nil
    }
}
