import CLua
import CLuaShim
import Containment

// The C entry points: plain functions, so they convert to C function pointers. They
// borrow the runtime and the object (no retain/release on the hot path).

@inline(__always)
func withRuntime(_ L: LuaState?, _ body: (LuaState, LuaRuntime) -> Int32) -> Int32 {
    guard let L, let st = nb_getstate(L), let host = st.pointee.host else { return 0 }
    return Unmanaged<LuaRuntime>.fromOpaque(host)._withUnsafeGuaranteedRef { rt in
        // Work done for this call (hooks, pushes) happens on the calling thread.
        let saved = rt.L
        rt.L = L
        defer { rt.L = saved }
        return body(L, rt)
    }
}

/// Whether the name on top is one of type `id`'s refusals (nb_refusal): replaced by the
/// refusal's text or false. With `-2 - typeID`, a class's __index asks for the type's
/// metatable, whose member table it reads (nb_class_index).
let buildRefusals: nb_dispatch_fn = { L, id in
    withRuntime(L) { L, rt in
        guard id >= 0 else {
            rt.pushMetatable(Int(-2 - id))
            L.pop()
            return 0
        }
        let name = L.string(at: -1) ?? ""
        L.pop()
        if let text = rt.refusal(Int(id), name) { L.push(text) } else { L.push(false) }
        return 0
    }
}

let methodDispatch: nb_dispatch_fn = { L, id in
    withRuntime(L) { L, rt in
        // The body alone: the name is read only for an error message.
        let body = rt.methods[Int(id)].body
        return rt.invoke(L, name: rt.methods[Int(id)].name) { try body(Args(L: L, rt: rt)) }
    }
}

let propertyGet: nb_property_fn = { L, object, id in
    guard let object else { return 0 }
    return withRuntime(L) { L, rt in
        Unmanaged<SimObject>.fromOpaque(object)._withUnsafeGuaranteedRef { obj in
            let get = rt.properties[Int(id)].get
            return rt.invoke(L, name: rt.properties[Int(id)].name) {
                try get(PropertyContext(L: L, rt: rt, object: obj))
            }
        }
    }
}

let propertySet: nb_property_fn = { L, object, id in
    guard let object else { return 0 }
    return withRuntime(L) { L, rt in
        Unmanaged<SimObject>.fromOpaque(object)._withUnsafeGuaranteedRef { obj in
            // The setter alone: the name is read only for an error message.
            let set = rt.properties[Int(id)].set
            return rt.invoke(L, name: rt.properties[Int(id)].name) {
                guard let set else {
                    throw LuaFailure.message(readOnlyMessage(rt.properties[Int(id)].name, of: obj))
                }
                do {
                    try set(PropertyContext(L: L, rt: rt, object: obj), 3)
                } catch LuaFailure.argument(_, let message) {
                    // Lua would name the metamethod ('newindex'); the property says more.
                    throw LuaFailure.message("bad value for property '\(rt.properties[Int(id)].name)' of \(obj.className) (\(message))")
                }
                return 0
            }
        }
    }
}

/// A read-only property's refusal, with the method that changes it where there is one.
func readOnlyMessage(_ name: String, of obj: SimObject) -> String {
    let instead: String? = switch name {
    case "children", "parent": "a parent's addChild"
    case "viewControllers": obj is SplitViewController ? "setViewController(vc, column)" : "setViewControllers"
    default: nil
    }
    return "property '\(name)' of \(obj.className) is read-only" + (instead.map { " (use \($0))" } ?? "")
}

/// A plain field of an object was set (`id` is the value's Lua type).
let fieldChanged: nb_property_fn = { L, object, type in
    guard let object else { return 0 }
    return withRuntime(L) { _, rt in
        Unmanaged<SimObject>.fromOpaque(object)._withUnsafeGuaranteedRef { obj in
            if type == LUA_TFUNCTION, let pc = obj as? PresentationController, pc.systemStyle != nil {
                if let refused = rt.refuseSystemOverride(pc) { return refused }
            }
            rt.fieldChanged(obj, valueType: type)
            if rt.simulation.linter != nil { rt.lintField(obj) }
            return 0
        }
    }
}

/// A deinit may tell the runtime that objects lost their owner: it runs with the
/// collecting thread as the current one.
let releaseObject: nb_release_fn = { L, object in
    guard let object else { return }
    _ = withRuntime(L) { _, _ in
        Unmanaged<SimObject>.fromOpaque(object).release()
        return 0
    }
}
