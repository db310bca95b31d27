import CLua
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
import CLuaShim
import Containment

/// What objects hold to reach the runtime: a small object with no weak references
/// (so retaining it stays on Swift's fast refcount path) that forwards to the runtime
/// while it is open. Objects can outlive the runtime; then it does nothing.
final class LuaHost: ObjectHost {
    /// Unowned: read only while `isOpen`, which the runtime clears first thing in its
    /// deinit; no script can collect the runtime.
    unowned(unsafe) let runtime: LuaRuntime
    /// The runtime's C state, which it frees after clearing `isOpen`: read, as the
    /// runtime is, only while open.
    let state: UnsafeMutablePointer<nb_state>
    /// Each hook's name as a registry ref, by `Override.ordinal` (LuaRuntime+Setup.swift).
    let nameRefs: UnsafeMutablePointer<Int32>
    var isOpen = true

    init(runtime: LuaRuntime) {
        self.runtime = runtime
        state = runtime.state
        // One per override whatever the runtime made: a missing ref reads nil, no hook.
        nameRefs = .allocate(capacity: Override.count)
        for i in 0..<Override.count {
            nameRefs[i] = i < runtime.hookNameRefs.count ? runtime.hookNameRefs[i] : LUA_NOREF
        }
    }

    deinit { nameRefs.deallocate() }

    /// A hook's call, the hot path: the answer the model read is current and says the
    /// script has the hook, and its argument is none, a bool or an object that already
    /// has a userdata; then everything else is one call into C (nb_run_hook) with what
    /// the C state keeps, and the runtime is not touched (a call on it from here counts
    /// its reference atomically, a tenth of a hook's cost: docs/performance.md). Any
    /// other call, and an error, goes to the runtime.
    func run(_ hook: Hook, _ override: Override, on object: SimObject) {
        guard isOpen else { return }
        let bit = HostCache.bit(override)
        guard object.hostCache & (bit | HostCache.valid) == bit | HostCache.valid,
              object.hostCacheGeneration == object.simulation.hostGeneration else {
            return runtime.runHook(hook, override, on: object)
        }
        var arg = Int32(NB_HOOK_ARG_NONE)
        var argSlot: UInt32 = 0
        var argPointer: UnsafeMutableRawPointer?
        switch hook {
        case .viewWillAppear(let a), .viewIsAppearing(let a), .viewDidAppear(let a),
             .viewWillDisappear(let a), .viewDidDisappear(let a):
            arg = Int32(a ? NB_HOOK_ARG_TRUE : NB_HOOK_ARG_FALSE)
        case .willMove(let p), .didMove(let p):
            arg = Int32(p == nil ? NB_HOOK_ARG_NIL : NB_HOOK_ARG_OBJECT)
            if let p {
                // A parent with no userdata yet: the runtime makes one as it pushes it.
                guard p.hostSlot != 0 else { return runtime.runHook(hook, override, on: object) }
                argSlot = p.hostSlot
                argPointer = Unmanaged.passUnretained(p).toOpaque()
            }
        case .viewWillTransition, .willTransitionToTraits, .traitCollectionDidChange, .preferredContentSizeDidChange:
            return runtime.runHook(hook, override, on: object)
        // No default: a new hook with arguments must not reach a script without them.
        case .viewDidLoad, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .viewSafeAreaInsetsDidChange,
             .didReceiveMemoryWarning, .layoutSubviews, .didMoveToSuperview, .didMoveToWindow,
             .safeAreaInsetsDidChange, .adjustedContentInsetDidChange:
            break
        }
        var handler: Int32 = 0
        // Two fields, not the whole state (a copy of it is some 300 bytes).
        let status = nb_run_hook(state.pointee.thread, state.pointee.objects_ref, object.hostSlot,
                                 Unmanaged.passUnretained(object).toOpaque(), nameRefs[override.ordinal], arg,
                                 argSlot, argPointer, &handler)
        if status == LUA_OK { return }
        if status == NB_HOOK_GENERAL { return runtime.runHook(hook, override, on: object) }
        runtime.hookFailed(status, handler: handler, override, on: object)
    }

    func loadView(for controller: ViewController) -> Bool {
        isOpen && runtime.runLoadView(controller)
    }

    func ownershipChanged(of object: SimObject, owned: Bool) {
        // Only an object with Lua state is anchored: the others (most) are answered
        // here, without a call on the runtime (see `run`).
        guard isOpen, object.hostCache & (HostBits.luaState | HostBits.anchored) != 0 else { return }
        runtime.ownershipChanged(of: object, owned: owned)
    }

    func fireTimer(_ ref: Int32) {
        if isOpen { runtime.fireTimer(ref) }
    }

    func size(forChild child: ViewController, of parent: ViewController, parentSize: Size) -> Size? {
        isOpen ? runtime.runSizeForChild(child, of: parent, parentSize: parentSize) : nil
    }

    func override(_ call: MethodCall, on object: SimObject) -> Bool {
        isOpen && runtime.runOverride(call, on: object)
    }

    func answer(_ question: Override, of controller: ViewController) -> ControllerAnswer? {
        isOpen ? runtime.runQuestion(question, of: controller) : nil
    }

