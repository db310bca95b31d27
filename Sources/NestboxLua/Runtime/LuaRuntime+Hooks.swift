import CLua
import CLuaShim
import Containment

/// Running a script's hooks for the core: looked up by raw reads (no script code runs
/// to find one), skipped in O(1) through the cached hook mask, called under pcall with
/// a traceback; an error becomes an `error` event.
extension LuaRuntime {
    /// The object's override bits (HostCache), recomputed when its fields or any class
    /// changed.
    func hookMask(_ object: SimObject) -> UInt64 {
        if HostCache.isCurrent(object, generation: classGeneration) { return object.hostCache }
        var mask: UInt64 = 0
        let top = L.top
        if pushExisting(object) {
            let ud = L.top
            // Hooks set on the instance: most objects have no fields at all.
            if lua_getiuservalue(L, ud, 1) == LUA_TTABLE, hasEntries(-1) {
                for o in Override.allCases {
                    if L.rawField(-1, o.name) == LUA_TFUNCTION { mask |= HostCache.bit(o) }
                    L.pop()
                }
            }
            L.settop(ud)
            // Hooks of the class chain, computed once per class and generation: a
            // tree of 100,000 controllers of one class asks 100,000 times.
            if lua_getiuservalue(L, ud, 2) == LUA_TTABLE { mask |= classMask(L.top) }
        }
        L.settop(top)
        return HostCache.store(mask, in: object, generation: classGeneration)
    }

