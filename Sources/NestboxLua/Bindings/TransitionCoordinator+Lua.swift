import CLua
import Containment

enum CoordinatorBinding {
    static let methods: [LuaMethod] = [
        LuaMethod("animate", "(alongside: fun(coordinator: TransitionCoordinator)?, completion: fun(coordinator: TransitionCoordinator)?) -> boolean",
                  doc: "Runs `alongside` inside the rotation's animation and `completion` after it; false, keeping neither, once the animation has begun.") { a in
            let c = try a.object(1, TransitionCoordinator.self, "TransitionCoordinator")
            let along = try a.optionalCallback(2), done = try a.optionalCallback(3)
            // The coordinator keeps these, so they hold it weakly: strongly, each was a
            // cycle that outlived the rotation (the coordinator, its closures, the Lua refs).
            let queued = c.animate(alongside: along.map { f in { [weak c] in c.map { c in f.call(object: c, what: "alongside") { rt in rt.push(c); return 1 } } } },
                      completion: done.map { f in { [weak c] in c.map { c in f.call(object: c, what: "completion") { rt in rt.push(c); return 1 } } } })
            a.L.push(queued); return 1
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