    func raise(_ error: ContainmentError, from question: Override, of controller: ViewController) -> Bool {
        guard isOpen else { return false }
        runtime.raiseQuestionError(error, from: question, of: controller)
        return true
    }

    func hasOverride(_ override: Override, on object: SimObject) -> Bool {
        isOpen && runtime.hookMask(object) & HostCache.bit(override) != 0
    }

    func send(_ action: TargetAction, from sender: SimObject) {
        guard isOpen else { return }
        switch action {
        case .control(let event): runtime.runControlActions(sender, event.rawValue)
        case .action: runtime.runFieldFunction(sender, "action", hook: "action")
        }
    }
}

/// The binding's own bits of `SimObject.hostCache` (its layout: HostCache): whether the
/// object carries Lua state, and whether its userdata is anchored.
enum HostBits {
    static let luaState = HostCache.hostBit(0)
    static let anchored = HostCache.hostBit(1)
}

/// Identity and lifetime across the boundary. One userdata per Swift object (a
/// weak-valued table keeps identity, so `vc.parent == menu` holds; the object keeps
/// its userdata's index there, `hostSlot`, checked on every read: CLuaShim/Objects.c). The userdata
/// retains its object. An object that carries Lua state (fields, inline hooks, a Lua
/// class) and that the simulated world owns (a parent, a superview, the window)
/// anchors its userdata, so that state lives exactly as long as the object is in use;
/// dropped and unowned, it is collected.
extension LuaRuntime {
    /// Pushes the userdata of `obj` (nil for nil), creating it on first use.
    func push(_ obj: SimObject?) {
        guard let obj else { L.pushNil(); return }
        if pushExisting(obj) { return }
        // Every SimObject class the model makes has a bound superclass; one without
        // would have no metatable to give its userdata.
        guard let typeID = BindingTables.typeID(of: obj, in: typeIndex) else { L.pushNil(); return }
        pushNew(obj, typeID: typeID, classIndex: nil, scripted: false)
    }

    /// Pushes the existing userdata, or nothing (returns false).
    func pushExisting(_ obj: SimObject) -> Bool {
        nb_pushslot(L, objectsRef, obj.hostSlot, Unmanaged.passUnretained(obj).toOpaque(), 0) != 0
    }

