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

/// Building the state: libraries, one metatable per binding, class tables, `ui`.
extension LuaRuntime {
    func openLibraries() {
        if nb_openlibs(L) != LUA_OK { L.pop() }
        // identity table: one userdata per Swift object while Lua holds it, by slot
        objectsRef = weakTableRef("v")
        state.pointee.objects_ref = objectsRef
        // anchors: userdata kept alive while the simulated world owns their object
        L.newTable()
        anchorsRef = luaL_ref(L, nb_registryindex())
        // class table -> its hook bits and the class generation they were computed
        // for; weak keys, so a collected class cannot lend its bits to a new table
        classMasksRef = weakTableRef("k")
        openStringCache()
        L.newTable(array: Int32(Override.count))
        for (i, o) in Override.allCases.enumerated() {
            L.push(o.name)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        hookNamesRef = luaL_ref(L, nb_registryindex())
        // And each on its own, for the hot path's one read (nb_run_hook).
        hookNameRefs = Override.allCases.map { o in
            L.push(o.name)
            return luaL_ref(L, nb_registryindex())
        }
        L.push("__parent")
        state.pointee.parent_key_ref = luaL_ref(L, nb_registryindex())
        L.push("__index")
        state.pointee.index_key_ref = luaL_ref(L, nb_registryindex())
        // Every hook's name, which an object may hold as a field even where a method has
        // it too (nb_newindex).
        let hookNames = BindingSurface.hostHookNames
        L.newTable(hash: Int32(hookNames.count))
        for name in hookNames {
            L.push(true)
            L.setRawField(-2, name)
        }
        hookSetRef = luaL_ref(L, nb_registryindex())
        // The methods a subclass may override (nb_index, nb_methodset).
        let overridable = BindingSurface.overridableMethods
        L.newTable(hash: Int32(overridable.count))
        for name in overridable {
            L.push(true)
            L.setRawField(-2, name)
        }
        state.pointee.overridable = luaL_ref(L, nb_registryindex())
        state.pointee.refusals = buildRefusals
    }

    /// A registry reference to a new table with `__mode` = `mode`.
    private func weakTableRef(_ mode: StaticString) -> Int32 {
        L.newTable()
        L.newTable()
        L.push(mode)
        L.setRawField(-2, "__mode")
        lua_setmetatable(L, -2)
        return luaL_ref(L, nb_registryindex())
    }

    func registerBindings() {
        let t = Self.tables
        // ui, sized for every function and class, so a class added while a script walks
        // it with `next` never rehashes it
        let functionCount = LuaTypes.namespaces.filter { $0.path == "ui" }.reduce(0) { $0 + $1.functions.count }
        L.newTable(hash: Int32(LuaTypes.all.count + functionCount + 8))
        let ui = L.top
        // Each type's methods and properties tables, by type ID (2i+1, 2i+2): its
        // children copy them, and its object metatable is made from them when the first
        // object of the type is pushed (pushNew). They and the class, `ui.<Name>`, are
        // made when first needed (`makeTypeTables`): an empty run needs three types of
        // 26, and making all of them was a sixth of its start-up (docs/performance.md).
        classBoxRefs = Array(repeating: LUA_NOREF, count: LuaTypes.all.count)
        classRefs = Array(repeating: LUA_NOREF, count: LuaTypes.all.count)
        metatableRefs = Array(repeating: LUA_NOREF, count: LuaTypes.all.count)
        typeTablesMade = Array(repeating: false, count: LuaTypes.all.count)
        uiNamesTaken = typeTablesMade
        L.newTable(array: Int32(2 * LuaTypes.all.count))
        typeTablesRef = luaL_ref(L, nb_registryindex())
        lua_pushvalue(L, ui)
        uiRef = luaL_ref(L, nb_registryindex())
        lua_getglobal(L, "next")
        nextRef = luaL_ref(L, nb_registryindex())
        // `ui`'s metatable makes a class on its first read, and lists them all for pairs.
        L.newTable(hash: 2)
        if let id = Self.sharedFunction("__uiindex") { nb_pushdispatch(L, methodDispatch, Int32(id)); L.setRawField(-2, "__index") }
        if let id = Self.sharedFunction("__uipairs") { nb_pushdispatch(L, methodDispatch, Int32(id)); L.setRawField(-2, "__pairs") }
        if let id = Self.sharedFunction("__uinewindex") { nb_pushdispatch(L, methodDispatch, Int32(id)); L.setRawField(-2, "__newindex") }
        L.push("locked" as StaticString)                 // getmetatable(ui) hands out nothing
        L.setRawField(-2, "__metatable")
        lua_setmetatable(L, ui)
        for (n, namespace) in LuaTypes.namespaces.enumerated() where !namespace.path.isEmpty {
            registerFunctions(t.functionIDs[n], in: namespace.path, ui: ui)
        }
        push(simulation.window)
        L.setRawField(ui, "window")
        push(simulation.screen)
        L.setRawField(ui, "screen")
        lua_setglobal(L, "ui")
    }

    /// The bound type named `name` that has a class in `ui`, if any.
    static func classType(named name: String) -> Int? {
        LuaTypes.all.firstIndex { $0.make != nil && $0.name.utf8.count == name.utf8.count && $0.name == name }
    }

    /// The first argument of `ui`'s metamethods must be `ui` itself (they are reachable
    /// only through it, its metatable being locked; this keeps them so).
    func checkUI(_ a: Args) throws {
        lua_rawgeti(L, nb_registryindex(), lua_Integer(uiRef))
        let isUI = lua_rawequal(L, 1, -1) != 0
        L.pop()
        guard isUI else { throw LuaFailure.argument(1, "ui expected") }
    }

    /// Makes every type's tables and class (`pairs(ui)`, the REPL's completion, tests).
    func makeAllTypeTables() {
        for i in LuaTypes.all.indices { makeTypeTables(i) }
    }

    /// Makes type `i`'s methods and properties tables, its parent's first, and its class
    /// in `ui` when it has a constructor. A child starts from copies of its parent's
    /// tables (the keys are Lua strings already, the methods the parent's closures) and
    /// adds its own members: Swift names pushed once each, not once per type that
    /// inherits them. Each table is made at its final size: filled one key at a time
    /// from empty, a table is rehashed at every power of two (docs/performance.md).
    func makeTypeTables(_ i: Int) {
        guard !typeTablesMade[i], lua_checkstack(L, 20) != 0 else { return }
        let t = Self.tables
        let parent = t.parents[i]
        if let parent { makeTypeTables(parent) }
        typeTablesMade[i] = true
        let top = L.top
        defer { L.settop(top) }
        let fn = Self.sharedFunction
        lua_rawgeti(L, nb_registryindex(), lua_Integer(typeTablesRef))
        let made = L.top
        // Where type i's own IDs start: after every earlier type's own.
        var ownMethods = 0, ownProperties = 0
        for k in 0..<i { ownMethods += LuaTypes.all[k].methods.count; ownProperties += LuaTypes.all[k].properties.count }
        let binding = LuaTypes.all[i]
        L.newTable(hash: Int32(t.methodIDs[i].count + 1))        // methods (and `extend`)
        let methods = L.top
        if let parent { copyTable(made, 2 * parent + 1, into: methods, skipping: "extend") }
        for (name, id) in t.methodIDs[i] where id >= ownMethods {
            nb_pushdispatch(L, methodDispatch, Int32(id))
            L.setRawField(methods, name)
        }
        L.newTable(hash: Int32(t.propertyIDs[i].count))           // properties: name -> id
        let props = L.top
        if let parent { copyTable(made, 2 * parent + 2, into: props, skipping: nil) }
        for (name, id) in t.propertyIDs[i] where id >= ownProperties {
            L.push(id)
            L.setRawField(props, name)
        }
        lua_pushvalue(L, methods)
        lua_rawseti(L, made, lua_Integer(2 * i + 1))
        lua_pushvalue(L, props)
        lua_rawseti(L, made, lua_Integer(2 * i + 2))
        guard binding.make != nil else { return }
        // The class table, ui.<Name>, stays empty: every assignment reaches __newindex,
        // which refuses it (host classes are read-only), while `extend` and the methods
        // are found through __index.
        if let id = fn("__extend") { nb_pushdispatch(L, methodDispatch, Int32(id)); L.setRawField(methods, "extend") }
        L.newTable()
        let cls = L.top
        L.newTable()                                 // its metatable
        let cmt = L.top
        nb_pushconstructor(L, constructCreate, constructApply, Int32(i))
        L.setRawField(cmt, "__call")
        L.push(binding.name)
        L.setRawField(cmt, "__name")
        L.push(true)
        L.setRawField(cmt, "__bound")               // hook lookup stops here
        if let id = fn("__classset") { nb_pushdispatch(L, methodDispatch, Int32(id)); L.setRawField(cmt, "__newindex") }
        lua_pushvalue(L, methods)
        L.setRawField(cmt, "__index")               // ui.View.addSubview(v, w) works
        // A name the methods lack is nil, or refused if UIKit has it (docs/coverage.md).
        L.newTable(array: 2)                        // the box: [1] the member table, [2] the type
        L.push(i)
        lua_rawseti(L, -2, 2)
        lua_pushvalue(L, -1)
        classBoxRefs[i] = luaL_ref(L, nb_registryindex())
        L.newTable(hash: 1)
        nb_pushclassindex(L, -2)
        L.setRawField(-2, "__index")
        lua_setmetatable(L, methods)
        L.pop()
        L.push("locked" as StaticString)
        L.setRawField(cmt, "__metatable")
        lua_setmetatable(L, cls)
        lua_pushvalue(L, cls)
        classRefs[i] = luaL_ref(L, nb_registryindex())
        // Into `ui`, unless the script has set the name (to anything, nil included).
        guard !uiNamesTaken[i] else { return }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(uiRef))
        lua_pushvalue(L, cls)
        L.setRawField(-2, binding.name)
    }

