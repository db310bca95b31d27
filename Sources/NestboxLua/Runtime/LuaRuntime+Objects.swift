import CLua
import Foundation
import CLuaShim
import Containment

/// What objects hold to reach the runtime: a small object with no weak references
/// (so retaining it stays on Swift's fast refcount path) that forwards to the runtime
/// while it is open. Objects can outlive the runtime; then it does nothing.
final class LuaHost: ObjectHost {
    unowned(unsafe) let runtime: LuaRuntime
    var isOpen = true

    init(runtime: LuaRuntime) { self.runtime = runtime }

    func run(_ hook: Hook, on object: SimObject) {
        if isOpen { runtime.runHook(hook, on: object) }
    }

    func loadView(for controller: ViewController) -> Bool {
        isOpen && runtime.runLoadView(controller)
    }

    func ownershipChanged(of object: SimObject, owned: Bool) {
        if isOpen { runtime.ownershipChanged(of: object, owned: owned) }
    }

    func fireTimer(_ ref: Int32) {
        if isOpen { runtime.fireTimer(ref) }
    }

    func size(forChild child: ViewController, of parent: ViewController, parentSize: Size) -> Size? {
        isOpen ? runtime.runSizeForChild(child, of: parent, parentSize: parentSize) : nil
    }
}

/// Bits of `SimObject.hostCache`: which hooks exist (by Hook.ordinal, loadView last),
/// whether the object carries Lua state, whether its userdata is anchored, and the
/// class generation the hook bits were computed for (high 32 bits).
enum HostBits {
    static let loadView: UInt64 = 1 << UInt64(Hook.names.count)
    static let sizeForChild: UInt64 = 1 << UInt64(Hook.names.count + 1)
    static let luaState: UInt64 = 1 << 28
    static let anchored: UInt64 = 1 << 29
    static let maskValid: UInt64 = 1 << 30
    static let hookNames = Hook.names + ["loadView", "sizeForChildContentContainer"]
}

/// Identity and lifetime across the boundary. One userdata per Swift object (a
/// weak-valued table keeps identity, so `vc.parent == menu` holds). The userdata
/// retains its object. An object that carries Lua state (fields, inline hooks, a Lua
/// class) and that the simulated world owns (a parent, a superview, the window)
/// anchors its userdata, so that state lives exactly as long as the object is in use;
/// dropped and unowned, it is collected.
extension LuaRuntime {
    /// Pushes the userdata of `obj` (nil for nil), creating it on first use.
    func push(_ obj: SimObject?) {
        guard let obj else { L.pushNil(); return }
        if pushExisting(obj) { return }
        pushNew(obj, typeID: LuaTypes.typeID(of: obj), classIndex: nil, scripted: false)
    }

    /// Pushes the existing userdata, or nothing (returns false).
    func pushExisting(_ obj: SimObject) -> Bool {
        lua_rawgeti(L, nb_registryindex(), lua_Integer(objectsRef))
        if lua_rawgetp(L, -1, Unmanaged.passUnretained(obj).toOpaque()) == LUA_TUSERDATA {
            lua_rotate(L, -2, 1)
            L.pop()
            return true
        }
        L.pop(2)
        return false
    }

    /// Makes the userdata; `classIndex` is the stack slot of its class table.
    func pushNew(_ obj: SimObject, typeID: Int, classIndex: Int32?, scripted: Bool) {
        let classIndex = classIndex.map { lua_absindex(L, $0) }
        let binding = LuaTypes.all[typeID]
        let ptr = Unmanaged.passRetained(obj).toOpaque()
        _ = nb_newobject(L, binding.tag, ptr)
        let ud = L.top
        lua_rawgeti(L, nb_registryindex(), lua_Integer(metatableRefs[typeID]))
        lua_setmetatable(L, ud)
        if let classIndex {
            lua_pushvalue(L, classIndex)
        } else {
            lua_rawgeti(L, nb_registryindex(), lua_Integer(classRefs[typeID]))
        }
        lua_setiuservalue(L, ud, 2)
        lua_rawgeti(L, nb_registryindex(), lua_Integer(objectsRef))
        lua_pushvalue(L, ud)
        lua_rawsetp(L, -2, ptr)
        L.pop()
        obj.host = host
        obj.hostCache = scripted ? HostBits.luaState : 0
        if scripted && obj.isOwned { setAnchor(obj, ud: ud) }
    }

    func setAnchor(_ obj: SimObject, ud: Int32?) {
        let ptr = Unmanaged.passUnretained(obj).toOpaque()
        lua_rawgeti(L, nb_registryindex(), lua_Integer(anchorsRef))
        if let ud { lua_pushvalue(L, ud) } else { L.pushNil() }
        lua_rawsetp(L, -2, ptr)
        L.pop()
        if ud != nil { obj.hostCache |= HostBits.anchored } else { obj.hostCache &= ~HostBits.anchored }
    }