    /// Makes the userdata; `classIndex` is the stack slot of its class table.
    func pushNew(_ obj: SimObject, typeID: Int, classIndex: Int32?, scripted: Bool) {
        let classIndex = classIndex.map { lua_absindex(L, $0) }
        let ptr = Unmanaged.passRetained(obj).toOpaque()
        let slot = nb_slot_take(L)
        _ = nb_newobject(L, tags[typeID], ptr, slot)
        let ud = L.top
        pushMetatable(typeID)
        lua_setmetatable(L, ud)
        if let classIndex {
            lua_pushvalue(L, classIndex)
        } else {
            lua_rawgeti(L, nb_registryindex(), lua_Integer(classRefs[typeID]))
        }
        lua_setiuservalue(L, ud, 2)
        lua_rawgeti(L, nb_registryindex(), lua_Integer(objectsRef))
        lua_pushvalue(L, ud)
        lua_rawseti(L, -2, lua_Integer(slot))
        L.pop()
        obj.hostSlot = slot
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

    /// A plain field was set on an object (its userdata at stack index `ud`).
    func fieldChanged(_ obj: SimObject, valueType: Int32, ud: Int32 = 1) {
        var cache = obj.hostCache | HostBits.luaState
        if valueType == LUA_TFUNCTION || valueType == LUA_TNIL { cache &= ~HostCache.valid }
        obj.hostCache = cache
        if cache & HostBits.anchored == 0, obj.isOwned, nb_toobject(L, ud) != nil { setAnchor(obj, ud: ud) }
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

    /// The model's invariants (`Simulation.checkInvariants`) over the window and every
    /// object the script holds a userdata of, detached ones included. Public: the fuzz
    /// package, a package of its own, runs it after each program.
    public func checkInvariants() -> [String] {
        simulation.checkInvariants(from: scriptObjects())
    }

    /// The objects behind the live userdata (raw reads: runs no script code), by name:
    /// the table's order follows slots, which depend on when the collector ran.
    func scriptObjects() -> [SimObject] {
        let top = L.top
        defer { L.settop(top) }
        var found: [SimObject] = []
        lua_rawgeti(L, nb_registryindex(), lua_Integer(objectsRef))
        L.pushNil()
        while lua_next(L, -2) != 0 {
            if let o = nb_toobject(L, -1), let p = o.pointee.object {
                found.append(Unmanaged<SimObject>.fromOpaque(p).takeUnretainedValue())
            }
            L.pop()
        }
        return found.sorted { $0.name < $1.name }
    }

    /// A type's tables as the trampolines see them, each entry `name=m<id>` (a method's
    /// closure) or `name=p<id>` (a property), sorted: the members `__index` probes, the
    /// properties `__newindex` sets, and the class's methods (nil for a type with no
    /// class). Raw reads: runs no script code.
    package func registeredTables(typeID: Int) -> (members: [String], properties: [String], classMethods: [String]?) {
        let top = L.top
        defer { L.settop(top) }
        func entries(_ t: Int32) -> [String] {
            var out: [String] = []
            L.pushNil()
            while lua_next(L, t) != 0 {
                let name = L.string(at: -2) ?? "?"
                if L.type(-2) != LUA_TSTRING {
                    // the private key of the type's refusals (nb_refusal): `unmodelled` lists them
                } else if L.type(-1) == LUA_TFUNCTION, lua_getupvalue(L, -1, 2) != nil {
                    out.append("\(name)=m\(lua_tointegerx(L, -1, nil))")
                    L.pop()
                } else {
                    out.append("\(name)=p\(lua_tointegerx(L, -1, nil))")
                }
                L.pop()
            }
            return out.sorted()
        }
        func upvalue1(of key: StaticString, in meta: Int32) -> [String] {
            L.rawField(meta, key)
            _ = lua_getupvalue(L, -1, 1)
            return entries(L.top)
        }
        pushMetatable(typeID)
        let meta = L.top
        // __newindex shares the member table; the properties are what it sets.
        let members = upvalue1(of: "__index", in: meta), properties = upvalue1(of: "__newindex", in: meta).filter { $0.contains("=p") }
        guard classRefs[typeID] != LUA_NOREF else { return (members, properties, nil) }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(classRefs[typeID]))
        _ = lua_getmetatable(L, -1)
        L.rawField(-1, "__index")
        return (members, properties, entries(L.top))
    }

    /// The UIKit members type `typeID` refuses, as `name=Class` (or the message of one
    /// modelled under another name), sorted. Raw reads: runs no script code.
    package func unmodelled(typeID: Int) -> [String] {
        let top = L.top
        defer { L.settop(top) }
        pushMetatable(typeID)
        guard L.rawField(-1, "__members") == LUA_TTABLE else { return [] }
        let members = L.top
        var names: [String] = []
        for cls in UIKitSurface.chain(ofBinding: typeID) {
            let collect: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void = { n, _ in
                let s = String(decoding: n, as: UTF8.self)
                if !names.contains(s) { names.append(s) }
            }
            cls.forEachInstanceName(collect)
            cls.forEachClassMemberName(collect)
        }
        var out: [String] = []
        for name in names {
            L.push(name)
            // a type's own method or property comes first: no refusal of it
            if nb_refusal(L, members, L.top) != 0, L.rawField(members, name) == LUA_TNIL {
                out.append("\(name)=\(L.string(at: -2) ?? "?")")
            }
            L.settop(members)
        }
        return out.sorted()
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
    /// no-op function; a typed userdata whose C __index/__newindex dispatch on the key;
    /// C methods that do the model's work on real views of this simulation).
    package func installBaseline() {
        var model = nb_bench_model()
        // Unretained: the runtime holds the simulation until after the state closes,
        // and the baseline's objects live in the state.
        model.context = Unmanaged.passUnretained(simulation).toOpaque()
        model.make = { context in
            guard let context else { return nil }
            let sim = Unmanaged<Simulation>.fromOpaque(context).takeUnretainedValue()
            return Unmanaged.passRetained(View(simulation: sim) as SimObject).toOpaque()
        }
        model.release = { object in
            if let object { Unmanaged<SimObject>.fromOpaque(object).release() }
        }
        // The C methods checked both userdata; each holds its view until its __gc.
        model.add = { parent, child in
            guard let parent, let child else { return }
            let p = Unmanaged<SimObject>.fromOpaque(parent).takeUnretainedValue()
            let c = Unmanaged<SimObject>.fromOpaque(child).takeUnretainedValue()
            try? unsafeDowncast(p, to: View.self).addSubview(unsafeDowncast(c, to: View.self))
        }
        model.remove = { child in
            guard let child else { return }
            unsafeDowncast(Unmanaged<SimObject>.fromOpaque(child).takeUnretainedValue(), to: View.self).removeFromSuperview()
        }
        nb_pushbaseline(L, &model)
        lua_setglobal(L, "baseline")
    }

    /// The bench's floor for the containment cycle (Sources/CLuaShim/Floor.c), as `floor`.
    package func installFloor() {
        nb_pushfloor(L)
        lua_setglobal(L, "floor")
    }

    /// Loads `source`, runs it once and returns the seconds it took (nil on error,
    /// with the message in `error`).
    package func time(_ source: String, error: inout String?) -> Double? {
        let top = L.top
        defer { L.settop(top) }
        let status = L.load(source, chunkName: "=bench")
        guard status == LUA_OK else { error = L.string(at: -1); return nil }
        let start = ContinuousClock.now
        let ok = nb_pcall(L, 0, 0) == LUA_OK
        let elapsed = ContinuousClock.now - start
        guard ok else { error = L.string(at: -1); return nil }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

extension LuaRuntime {
    /// How many identity slots were ever handed out, and how many are free now.
    package var identitySlots: (handedOut: UInt32, free: UInt32) {
        (state.pointee.slots_next, state.pointee.slots_nfree)
    }
}