    /// The metatable of type `typeID`'s objects, made on first use from the type's
    /// methods and properties tables; pushes it.
    func pushMetatable(_ typeID: Int) {
        // Making it takes a dozen slots; a stack that cannot grow by them (a million
        // slots in use) gets an object without a metatable rather than an overflow.
        if metatableRefs[typeID] == LUA_NOREF {
            guard lua_checkstack(L, 20) != 0 else { L.pushNil(); return }
            makeTypeTables(typeID)
            let top = L.top
            lua_rawgeti(L, nb_registryindex(), lua_Integer(typeTablesRef))
            lua_rawgeti(L, top + 1, lua_Integer(2 * typeID + 1))
            let methods = L.top
            lua_rawgeti(L, top + 1, lua_Integer(2 * typeID + 2))
            let props = L.top
            let t = Self.tables
            L.newTable(hash: Int32(t.methodIDs[typeID].count + t.propertyIDs[typeID].count)) // members
            let members = L.top
            copyTable(methods, into: members, skipping: "extend")
            copyTable(props, into: members)                 // a property hides a method
            // Its refusals (docs/coverage.md) come on the table's first miss: most types
            // an empty run makes never miss, and listing a type's UIKit members was an
            // eighth of an empty run's instructions (docs/performance.md).
            // (A type outside the catalogue, UIScreen's, gets none when they are made.)
            do {
                nb_setpending(L, members, Int32(typeID))
                if classBoxRefs[typeID] != LUA_NOREF {       // the class's __index reads it
                    lua_rawgeti(L, nb_registryindex(), lua_Integer(classBoxRefs[typeID]))
                    lua_pushvalue(L, members)
                    lua_rawseti(L, -2, 1)
                    L.pop()
                }
            }
            if LuaTypes.all[typeID].takesOverrides {
                lua_rawgeti(L, nb_registryindex(), lua_Integer(hookSetRef))
            } else {
                L.newTable()                                // no name is a hook here
            }
            let hooks = L.top
            L.newTable(hash: 7)
            let mt = L.top
            nb_pushindex(L, members, propertyGet)
            L.setRawField(mt, "__index")
            nb_pushnewindex(L, members, propertySet, NestboxLua.fieldChanged, hooks)
            L.setRawField(mt, "__newindex")
            lua_pushvalue(L, members)
            L.setRawField(mt, "__members")                  // for constructors (nb_construct)
            lua_pushvalue(L, hooks)
            L.setRawField(mt, "__hooks")
            nb_pushgc(L, releaseObject)
            L.setRawField(mt, "__gc")
            if let id = Self.sharedFunction("__tostring") {
                nb_pushdispatch(L, methodDispatch, Int32(id))
                L.setRawField(mt, "__tostring")
            }
            L.push(LuaTypes.all[typeID].name)
            L.setRawField(mt, "__name")
            L.push("locked" as StaticString)
            L.setRawField(mt, "__metatable")
            metatableRefs[typeID] = luaL_ref(L, nb_registryindex())
            L.settop(top)
        }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(metatableRefs[typeID]))
    }

    /// The ID of a metamethod every object and class shares: a list, not a
    /// Dictionary, whose first use costs a scan of every conformance record in the
    /// binary (docs/performance.md).
    static func sharedFunction(_ name: String) -> Int? {
        for (n, namespace) in LuaTypes.namespaces.enumerated() where namespace.path.isEmpty {
            if let f = tables.functionIDs[n].first(where: { $0.0 == name }) { return f.1 }
        }
        return nil
    }

    /// Copies every key of the table at `from` (or of the table at `made[slot]`) into
    /// the one at `into`, but `skipping`, with raw accesses (no metamethods run).
    private func copyTable(_ made: Int32, _ slot: Int, into: Int32, skipping: StaticString?) {
        lua_rawgeti(L, made, lua_Integer(slot))
        copyTable(L.top, into: into, skipping: skipping)
        L.pop()
    }

    private func copyTable(_ from: Int32, into: Int32, skipping: StaticString? = nil) {
        let top = L.top
        defer { L.settop(top) }
        if let skipping { L.push(skipping) }
        L.pushNil()
        while lua_next(L, from) != 0 {
            if skipping != nil && lua_rawequal(L, -2, top + 1) != 0 { L.pop(); continue }
            lua_pushvalue(L, -2)
            lua_rotate(L, -2, 1)                  // key, key, value
            lua_rawset(L, into)
        }
    }

    /// Puts functions in their namespace: the globals (`_G`), `ui`, or a table in `ui`
    /// (`ui.trace`), made on first use.
    private func registerFunctions(_ functions: [(String, Int)], in path: String, ui: Int32) {
        let top = L.top
        defer { L.settop(top) }
        if path == "_G" {
            for (name, id) in functions {
                nb_pushdispatch(L, methodDispatch, Int32(id))
                lua_setglobal(L, name)
            }
            return
        }
        lua_pushvalue(L, ui)
        for part in path.split(separator: ".").dropFirst() {
            if L.rawField(-1, String(part)) != LUA_TTABLE {
                L.pop()
                L.newTable()
                lua_pushvalue(L, -1)
                L.setRawField(-3, String(part))
            }
        }
        let table = L.top
        for (name, id) in functions {
            nb_pushdispatch(L, methodDispatch, Int32(id))
            L.setRawField(table, name)
        }
    }

    func runPrelude(_ chunk: PrecompiledChunk) throws {
        let (status, fromBytecode) = chunk.load(L)
        guard status == LUA_OK else { throw LuaRuntimeError.prelude(L.string(at: -1) ?? "?") }
        preludeFromBytecode = fromBytecode
        lua_getglobal(L, "ui")
        nb_pushcfunction(L, nb_loadscript_lua)              // require's loader
        guard nb_pcall(L, 2, 2) == LUA_OK else { throw LuaRuntimeError.prelude(L.string(at: -1) ?? "?") }
        prettyRef = luaL_ref(L, nb_registryindex())        // the prelude returns Transform and the printer
        transformRef = luaL_ref(L, nb_registryindex())
    }
}

