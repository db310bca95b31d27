import CLua
import CLuaShim
import Containment

/// One bound Swift type, shaped like a `liolib.c` library: methods, properties, and
/// how a script constructs one. Subtypes name their parent and inherit both tables.
struct LuaBinding {
    let name: String
    let tag: UInt32
    let parent: String?
    let methods: [LuaMethod]
    let properties: [LuaProperty]
    /// Creates an instance for `Class{...}`: (runtime, class name, trace name).
    let make: ((LuaRuntime, String, String?) -> SimObject)?
}

struct LuaMethod {
    let name: String
    let body: (Args) throws -> Int32
    init(_ name: String, _ body: @escaping (Args) throws -> Int32) { self.name = name; self.body = body }
}

/// What a property accessor gets: the state, the runtime and the receiver.
struct PropertyContext {
    let L: LuaState
    // Borrowed, not retained (a hot path: README.md, Development, Performance): the
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

struct LuaProperty {
    let name: String
    let get: (PropertyContext) throws -> Int32
    /// Receives the index of the new value; nil = read-only.
    let set: ((PropertyContext, Int32) throws -> Void)?
    init(_ name: String, get: @escaping (PropertyContext) throws -> Int32,
         set: ((PropertyContext, Int32) throws -> Void)? = nil) {
        self.name = name; self.get = get; self.set = set
    }
}

/// Kind bits stored in each userdata (nb_object.tag) for O(1) is-a checks.
enum Tag {
    static let viewController: UInt32 = 1 << 0
    static let view: UInt32 = 1 << 1
    static let label: UInt32 = 1 << 2 | view
    static let button: UInt32 = 1 << 3 | view
    static let window: UInt32 = 1 << 4 | view
    static let screen: UInt32 = 1 << 5
    static let other: UInt32 = 1 << 6
    static let gesture: UInt32 = 1 << 7
    static let scrollView: UInt32 = 1 << 8 | view
}

/// The flattened tables the C trampolines index into: every method and property of
/// every binding gets a stable integer id, so no Swift String is built per call.
struct BindingTables {
    var methods: [LuaMethod] = []
    var properties: [LuaProperty] = []
    /// Per binding: (method name, id) and (property name, id), parents' first.
    var methodIDs: [[(String, Int)]] = []
    var propertyIDs: [[(String, Int)]] = []
    var index: [String: Int] = [:]
    /// The `ui.*` functions: (name, id).
    var functionIDs: [(String, Int)] = []

    init(_ bindings: [LuaBinding], functions: [LuaMethod]) {
        for (i, b) in bindings.enumerated() {
            index[b.name] = i
            var ms = b.parent.flatMap { index[$0] }.map { methodIDs[$0] } ?? []
            for m in b.methods {
                methods.append(m)
                let id = methods.count - 1
                if let j = ms.firstIndex(where: { $0.0 == m.name }) { ms[j] = (m.name, id) } else { ms.append((m.name, id)) }
            }
            var ps = b.parent.flatMap { index[$0] }.map { propertyIDs[$0] } ?? []
            for p in b.properties {
                properties.append(p)
                let id = properties.count - 1
                if let j = ps.firstIndex(where: { $0.0 == p.name }) { ps[j] = (p.name, id) } else { ps.append((p.name, id)) }
            }
            methodIDs.append(ms)
            propertyIDs.append(ps)
        }
        for f in functions {
            methods.append(f)
            functionIDs.append((f.name, methods.count - 1))
        }
    }
}

/// Every bound type's names, for tests that call each binding with bad input
/// (generated from the registry, so new bindings are covered).
package struct BindingSurface {
    package let type: String
    package let methods: [String]
    package let properties: [String]
    package let constructible: Bool

    package static var all: [BindingSurface] {
        let t = LuaRuntime.tables
        return LuaTypes.all.enumerated().map { i, b in
            BindingSurface(type: b.name, methods: t.methodIDs[i].map(\.0), properties: t.propertyIDs[i].map(\.0),
                           constructible: b.make != nil)
        }
    }

    package static var functions: [String] {
        LuaRuntime.tables.functionIDs.map(\.0).filter { !$0.hasPrefix("__") && !$0.hasPrefix("_") }
    }
}