    func runHook(_ hook: Hook, _ override: Override, on object: SimObject) {
        // The override, not the hook, is what the report's name captures: a trivial
        // value, where capturing the `Hook` copied and destroyed its payload on every
        // call (docs/performance.md).
        let bit = HostCache.bit(override)
        guard !closing else { return }
        if HostCache.isCurrent(object, generation: classGeneration) {
            guard object.hostCache & bit != 0 else { return }
        } else if hookMask(object) & bit == 0 {
            return
        }
        // The handler, the userdata, the hook and the userdata again, found and pushed
        // in one call into C (Hooks.c) rather than a dozen from here, and the call, its
        // check and the stack's restoring in one more (docs/performance.md).
        let handler = nb_prepare_hook(L, objectsRef, object.hostSlot, Unmanaged.passUnretained(object).toOpaque(),
                                      hookNamesRef, Int32(override.ordinal))
        guard handler != 0 else { return }
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
        case .preferredContentSizeDidChange(let container):
            push(container); nargs += 1
        case .willTransitionToTraits(let traits, let coordinator):
            push(traits); push(coordinator); nargs += 2
        default:
            break
        }
        let status = nb_call_hook(L, handler, nargs)
        if status != LUA_OK { hookFailed(status, handler: handler, override, on: object) }
    }

    /// A hook's call that did not end well (nb_call_hook's status): a host bug in the
    /// stack's balance, or the script's error, whose message is on top.
    func hookFailed(_ status: Int32, handler: Int32, _ override: Override, on object: SimObject) {
        if status == NB_HOOK_UNBALANCED {
            simulation.trace.record(.error, "nestbox", override.name,
                                    message: "Nestbox: Lua stack unbalanced after \(override.name)")
            return
        }
        let text = L.string(at: -1) ?? "(error object is not a string)"
        L.settop(handler - 1)
        reportHookError(object: object, hook: override.name, text: text, afterCall: true)
    }

    /// `sizeForChildContentContainer(child, parentSize)` defined by the script: its
    /// `{width, height}` answer, or nil to use UIKit's default.
    func runSizeForChild(_ child: ViewController, of parent: ViewController, parentSize: Size) -> Size? {
        guard !closing, hookMask(parent) & HostCache.bit(.sizeForChildContentContainer) != 0 else { return nil }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(parent) else { return nil }
        let ud = L.top
        guard pushHook(ud, "sizeForChildContentContainer") else { return nil }
        lua_pushvalue(L, ud)
        push(child)
        push(parentSize)
        guard docall(nargs: 3, nresults: 1, object: parent, context: "sizeForChildContentContainer") else { return nil }
        let v = try? Args(L: L, rt: self).fields(-1, positional: ["width", "height"], "size")
        if let v, v.allSatisfy({ $0.isFinite && $0 >= 0 }) { return Size(width: v[0], height: v[1]) }
        // An answer that is no size is the hook's error, at the line defining it; the
        // child then gets the parent's size, as from a class without the hook.
        let type = L.typeName(at: -1)
        let answer = v == nil ? (type == "nil" ? "nil" : "a \(type)") : "a size of \(formatNumber(v![0])) x \(formatNumber(v![1]))"
        L.settop(ud)
        let position = pushHook(ud, "sizeForChildContentContainer") ? definitionPosition(of: L.top) : ""
        reportHookError(object: parent, hook: "sizeForChildContentContainer",
                        text: "\(position)sizeForChildContentContainer(child, parentSize) returned \(answer): a size { width, height } of finite numbers, at least 0, is expected")
        return nil
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
            docall(nargs: 2, object: object, context: event)
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
        docall(nargs: 1, object: object, context: hook)
    }

    /// A script's override of a bound method the model calls (`MethodCall`): run with
    /// the object and UIKit's arguments, in place of UIKit's implementation, which the
    /// override reaches by its super call (`ui.NavigationController.popViewController(self,
    /// animated)`: docs/api-conventions.md). Whatever it answers is dropped, as the
    /// model's callers drop UIKit's answer.
    func runOverride(_ call: MethodCall, on object: SimObject) -> Bool {
        let override = call.override
        guard !closing, hookMask(object) & HostCache.bit(override) != 0 else { return false }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(object) else { return false }
        let ud = L.top
        guard pushHook(ud, override.name) else { return false }
        lua_pushvalue(L, ud)
        var nargs: Int32 = 1
        switch call {
        case .beginAppearanceTransition(let appearing, let animated): L.push(appearing); L.push(animated); nargs += 2
        case .endAppearanceTransition: break
        case .popViewController(let animated): L.push(animated); nargs += 1
        case .show(let vc), .showDetailViewController(let vc): push(vc); L.pushNil(); nargs += 2   // (vc, sender)
        }
        docall(nargs: nargs, object: object, context: override.name)
        return true
    }

    func runLoadView(_ controller: ViewController) -> Bool {
        guard !closing, hookMask(controller) & HostCache.bit(.loadView) != 0 else { return false }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(controller) else { return false }
        let ud = L.top
        guard pushHook(ud, "loadView") else { return false }
        lua_pushvalue(L, ud)
        docall(nargs: 1, object: controller, context: "loadView")
        return true
    }

    /// Finds a hook of the userdata at the absolute index `ud`: its own fields, then
    /// its Lua classes up to the bound class (raw reads only: looking a hook up runs no
    /// script code; Hooks.c). Pushes it.
    func pushHook(_ ud: Int32, _ name: String) -> Bool {
        L.push(name)
        let found = nb_findhook(L, ud, L.top) != 0
        if found { lua_rotate(L, -2, 1) }
        L.pop()
        return found
    }

    /// Whether the table at `index` has any entry (raw).
    func hasEntries(_ index: Int32) -> Bool {
        let t = lua_absindex(L, index)
        L.pushNil()
        guard lua_next(L, t) != 0 else { return false }
        L.pop(2)
        return true
    }

    /// The hook bits of the class table at `index`, cached by class and generation.
    func classMask(_ index: Int32) -> UInt64 {
        let top = L.top
        defer { L.settop(top) }
        lua_rawgeti(L, nb_registryindex(), lua_Integer(classMasksRef))
        let cache = L.top
        lua_pushvalue(L, index)
        var isNumber: Int32 = 0
        if lua_rawget(L, cache) == LUA_TNUMBER {
            let entry = UInt64(bitPattern: Int64(nb_tointeger(L, -1, &isNumber)))
            if isNumber != 0, UInt32(truncatingIfNeeded: entry >> 32) == classGeneration {
                return entry & 0xFFFF_FFFF
            }
        }
        var mask: UInt64 = 0
        for o in Override.allCases {
            lua_pushvalue(L, index)
            if pushClassHook(o.name) {
                mask |= HostCache.bit(o)
                // A method's override the model will call (set with rawset, past
                // __classset): the script's own calls must reach it too (nb_index).
                if o.isMethod { state.pointee.overrides = 1 }
            }
            L.settop(cache)
        }
        lua_pushvalue(L, index)
        lua_pushinteger(L, lua_Integer(Int64(bitPattern: mask | (UInt64(classGeneration) << 32))))
        lua_rawset(L, cache)
        return mask
    }

    /// Looks `name` up along the class chain whose table is on top (popped); pushes
    /// the function and returns true when one is found.
    func pushClassHook(_ name: String) -> Bool {
        L.push(name)
        lua_rotate(L, -2, 1)      // the name below the class table
        let found = pushClassHook(keyAt: L.top - 1)
        if found { lua_rotate(L, -2, 1) }
        L.pop()
        return found
    }

    /// `pushClassHook` with the name already on the stack at `key` (left there).
    func pushClassHook(keyAt key: Int32) -> Bool { nb_classhook(L, key) != 0 }

    /// The one way from Swift into a script's function (lua.c's `docall`): every hook,
    /// delegate method, data source, animator, completion, action and timer comes here.
    /// The function and its `nargs` arguments are on top; it runs under pcall with a
    /// traceback. On success `nresults` values replace them. On an error nothing is left,
    /// the error is recorded as an `error` event of `object` named `context` (the hook,
    /// `delegate.method`, the data source function) and, unless --keep-going, the Lua
    /// call that led here fails with its message (reportHookError): no error is dropped,
    /// whatever the caller then falls back to. The main chunk, the REPL and the prelude
    /// are entry points, not callbacks: their errors are the run's own outcome.
    @discardableResult
    /// `handler`: where the caller pushed `nb_pushmsghandler`'s handler below the
    /// function, if it did (a hook's hot path); else it is put in and taken out here.
    /// `context` names the call in a report, made only when one is made.
    func docall(nargs: Int32, nresults: Int32 = 0, object: SimObject, context: @autoclosure () -> String,
                handler: Int32 = 0) -> Bool {
        let base = L.top - nargs - 1     // where the function is; the results go there
        let status = handler == 0 ? nb_pcall(L, nargs, nresults) : nb_pcall_handled(L, nargs, nresults, handler)
        guard status == LUA_OK else {
            let text = L.string(at: -1) ?? "(error object is not a string)"
            L.pop()
            reportHookError(object: object, hook: context(), text: text, afterCall: true)
            checkBalance(base, after: context())
            return false
        }
        checkBalance(base + nresults, after: context())
        return true
    }

    /// A Swift→Lua call must leave the stack as it found it; a host bug otherwise,
    /// reported (never trapped) and repaired.
    func checkBalance(_ expected: Int32, after what: @autoclosure () -> String) {
        guard L.top != expected else { return }
        simulation.trace.record(.error, "nestbox", what(),
                                message: "Nestbox: Lua stack unbalanced after \(what()) (\(L.top - expected) slots)")
        L.settop(expected)
    }

}