/// `Class{...}`, first step: make the object and push its userdata (class at 1, args at 2).
let constructCreate: nb_dispatch_fn = { L, typeID in
    withRuntime(L) { L, rt in rt.invoke(L, name: LuaTypes.all[Int(typeID)].name) {
        let binding = LuaTypes.all[Int(typeID)]
        guard let make = binding.make else { throw LuaFailure.message("\(binding.name) cannot be constructed") }
        var className = binding.name
        var scripted = false   // a Lua subclass: its instances carry Lua state
        if lua_getmetatable(L, 1) != 0 {
            if let n = L.rawField(-1, "__name") == LUA_TSTRING ? L.string(at: -1) : nil { className = n }
            L.pop()
            scripted = L.rawField(-1, "__bound") != LUA_TBOOLEAN
            L.pop(2)
        }
        L.rawField(2, "name")
        let name = L.string(at: -1)
        if name == nil && !L.isNoneOrNil(-1) {
            throw LuaFailure.message("bad field 'name' in \(className){...} (string expected, got \(L.typeName(at: -1)))")
        }
        // A name is written as it is in every line of the text trace and the goldens: a
        // line break in it would split an event in two.
        if let name, name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7f }) {
            throw LuaFailure.message("bad field 'name' in \(className){...} (a name is printed within a line: no line break or other control character)")
        }
        L.pop()
        let obj = make(rt, className, name)
        rt.pushNew(obj, typeID: Int(typeID), classIndex: 1, scripted: scripted)
        return 1
    } }
}

