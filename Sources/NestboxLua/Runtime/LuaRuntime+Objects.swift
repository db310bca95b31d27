import CLua
import CLuaShim
import Containment

/// Identity and lifetime across the boundary. One userdata per Swift object (a
/// weak-valued table keeps identity, so `vc.parent == menu` holds). The userdata
/// retains its object; an object the simulated world owns (a parent, a superview,
/// the window) anchors its userdata, so its Lua fields and hooks live as long as it
/// does, and a dropped, unowned one is collected.
extension LuaRuntime: ObjectHost {
    /// Pushes the userdata of `obj` (nil for nil), creating it on first use.
    func push(_ obj: SimObject?) {
        guard let obj else { L.pushNil(); return }
        if pushExisting(obj) { return }
        pushNew(obj, typeID: LuaTypes.typeID(of: obj), classIndex: nil)
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

    /// Makes the userdata; `classIndex` is the stack slot of its Lua class table.
    func pushNew(_ obj: SimObject, typeID: Int, classIndex: Int32?) {
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
        obj.host = self
        if obj.isOwned { setAnchor(obj, ud: ud) }
    }

    func setAnchor(_ obj: SimObject, ud: Int32?) {
        let ptr = Unmanaged.passUnretained(obj).toOpaque()
        lua_rawgeti(L, nb_registryindex(), lua_Integer(anchorsRef))
        if let ud { lua_pushvalue(L, ud) } else { L.pushNil() }
        lua_rawsetp(L, -2, ptr)
        L.pop()
    }

    public func ownershipChanged(of object: SimObject, owned: Bool) {
        guard !closing else { return }
        let top = L.top
        defer { L.settop(top) }
        if owned {
            if pushExisting(object) { setAnchor(object, ud: L.top) }
        } else {
            setAnchor(object, ud: nil)
        }
    }

    // MARK: - Hooks

    public func run(_ hook: Hook, on object: SimObject) {
        guard !closing else { return }
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
        default:
            break
        }
        callHook(nargs: nargs, object: object, hook: hook.name)
    }

    public func loadView(for controller: ViewController) -> Bool {
        guard !closing else { return false }
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
        if nb_pcall(L, nargs, 0) != LUA_OK {
            let text = L.string(at: -1) ?? "(error object is not a string)"
            L.pop()
            reportHookError(object: object, hook: hook, text: text)
        }
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
