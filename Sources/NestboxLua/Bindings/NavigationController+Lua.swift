import CLua
import Containment

/// `ui.NavigationController{ root = vc }` (README.md, The Lua API).
enum NavigationBinding {
    static func check(_ a: Args) throws -> NavigationController {
        try a.object(1, NavigationController.self, "NavigationController")
    }
    static func nav(_ c: PropertyContext) throws -> NavigationController { try c.receiver(NavigationController.self) }

    static func controllers(_ a: Args, _ i: Int32) throws -> [ViewController] {
        try a.table(i)
        var list: [ViewController] = []
        for k in 0..<Int(lua_rawlen(a.L, i)) {
            lua_rawgeti(a.L, i, lua_Integer(k + 1))
            defer { a.L.pop() }
            list.append(try a.object(a.L.top, ViewController.self, "ViewController"))
        }
        return list
    }

    static let methods: [LuaMethod] = [
        LuaMethod("pushViewController") { a in
            try check(a).pushViewController(try ViewControllerBinding.check(a, 2), animated: a.flag(3)); return 0
        },
        LuaMethod("popViewController") { a in a.rt.push(try check(a).popViewController(animated: a.flag(2))); return 1 },
        LuaMethod("popToRootViewController") { a in
            a.rt.push(objects: try check(a).popToRootViewController(animated: a.flag(2))); return 1
        },
        LuaMethod("popToViewController") { a in
            a.rt.push(objects: try check(a).popToViewController(try ViewControllerBinding.check(a, 2), animated: a.flag(3))); return 1
        },
        LuaMethod("setViewControllers") { a in
            try check(a).setViewControllers(try controllers(a, 2), animated: a.flag(3)); return 0
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("root", get: { c in c.rt.push(try nav(c).viewControllers.first); return 1 },
                    set: { c, i in try nav(c).setRoot(try c.args.object(i, ViewController.self, "ViewController")) }),
        LuaProperty("viewControllers", get: { c in c.rt.push(objects: try nav(c).viewControllers); return 1 },
                    set: { c, i in try nav(c).setViewControllers(try controllers(c.args, i), animated: false) }),
        LuaProperty("topViewController", get: { c in c.rt.push(try nav(c).topViewController); return 1 }),
        LuaProperty("visibleViewController", get: { c in c.rt.push(try nav(c).visibleViewController); return 1 }),
        LuaProperty("navigationBar", get: { c in c.rt.push(try nav(c).navigationBar); return 1 }),
        LuaProperty("isNavigationBarHidden", get: { c in c.L.push(try nav(c).isNavigationBarHidden); return 1 },
                    set: { c, i in try nav(c).isNavigationBarHidden = try c.args.boolean(i) }),
        LuaProperty("delegate", get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try nav(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    static let binding = LuaBinding(
        name: "NavigationController", tag: Tag.viewController, parent: "ViewController", methods: methods, properties: properties,
        make: { rt, className, name in NavigationController(simulation: rt.simulation, className: className, name: name) })
}