    func ownershipChanged(of object: SimObject, owned: Bool) {
        guard !closing else { return }
        let cache = object.hostCache
        if owned {
            guard cache & HostBits.luaState != 0, cache & HostBits.anchored == 0 else { return }
            let top = L.top
            defer { L.settop(top) }
            if pushExisting(object) { setAnchor(object, ud: L.top) }
        } else if cache & HostBits.anchored != 0 {
            setAnchor(object, ud: nil)
        }
    }

    /// A plain field was set on an object (its userdata is at stack index 1).
    func fieldChanged(_ obj: SimObject, valueType: Int32) {
        var cache = obj.hostCache | HostBits.luaState
        if valueType == LUA_TFUNCTION || valueType == LUA_TNIL { cache &= ~HostBits.maskValid }
        obj.hostCache = cache
        if cache & HostBits.anchored == 0, obj.isOwned, nb_toobject(L, 1) != nil { setAnchor(obj, ud: 1) }
    }

    // MARK: - Hooks

    /// The object's hook bits, recomputed when its fields or any class changed.
    func hookMask(_ object: SimObject) -> UInt64 {
        let cache = object.hostCache
        if cache & HostBits.maskValid != 0, UInt32(truncatingIfNeeded: cache >> 32) == classGeneration {
            return cache
        }
        var mask: UInt64 = 0
        let top = L.top
        if pushExisting(object) {
            let ud = L.top
            for (i, name) in HostBits.hookNames.enumerated() where pushHook(ud, name) {
                mask |= 1 << UInt64(i)
                L.pop()
            }
        }
        L.settop(top)
        let keep = cache & (HostBits.luaState | HostBits.anchored)
        let fresh = keep | mask | HostBits.maskValid | (UInt64(classGeneration) << 32)
        object.hostCache = fresh
        return fresh
    }

    func runHook(_ hook: Hook, on object: SimObject) {
        switch hook {
        case .controlEvent(let event): runControlActions(object, event); return
        case .gestureAction: runFieldFunction(object, "action", hook: "action"); return
        case .didScroll:
            runDelegate(object, "didScroll")
        default: break
        }
        guard !closing, hookMask(object) & (1 << UInt64(hook.ordinal)) != 0 else { return }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(object) else { return }
        let ud = L.top
        guard pushHook(ud, hook.name) else { return }
        lua_pushvalue(L, ud)
        var nargs: Int32 = 1
        switch hook {
        case .viewWillAppear(let a), .viewIsAppearing(let a), .viewDidAppear(let a),
             .viewWillDisappear(let a), .viewDidDisappear(let a):
            L.push(a); nargs += 1
        case .willMove(let p), .didMove(let p):
            push(p); nargs += 1
        case .viewWillTransition(let size, let coordinator):
            push(size); push(coordinator); nargs += 2
        case .traitCollectionDidChange(let previous):
            push(previous); nargs += 1
        default:
            break
        }
        callHook(nargs: nargs, object: object, hook: hook.name)
    }

    /// `sizeForChildContentContainer(child, parentSize)` defined by the script: its
    /// `{width, height}` answer, or nil to use UIKit's default.
    func runSizeForChild(_ child: ViewController, of parent: ViewController, parentSize: Size) -> Size? {
        guard !closing, hookMask(parent) & HostBits.sizeForChild != 0 else { return nil }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(parent) else { return nil }
        let ud = L.top
        guard pushHook(ud, "sizeForChildContentContainer") else { return nil }
        lua_pushvalue(L, ud)
        push(child)
        push(parentSize)
        let base = L.top - 4
        if nb_pcall(L, 3, 1) != LUA_OK {
            let text = L.string(at: -1) ?? "(error object is not a string)"
            L.pop()
            reportHookError(object: parent, hook: "sizeForChildContentContainer", text: text)
            return nil
        }
        defer { checkBalance(base + 1, after: "sizeForChildContentContainer") }
        guard let v = try? Args(L: L, rt: self).fields(-1, positional: ["width", "height"], "size") else { return nil }
        return Size(width: v[0], height: v[1])
    }

    /// A button's targets for one control event: `__targets[event]`, a list of functions
    /// in the button's own fields, each called with (button, event).
    func runControlActions(_ object: SimObject, _ event: String) {
        guard !closing else { return }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(object), lua_getiuservalue(L, -1, 1) == LUA_TTABLE,
              L.rawField(-1, "__targets") == LUA_TTABLE, L.rawField(-1, event) == LUA_TTABLE else { return }
        let list = L.top
        let ud = top + 1
        let n = lua_rawlen(L, list)
        for i in 0..<Int(n) {
            lua_rawgeti(L, list, lua_Integer(i + 1))
            guard L.type(-1) == LUA_TFUNCTION else { L.pop(); continue }
            lua_pushvalue(L, ud)
            L.push(event)
            callHook(nargs: 2, object: object, hook: event)
        }
    }

    /// Calls the function in the object's field `field` with the object (a gesture
    /// recognizer's `action`).
    func runFieldFunction(_ object: SimObject, _ field: String, hook: String) {
        guard !closing else { return }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(object), lua_getiuservalue(L, -1, 1) == LUA_TTABLE,
              L.rawField(-1, field) == LUA_TFUNCTION else { return }
        lua_pushvalue(L, top + 1)
        callHook(nargs: 1, object: object, hook: hook)
    }

