import CLua
import CLuaShim
import Containment

/// One bound Swift type, shaped like a `liolib.c` library: methods, properties, hooks,
/// and how a script constructs one (docs/extending.md). Its type ID is its position in
/// `LuaTypes.all`; its parent is the nearest superclass of `type` bound before it, so
/// the Lua hierarchy cannot disagree with Swift's. A child inherits its parent's
/// methods, properties and hooks.
struct LuaBinding {
    let name: String
    let type: SimObject.Type
    let doc: StaticString
    let methods: [LuaMethod]
    let properties: [LuaProperty]
    /// Functions a script may define on a class or an instance, which the host calls.
    let hooks: [LuaHook]
    /// Tables of functions a script hands over (delegates, data sources) and the
    /// property that takes each.
    let delegates: [LuaProtocol]
    /// Creates an instance for `Class{...}`: (runtime, class name, trace name).
    let make: ((LuaRuntime, String, String?) -> SimObject)?
    /// False for a type whose instances UIKit makes and a script cannot subclass (a
    /// sheet's presentation controller, Q81): an override set on one would never be
    /// called, so its methods are refused as fields.
    var takesOverrides = true

    init(_ name: String, _ type: SimObject.Type, doc: StaticString, methods: [LuaMethod] = [],
         properties: [LuaProperty] = [], hooks: [LuaHook] = [], delegates: [LuaProtocol] = [],
         make: ((LuaRuntime, String, String?) -> SimObject)? = nil) {
        self.name = name; self.type = type; self.doc = doc; self.methods = methods; self.properties = properties
        self.hooks = hooks; self.delegates = delegates; self.make = make
    }
}

/// A function scripts call. `signature` is its arguments and result in LuaLS spelling,
/// the receiver left out: `"(view: View, index: number?) -> boolean"`. Signature and
/// doc are StaticStrings so copying a method on the call path retains nothing.
struct LuaMethod {
    let name: String
    let signature: StaticString
    let doc: StaticString
    let body: (Args) throws -> Int32
    /// Whether a script's subclass may override it (docs/api-conventions.md,
    /// Overrides): the model either never calls it or asks the subclass when it does
    /// (an `Override` case).
    let overridable: Bool
    init(_ name: String, _ signature: StaticString, overridable: Bool = false, doc: StaticString,
         _ body: @escaping (Args) throws -> Int32) {
        self.name = name; self.signature = signature; self.doc = doc; self.body = body; self.overridable = overridable
    }
}

extension SimObject {
    /// Whether a call of the bound method named after `hook` is that hook's super call:
    /// the hook is running on this object (`ui.ViewController.viewWillAppear(self,
    /// animated)` from `viewWillAppear`, Swift's `super.viewWillAppear(animated)`).
    /// UIKit's part ran before the hook, so the call does nothing more (policy Q76).
    /// Each such method asks first (`HookSuperCallTests` calls every one).
    @inline(__always)
    func isSuperCall(of hook: Override) -> Bool { overriding == hook }
}

/// What a property accessor gets: the state, the runtime and the receiver.
struct PropertyContext {
    let L: LuaState
    // Borrowed, not retained (a hot path: docs/performance.md): the
    // runtime runs the call, and the object's userdata sits on the Lua stack (at `ud`)
    // until the call returns, and the userdata retains the object.
    unowned(unsafe) let rt: LuaRuntime
    unowned(unsafe) let object: SimObject
    /// Where the object's userdata is: 1 in __index/__newindex, 3 in a constructor.
    var ud: Int32 = 1
    var args: Args { Args(L: L, rt: rt) }

    /// The receiver as the binding's type. A property table belongs to one metatable,
    /// and only objects of that type (or a subclass) get it, so release builds skip the
    /// dynamic cast; debug builds check it.
    @inline(__always)
    func receiver<T: SimObject>(_ type: T.Type) throws -> T {
        #if DEBUG
        guard let r = object as? T else { throw LuaFailure.message("\(T.self) expected, got \(object.className)") }
        return r
        #else
        return unsafeDowncast(object, to: T.self)
        #endif
    }
}

