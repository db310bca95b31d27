import CLua
import Containment

enum CoordinatorBinding {
    static let methods: [LuaMethod] = [
        /// coordinator:animate(alongside, completion): functions of the context (nil here)
        LuaMethod("animate") { a in
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
        LuaProperty("transitionDuration", get: { c in c.L.push(try c.receiver(TransitionCoordinator.self).transitionDuration); return 1 }),
    ]

    static let binding = LuaBinding(name: "TransitionCoordinator", tag: Tag.other, parent: nil,
                                    methods: methods, properties: properties, make: nil)
}