    /// Calls `delegate[method](object)` where `delegate` is a table in the object's fields.
    func runDelegate(_ object: SimObject, _ method: String) {
        guard !closing else { return }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(object), lua_getiuservalue(L, -1, 1) == LUA_TTABLE,
              L.rawField(-1, "delegate") == LUA_TTABLE, L.rawField(-1, method) == LUA_TFUNCTION else { return }
        lua_pushvalue(L, top + 1)
        callHook(nargs: 1, object: object, hook: "delegate.\(method)")
    }

    func runLoadView(_ controller: ViewController) -> Bool {
        guard !closing, hookMask(controller) & HostBits.loadView != 0 else { return false }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(controller) else { return false }
        let ud = L.top
        guard pushHook(ud, "loadView") else { return false }
        lua_pushvalue(L, ud)
        callHook(nargs: 1, object: controller, hook: "loadView")
        return true
    }

    /// Finds a hook: the object's own fields, then its Lua classes up to the bound
    /// class (raw reads only: looking a hook up runs no script code). Pushes it.
    func pushHook(_ ud: Int32, _ name: String) -> Bool {
        if lua_getiuservalue(L, ud, 1) == LUA_TTABLE {
            if L.rawField(-1, name) == LUA_TFUNCTION { lua_rotate(L, -2, 1); L.pop(); return true }
            L.pop()
        }
        L.pop()
        lua_getiuservalue(L, ud, 2)
        var depth = 0
        while L.type(-1) == LUA_TTABLE, depth < 64 {
            depth += 1
            guard lua_getmetatable(L, -1) != 0 else { break }
            if L.rawField(-1, "__bound") == LUA_TBOOLEAN { L.pop(2); break }
            L.pop()
            if L.rawField(-2, name) == LUA_TFUNCTION {
                lua_rotate(L, -3, 1)
                L.pop(2)
                return true
            }
            L.pop()
            L.rawField(-1, "__index")   // the parent class
            lua_rotate(L, -3, 1)
            L.pop(2)
        }
        L.pop()
        return false
    }

    func callHook(nargs: Int32, object: SimObject, hook: String) {
        let base = L.top - nargs - 1     // where the stack must be once the call is done
        if nb_pcall(L, nargs, 0) != LUA_OK {
            let text = L.string(at: -1) ?? "(error object is not a string)"
            L.pop()
            reportHookError(object: object, hook: hook, text: text)
        }
        checkBalance(base, after: hook)
    }

    /// A Swift→Lua call must leave the stack as it found it; a host bug otherwise,
    /// reported (never trapped) and repaired.
    func checkBalance(_ expected: Int32, after what: String) {
        guard L.top != expected else { return }
        simulation.trace.record(.error, "nestbox", what,
                                message: "Nestbox: Lua stack unbalanced after \(what) (\(L.top - expected) slots)")
        L.settop(expected)
    }

    /// Calls a Lua function stored at `index` with the values pushed by `args`;
    /// errors become `error` events like hooks'.
    func callFunction(at index: Int32, object: SimObject, what: String, args: () -> Int32) {
        let top = L.top
        defer { L.settop(top) }
        lua_pushvalue(L, index)
        let n = args()
        callHook(nargs: n, object: object, hook: what)
    }
}

// MARK: - For tests

extension LuaRuntime {
    /// The Swift object behind a global variable (raw read: runs no script code).
    package func object(global name: String) -> SimObject? {
        let top = L.top
        defer { L.settop(top) }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        L.rawField(-1, name)
        guard let o = nb_toobject(L, -1), let p = o.pointee.object else { return nil }
        return Unmanaged<SimObject>.fromOpaque(p).takeUnretainedValue()
    }

    /// A full garbage collection (finalizers release Swift objects).
    package func collectGarbage() {
        nb_gc_collect(L)
        nb_gc_collect(L)
    }

    /// Values left on the Lua stack (must be 0 between calls).
    package var stackDepth: Int32 { L.top }
}

// MARK: - Benchmarks

extension LuaRuntime {
    /// Installs `baseline`: the same operations written by hand on Lua's C API (a C
    /// no-op function, a userdata with a C __index property and a C method).
    package func installBaseline() {
        nb_pushbaseline(L)
        lua_setglobal(L, "baseline")
    }

    /// Loads `source`, runs it once and returns the seconds it took (nil on error,
    /// with the message in `error`).
    package func time(_ source: String, error: inout String?) -> Double? {
        let top = L.top
        defer { L.settop(top) }
        let status = source.withCString { nb_loadbuffer(L, $0, strlen($0), "=bench") }
        guard status == LUA_OK else { error = L.string(at: -1); return nil }
        let start = ContinuousClock.now
        let ok = nb_pcall(L, 0, 0) == LUA_OK
        let elapsed = ContinuousClock.now - start
        guard ok else { error = L.string(at: -1); return nil }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