/// A property: its LuaLS type (`"Rect"`, `"string?"`), its doc, and its accessors;
/// no setter makes it read-only.
struct LuaProperty {
    let name: String
    let type: StaticString
    let doc: StaticString
    let get: (PropertyContext) throws -> Int32
    /// Receives the index of the new value; nil = read-only.
    let set: ((PropertyContext, Int32) throws -> Void)?
    init(_ name: String, _ type: StaticString, doc: StaticString, get: @escaping (PropertyContext) throws -> Int32,
         set: ((PropertyContext, Int32) throws -> Void)? = nil) {
        self.name = name; self.type = type; self.doc = doc; self.get = get; self.set = set
    }
}

extension LuaProperty {
    /// `old`, a spelling of `current` from before docs/api-conventions.md (UIKit's
    /// Objective-C getter where Swift's is `is…`): the same accessors, and under
    /// linting a finding (L15) naming `current`, once per place in the script.
    static func formerName(_ old: String, of current: LuaProperty, doc: StaticString) -> LuaProperty {
        let get = current.get, set = current.set, name = current.name
        func lint(_ c: PropertyContext) {
            guard c.rt.simulation.linter != nil, c.rt.firstAtPlace(old) else { return }
            c.rt.simulation.lint(c.object, "`\(old)` is the Objective-C spelling of `\(name)`, which Nestbox uses (docs/api-conventions.md)",
                                 rule: .formerName)
        }
        return LuaProperty(old, current.type, doc: doc,
                           get: { c in lint(c); return try get(c) },
                           set: set.map { set in { c, i in lint(c); try set(c, i) } })
    }
}

/// A function the script supplies and the host calls (a hook, a delegate method, an
/// animator's method): documentation only, the call is made where it is declared.
struct LuaHook {
    let name: String
    let signature: StaticString
    let doc: StaticString
    init(_ name: String, _ signature: StaticString, doc: StaticString) {
        self.name = name; self.signature = signature; self.doc = doc
    }
    /// An override: its name is the table's (`Override`), never written again.
    init(_ override: Override, _ signature: StaticString, doc: StaticString) {
        self.init(override.name, signature, doc: doc)
    }
}

/// A table of functions a script hands to the host (a delegate, a data source, an
/// animator), with the functions the host looks up in it.
struct LuaProtocol {
    let name: String
    /// The property or plain field of the bound object that holds the table ("" for
    /// one that is passed as an argument, as an animator is).
    let field: String
    let doc: StaticString
    let methods: [LuaHook]
}

/// A table of functions: `ui`, `ui.trace`, the globals (`_G`), or the metamethods
/// setup installs by name (`""`, never a table). `internal` ones are for the prelude
/// and setup, left out of the API reference.
struct LuaNamespace {
    let path: String
    let doc: StaticString
    let functions: [LuaMethod]
    var isInternal = false
}

/// The flattened tables the C trampolines index into: every method and property of
/// every binding gets a stable integer id, so no Swift String is built per call.
struct BindingTables {
    var methods: [LuaMethod] = []
    var properties: [LuaProperty] = []
    /// Per binding: (method name, id) and (property name, id), parents' first.
    var methodIDs: [[(String, Int)]] = []
    var propertyIDs: [[(String, Int)]] = []
    /// Per binding: its parent's type ID, and its is-a bits (its own bit and its
    /// parent's tag), stored in each userdata for O(1) checks.
    var parents: [Int?] = []
    var tags: [UInt32] = []
    /// Per namespace: (function name, id).
    var functionIDs: [[(String, Int)]] = []
    /// Type ID by the ObjectIdentifier of the bound Swift class.
    var typeIndex = TypeIndex()
    /// What is wrong with the registry (setup refuses to start when not empty).
    var problems: [String] = []

