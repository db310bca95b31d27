import CLua
import CLuaShim
import Containment
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One method of a protocol a script supplies (a delegate's, a data source's, an
/// animator's, an overridable presentation controller's), declared once: its name,
/// signature and doc for the API reference and the editor types, how its arguments are
/// pushed and how its answer is read. The declaration is the call: `LuaBridge.call`
/// takes it and nothing else (docs/extending.md).
///
/// The calling convention is one for every table (docs/api-conventions.md): the
/// function gets UIKit's parameters in UIKit's order, never the table itself; an
/// override (`.own`) gets its object first, as a method does.
struct LuaCall<Arguments, Answer> {
    let hook: LuaHook
    let push: (LuaRuntime, Arguments) -> Int32
    /// nil for a method whose answer is not used (UIKit's `Void` ones).
    let read: ((LuaRuntime, Int32) -> LuaAnswer<Answer>)?

    init(_ name: String, _ signature: StaticString, doc: StaticString,
         push: @escaping (LuaRuntime, Arguments) -> Int32,
         read: ((LuaRuntime, Int32) -> LuaAnswer<Answer>)? = nil) {
        hook = LuaHook(name, signature, doc: doc); self.push = push; self.read = read
    }

    var name: String { hook.name }

    /// `name(a, b)`: the call as an error message names it, its parameters taken from
    /// the signature (`self` first for an override).
    func callText(own: Bool) -> String {
        let parameters = hook.signature.description.dropFirst().prefix { $0 != ")" }
        var names = parameters.split(separator: ",").compactMap { $0.split(separator: ":").first?.filter { $0 != " " } }
        if own { names.insert("self", at: 0) }
        return "\(name)(\(names.joined(separator: ", ")))"
    }
}

/// A script's answer, read: a value (nil asks for UIKit's default), or what was wrong
/// with it, as the end of "`call` returned …".
enum LuaAnswer<T> {
    case value(T?)
    case wrong(String)

    /// The usual complaint: "a number, not a boolean or nil".
    static func wrongType(_ rt: LuaRuntime, _ i: Int32, expected: String) -> LuaAnswer<T> {
        .wrong("a \(rt.L.typeName(at: i)), not \(expected) or nil")
    }
}

/// Answer readers shared by the declarations.
enum LuaRead {
    /// A `T` (a bound object), or nil; anything else is wrong.
    static func object<T: SimObject>(_ type: T.Type, _ expected: String) -> (LuaRuntime, Int32) -> LuaAnswer<T> {
        { rt, i in
            if rt.L.isNoneOrNil(i) { return .value(nil) }
            if let o = rt.object(at: i) as? T { return .value(o) }
            return .wrongType(rt, i, expected: expected)
        }
    }

    /// One of `E`'s names (a column, a display mode), or nil.
    static func name<E: RawRepresentable & CaseIterable>(_ rt: LuaRuntime, _ i: Int32) -> LuaAnswer<E> where E.RawValue == String {
        if rt.L.isNoneOrNil(i) { return .value(nil) }
        let str = rt.L.type(i) == LUA_TSTRING ? rt.L.string(at: i) : nil
        if let str, let e = E(rawValue: str) { return .value(e) }
        let got = str.map { "'\($0)'" } ?? "a \(rt.L.typeName(at: i))"
        return .wrong("\(got), not one of \(E.allCases.map(\.rawValue).joined(separator: ", ")) or nil")
    }

    /// An animator table, or nil (UIKit's default transition); a table that cannot
    /// animate is wrong: nothing would call completeTransition and the transition would
    /// never end.
    static let animator: (LuaRuntime, Int32) -> LuaAnswer<LuaAnimator> = { rt, i in
        switch rt.L.type(i) {
        case LUA_TNIL, LUA_TNONE: return .value(nil)
        case LUA_TTABLE:
            if let problem = LuaAnimator.problem(rt.L, i) { return .wrong(problem) }
            return .value(LuaAnimator(rt, index: i))
        default: return .wrong("a \(rt.L.typeName(at: i)), not an animator table or nil")
        }
    }

    /// A UIInterfaceOrientationMask (a member's name or a list of them, not empty), or nil.
    static let orientationMask: (LuaRuntime, Int32) -> LuaAnswer<InterfaceOrientationMask> = { rt, i in
        if rt.L.isNoneOrNil(i) { return .value(nil) }
        if let mask = rt.orientationMask(at: i), !mask.isEmpty { return .value(mask) }
        return .wrong("\(rt.L.type(i) == LUA_TSTRING ? "'\(rt.L.string(at: i)?.prefix(80) ?? "")'" : "a \(rt.L.typeName(at: i))"), not an orientation mask's name, a list of them or nil")
    }

    /// An orientation's name (`ui.rotate`'s), or nil.
    static let orientation: (LuaRuntime, Int32) -> LuaAnswer<String> = { rt, i in
        if rt.L.isNoneOrNil(i) { return .value(nil) }
        if rt.L.type(i) == LUA_TSTRING, let s = rt.L.string(at: i), Simulation.orientations.contains(s) { return .value(s) }
        let got = rt.L.type(i) == LUA_TSTRING ? "'\(rt.L.string(at: i)?.prefix(80) ?? "")'" : "a \(rt.L.typeName(at: i))"
        return .wrong("\(got), not one of \(Simulation.orientations.joined(separator: ", ")) or nil")
    }

    /// A boolean, or nil.
    static let boolean: (LuaRuntime, Int32) -> LuaAnswer<Bool> = { rt, i in
        if rt.L.isNoneOrNil(i) { return .value(nil) }
        if rt.L.type(i) == LUA_TBOOLEAN { return .value(rt.L.bool(at: i)) }
        return .wrongType(rt, i, expected: "a boolean")
    }
}

/// Where a bridge finds a protocol's functions.
enum LuaTarget {
    /// In the table the object keeps in this field of its own (`delegate`,
    /// `transitioningDelegate`, `dataSource`): collected with the object.
    case field(String)
    /// On the object, then up its Lua classes, as hooks are (a presentation
    /// controller's overrides).
    case own
    /// In a table the bridge keeps (an animator handed to `transition{}` or returned by
    /// a delegate).
    case table(LuaCallback)
}

/// The one bridge from the model's protocols to a script's functions: every delegate,
/// data source, animator and presentation-controller override the model calls comes
/// here, and from here through the runtime's one `docall`. The model's protocols are
/// adopted by extensions next to each binding, one line per method, each naming its
/// `LuaCall` declaration.
final class LuaBridge {
    let host: LuaHost
    /// Weak: the object holds this bridge; a transition's context may hold it longer.
    weak var object: SimObject?
    let target: LuaTarget
    /// Overrides running now: one that asks for its own value (`self:presentedView()`
    /// inside `presentedView`) gets UIKit's default, as a call to `super` would.
    /// Delegates are not guarded: UIKit calls a delegate again from inside itself (a
    /// `didScroll` that scrolls).
    private var running: [String] = []

    init(_ rt: LuaRuntime, object: SimObject?, _ target: LuaTarget) {
        host = rt.host; self.object = object; self.target = target
    }

    private var isOwn: Bool { if case .own = target { true } else { false } }

    /// The name of a call in an `error` event: `delegate.willShow`, or the method's own.
    func context<A, R>(_ m: LuaCall<A, R>) -> String {
        if case .field(let f) = target { return "\(f).\(m.name)" }
        return m.name
    }

    /// Calls the script's `m` with `args` when it has one; its answer, or nil (no such
    /// function, it failed, it answered nil or something wrong: each reported but the
    /// first). `charge` names the object an error is charged to when the bridge has none
    /// (an animator's context).
    @discardableResult
    func call<A, R>(_ m: LuaCall<A, R>, _ args: A, charge: SimObject? = nil) -> R? {
        guard host.isOpen, let object = charge ?? object else { return nil }
        let rt = host.runtime, L = rt.L
        // Room for the look-up and the arguments: a stack that cannot grow by them (a
        // million slots in use) calls nothing rather than overflow, as nb_prepare_hook.
        guard !rt.closing, !(isOwn && running.contains(m.name)), lua_checkstack(L, 16) != 0 else { return nil }
        let top = L.top
        defer { L.settop(top) }
        guard pushFunction(rt, m.name) else { return nil }
        var nargs: Int32 = 0
        if isOwn {
            rt.push(object)
            nargs = 1
        } else if Self.definedAsMethod(L) {
            let position = rt.definitionPosition(of: L.top)
            rt.reportHookError(object: object, hook: context(m), text: "\(position)\(m.name) is called as "
                + "\(m.callText(own: false)), without its table, but its first parameter is self: define it with '.', "
                + "not ':' (docs/api-conventions.md)")
            return nil
        }
        nargs += m.push(rt, args)
        if isOwn { running.append(m.name) }
        defer { if isOwn { running.removeLast() } }
        guard rt.docall(nargs: nargs, nresults: m.read == nil ? 0 : 1, object: object, context: context(m)),
              let read = m.read else { return nil }
        switch read(rt, L.top) {
        case .value(let v): return v
        case .wrong(let problem):
            report(m, "\(m.callText(own: isOwn)) returned \(problem)", charge: object)
            return nil
        }
    }

    /// Reports a problem found in `m`'s answer (or about it) as `m`'s error, at the line
    /// defining it.
    func report<A, R>(_ m: LuaCall<A, R>, _ problem: String, charge: SimObject? = nil) {
        guard host.isOpen, let object = charge ?? object else { return }
        let rt = host.runtime, L = rt.L
        let top = L.top
        // At the line defining the method, or, for a problem with no method to point at (a
        // plain value where a method belongs), at the script's line that led here.
        var position = pushFunction(rt, m.name) ? rt.definitionPosition(of: L.top) : ""
        L.settop(top)
        if position.isEmpty, let here = rt.scriptPosition() { position = "\(here): " }
        rt.reportHookError(object: object, hook: context(m), text: "\(position)\(problem)")
    }

    /// What the object, or one of its Lua classes, holds under `name` when that is a
    /// plain value rather than a function: "a boolean"; nil when there is none (`.own`
    /// only). The classes are walked as `nb_classhook` walks them (raw reads, up to the
    /// bound class, at most 64).
    func plainValue(_ name: String) -> String? {
        guard case .own = target, host.isOpen, let object else { return nil }
        let rt = host.runtime, L = rt.L
        let top = L.top
        defer { L.settop(top) }
        guard lua_checkstack(L, 8) != 0, rt.pushExisting(object) else { return nil }
        let ud = L.top
        func plain() -> String? {
            let t = L.rawField(-1, name)
            defer { L.pop() }
            return t != LUA_TNIL && t != LUA_TFUNCTION ? "a \(L.typeName(at: -1))" : nil
        }
        if lua_getiuservalue(L, ud, 1) == LUA_TTABLE, let found = plain() { return found }
        L.settop(ud)
        lua_getiuservalue(L, ud, 2)
        for _ in 0..<64 {
            guard L.type(-1) == LUA_TTABLE, lua_getmetatable(L, -1) != 0 else { return nil }
            if L.rawField(-1, "__bound") == LUA_TBOOLEAN { return nil }   // UIKit's class: no overrides there
            L.pop()
            L.rawField(-1, "__index")       // class, meta, its fields (extend)
            if L.type(-1) == LUA_TTABLE, let found = plain() { return found }
            L.pop()
            L.rawField(-1, "__parent")      // class, meta, parent
            lua_copy(L, -1, -3)
            L.pop(2)
        }
        return nil
    }

    /// Pushes the function `name` from the target (raw reads: finding it runs no
    /// script code); false, and nothing pushed, when there is none.
    private func pushFunction(_ rt: LuaRuntime, _ name: String) -> Bool {
        let L = rt.L
        let top = L.top
        switch target {
        case .field(let field):
            guard let object, rt.pushExisting(object), lua_getiuservalue(L, -1, 1) == LUA_TTABLE,
                  L.rawField(-1, field) == LUA_TTABLE, L.rawField(-1, name) == LUA_TFUNCTION else { break }
            lua_copy(L, -1, top + 1)
            L.settop(top + 1)
            return true
        case .own:
            guard let object, rt.pushExisting(object), rt.pushHook(L.top, name) else { break }
            lua_copy(L, -1, top + 1)
            L.settop(top + 1)
            return true
        case .table(let table):
            guard table.push(), L.type(-1) == LUA_TTABLE, L.rawField(-1, name) == LUA_TFUNCTION else { break }
            lua_copy(L, -1, top + 1)
            L.settop(top + 1)
            return true
        }
        L.settop(top)
        return false
    }

    /// Whether the Lua function on top was defined with `:` (its first parameter is
    /// `self`): such a function expects its table, which the convention does not pass.
    static func definedAsMethod(_ L: LuaState) -> Bool {
        lua_pushvalue(L, -1)
        defer { L.pop() }
        guard let first = lua_getlocal(L, nil, 1) else { return false }
        return strcmp(first, "self") == 0
    }
}

extension LuaRuntime {
    /// The bound object at stack index `i`, if it is one.
    func object(at i: Int32) -> SimObject? {
        guard let o = nb_toobject(L, i), let p = o.pointee.object else { return nil }
        return Unmanaged<SimObject>.fromOpaque(p).takeUnretainedValue()
    }

    /// "file:line: " where the Lua function at `index` is defined ("" for a C function).
    func definitionPosition(of index: Int32) -> String {
        lua_pushvalue(L, index)
        return definitionPosition()
    }

    /// "file:line: " where the Lua function on top of the stack is defined (popped).
    func definitionPosition() -> String {
        var ar = lua_Debug()
        guard lua_getinfo(L, ">S", &ar) != 0, ar.linedefined > 0 else { return "" }
        let source = withUnsafeBytes(of: ar.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(source):\(ar.linedefined): "
    }

    /// A protocol's table property: the table goes into the object's fields (collected
    /// with it); the model gets a bridge to it, or nil.
    func setDelegateTable(_ c: PropertyContext, _ i: Int32, field: String = "delegate") throws -> LuaBridge? {
        try setField(c, i, field, table: true)
        return c.L.isNoneOrNil(i) ? nil : LuaBridge(self, object: c.object, .field(field))
    }

    /// A delegate table's keys against UIKit's protocol (UIKitSurface+Delegates.swift): a
    /// member Nestbox never calls is refused; while linting, a near miss of one it calls
    /// is L12.
    private func checkDelegateKeys(_ c: PropertyContext, _ i: Int32, field: String) throws {
        guard let typeID = BindingTables.typeID(of: c.object, in: Self.tables.typeIndex),
              let proto = UIKitSurface.bindingChain(typeID).lazy.compactMap({ LuaTypes.all[$0].delegates.first { $0.field == field } }).first
        else { return }
        // A method Nestbox calls must be a function: another value would never be called.
        for m in proto.methods {
            let kind = c.L.rawField(i, m.name)
            c.L.pop()
            if kind != LUA_TNIL && kind != LUA_TFUNCTION {
                throw LuaFailure.message("\(field) key '\(m.name)' must be a function (got \(String(cString: lua_typename(c.L, kind))))")
            }
        }
        guard let cls = UIKitCatalogue.entry("UI" + proto.name), cls.isProtocol else { return }
        if let problem = UIKitSurface.unmodelledDelegateKey(c.L, i, uikit: cls.name) { throw LuaFailure.message("\(field) \(problem)") }
        guard simulation.linter != nil else { return }
        for (key, near) in UIKitSurface.delegateTypos(c.L, i, proto) where firstAtPlace(key) {
            simulation.lint(c.object, "`\(key)` in the \(field) table of \(c.object.objectDescription) is not a method of \(proto.name): did you mean `\(near)`?",
                            rule: .fieldTypo)
        }
    }

    /// Pushes the object's table in `field` (or nil).
    func pushDelegateTable(_ c: PropertyContext, field: String = "delegate") { pushField(c, field) }

    /// Pushes the value in the object's own field `field` (nil when it has none).
    func pushField(_ c: PropertyContext, _ field: String) {
        if lua_getiuservalue(c.L, c.ud, 1) == LUA_TTABLE {
            c.L.rawField(-1, field)
            lua_rotate(c.L, -2, 1)      // the value below the fields
            c.L.pop()
        } else {
            c.L.pop()
            c.L.pushNil()
        }
    }

    /// Stores the value at `i` in the object's own field `field` (a table or nil when
    /// `table`): script state, so the object anchors its userdata while it is owned.
    func setField(_ c: PropertyContext, _ i: Int32, _ field: String, table: Bool) throws {
        if table, !(c.L.isNoneOrNil(i) || c.L.type(i) == LUA_TTABLE) {
            throw LuaFailure.typeError(i, expected: "table", got: c.L.typeName(at: i))
        }
        if table, c.L.type(i) == LUA_TTABLE { try checkDelegateKeys(c, i, field: field) }
        if lua_getiuservalue(c.L, c.ud, 1) != LUA_TTABLE {
            c.L.pop(); c.L.newTable(); lua_pushvalue(c.L, -1); lua_setiuservalue(c.L, c.ud, 1)
        }
        lua_pushvalue(c.L, i)
        c.L.setRawField(-2, field)
        c.L.pop()
        fieldChanged(c.object, valueType: LUA_TTABLE, ud: c.ud)
    }
}