/// Second step: properties named in the table, in the binding's declared order.
let constructApply: nb_dispatch_fn = { L, typeID in
    withRuntime(L) { L, rt in rt.invoke(L, name: LuaTypes.all[Int(typeID)].name) {
        guard let o = nb_toobject(L, 3), let ptr = o.pointee.object else { return 0 }
        let obj = Unmanaged<SimObject>.fromOpaque(ptr).takeUnretainedValue()
        // Fields copied from the constructor table (hooks among them) are Lua state.
        if lua_getiuservalue(L, 3, 1) == LUA_TTABLE {
            rt.fieldChanged(obj, valueType: LUA_TFUNCTION, ud: 3)
            // A UIKit initializer's label among them is refused, not kept (UIKitSurface).
            for entry in UIKitSurface.initializerLabels(ofBinding: Int(typeID)) {
                if L.rawField(-1, entry.label) != LUA_TNIL {
                    nb_set_where_key(L, entry.label)
                    throw LuaFailure.message(entry.refusal)
                }
                L.pop()
            }
        }
        L.pop()
        if rt.simulation.linter != nil { rt.lintConstructorKeys(obj, typeID: Int(typeID), ud: 3) }
        // How many of the table's keys name properties (nb_construct counted them while
        // copying the others): the declared properties are looked up only until that
        // many are found, and not at all for `Class{}`. Asking the table for every
        // declared property by name was two thirds of a bare construction (docs/performance.md).
        var unseen = lua_tointegerx(L, 4, nil)
        let ctx = PropertyContext(L: L, rt: rt, object: obj, ud: 3)
        for (name, id) in LuaRuntime.tables.propertyIDs[Int(typeID)] {
            if unseen == 0 { break }
            guard L.rawField(2, name) != LUA_TNIL else { L.pop(); continue }
            unseen -= 1
            guard name != "name" else { L.pop(); continue }
            // A read-only property is refused here as its assignment is: dropped, a
            // `children` or `viewControllers` given at construction looked installed.
            guard let set = LuaRuntime.tables.properties[id].set else {
                nb_set_where_key(L, name)
                throw LuaFailure.message("bad field '\(name)' in \(obj.className){...} (\(readOnlyMessage(name, of: obj)))")
            }
            do {
                try set(ctx, L.top)
            } catch LuaFailure.argument(_, let message) {
                nb_set_where_key(L, name)
                throw LuaFailure.message("bad field '\(name)' in \(obj.className){...} (\(message))")
            } catch {
                nb_set_where_key(L, name)
                throw error
            }
            L.pop()
        }
        return 0
    } }
}