    init(_ bindings: [LuaBinding], namespaces: [LuaNamespace]) {
        if bindings.count > UInt32.bitWidth {
            problems.append("\(bindings.count) bound types, but a tag has \(UInt32.bitWidth) bits")
        }
        // Sized once: grown one element at a time, these were copied at every doubling.
        let types = bindings.map(\.type)
        methods.reserveCapacity(bindings.reduce(0) { $0 + $1.methods.count } + namespaces.reduce(0) { $0 + $1.functions.count })
        properties.reserveCapacity(bindings.reduce(0) { $0 + $1.properties.count })
        for (i, b) in bindings.enumerated() {
            if let j = typeIndex[ObjectIdentifier(b.type)] {
                problems.append("\(b.name) binds \(b.type), which \(bindings[j].name) binds already")
            }
            typeIndex.append(ObjectIdentifier(b.type))
            let parent = Self.superclass(of: b.type, in: typeIndex)
            for k in (i + 1)..<types.count where Self.isSubclass(b.type, of: types[k]) {
                problems.append("\(b.name) comes before its parent \(bindings[k].name) in LuaTypes.all (at \(i + 1) and \(k + 1))")
            }
            parents.append(parent)
            let bit: UInt32 = i < UInt32.bitWidth ? 1 << UInt32(i) : 0
            tags.append(bit | (parent.map { tags[$0] } ?? 0))
            var ms = parent.map { methodIDs[$0] } ?? []
            for m in b.methods {
                methods.append(m)
                let id = methods.count - 1
                if let j = Self.index(of: m.name, in: ms) { ms[j] = (m.name, id) } else { ms.append((m.name, id)) }
            }
            var ps = parent.map { propertyIDs[$0] } ?? []
            for p in b.properties {
                properties.append(p)
                let id = properties.count - 1
                if let j = Self.index(of: p.name, in: ps) { ps[j] = (p.name, id) } else { ps.append((p.name, id)) }
            }
            methodIDs.append(ms)
            propertyIDs.append(ps)
        }
        for n in namespaces {
            var ids: [(String, Int)] = []
            for f in n.functions {
                methods.append(f)
                ids.append((f.name, methods.count - 1))
            }
            functionIDs.append(ids)
        }
    }

    /// Where `name` is among a parent's members (an override), comparing lengths first:
    /// most names are new, and a full String comparison of two different names cost
    /// more than the rest of the registry's setup (docs/performance.md).
    static func index(of name: String, in members: [(String, Int)]) -> Int? {
        let count = name.utf8.count
        return members.firstIndex { $0.0.utf8.count == count && $0.0 == name }
    }

    /// The type ID of the nearest bound superclass of `type` (itself excluded).
    static func superclass(of type: SimObject.Type, in index: TypeIndex) -> Int? {
        var c: AnyClass? = _getSuperclass(type)
        while let k = c {
            if let id = index[ObjectIdentifier(k)] { return id }
            c = _getSuperclass(k)
        }
        return nil
    }

    static func isSubclass(_ type: AnyClass, of other: AnyClass) -> Bool {
        var c: AnyClass? = _getSuperclass(type)
        while let k = c {
            if k == other { return true }
            c = _getSuperclass(k)
        }
        return false
    }

    /// The most specific binding for an object made in Swift: its class's, or its
    /// nearest bound superclass's; nil for a class no binding covers.
    static func typeID(of obj: SimObject, in index: TypeIndex) -> Int? {
        var c: AnyClass? = Swift.type(of: obj)
        while let k = c {
            if let id = index[ObjectIdentifier(k)] { return id }
            c = _getSuperclass(k)
        }
        return nil
    }
}

/// Type IDs by bound class, in registry order: a list of a few dozen searched in
/// order, not a Dictionary, whose first use at start-up instantiated its metadata and
/// scanned every conformance record in the binary for `ObjectIdentifier: Hashable`
/// (docs/performance.md). A class bound twice keeps its first ID (and the runtime refuses to start).
struct TypeIndex {
    private var classes: [ObjectIdentifier] = []
    mutating func append(_ id: ObjectIdentifier) { classes.append(id) }
    subscript(_ id: ObjectIdentifier) -> Int? { classes.firstIndex(of: id) }
}
