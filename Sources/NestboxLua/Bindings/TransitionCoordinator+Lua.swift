import CLua
import Containment

enum CoordinatorBinding {
    static let methods: [LuaMethod] = [
        LuaMethod("animate", "(alongside: fun(coordinator: TransitionCoordinator)?, completion: fun(coordinator: TransitionCoordinator)?)",
                  doc: "Runs `alongside` inside the rotation's animation and `completion` after it.") { a in
            let c = try a.object(1, TransitionCoordinator.self, "TransitionCoordinator")
            let along = a.L.type(2) == LUA_TFUNCTION ? LuaCallback(a.rt, index: 2) : nil
            let done = a.L.type(3) == LUA_TFUNCTION ? LuaCallback(a.rt, index: 3) : nil
            if along == nil && !a.L.isNoneOrNil(2) { throw LuaFailure.typeError(2, expected: "function", got: a.L.typeName(at: 2)) }
            if done == nil && !a.L.isNoneOrNil(3) { throw LuaFailure.typeError(3, expected: "function", got: a.L.typeName(at: 3)) }
            c.animate(alongside: along.map { f in { f.call(object: c, what: "alongside") { rt in rt.push(c); return 1 } } },
                      completion: done.map { f in { f.call(object: c, what: "completion") { rt in rt.push(c); return 1 } } })
            return 0
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("transitionDuration", "number", doc: "The rotation's duration in seconds.",
                    get: { c in c.L.push(try c.receiver(TransitionCoordinator.self).transitionDuration); return 1 }),
    ]

    static let binding = LuaBinding("TransitionCoordinator", TransitionCoordinator.self,
                                    doc: "What `viewWillTransition` gets: animations alongside a rotation.",
                                    methods: methods, properties: properties)
}
