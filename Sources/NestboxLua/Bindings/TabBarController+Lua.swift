import Containment

/// `ui.TabBarController{ viewControllers = {...} }`
enum TabBarControllerBinding {
    static func tbc(_ c: PropertyContext) throws -> TabBarController { try c.receiver(TabBarController.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("viewControllers", get: { c in c.rt.push(objects: try tbc(c).viewControllers); return 1 },
                    set: { c, i in try tbc(c).setViewControllers(try NavigationBinding.controllers(c.args, i)) }),
        /// 1-based; nil while More is selected (UIKit's NSNotFound)
        LuaProperty("selectedIndex", get: { c in
            if let i = try tbc(c).selectedIndex { c.L.push(i + 1) } else { c.L.pushNil() }
            return 1
        }, set: { c, i in
            let n = try c.args.number(i)
            guard n == n.rounded(), n >= 1, n <= 1e9 else { throw LuaFailure.argument(i, "index must be a positive integer") }
            try tbc(c).setSelectedIndex(Int(n) - 1)
        }),
        LuaProperty("selectedViewController", get: { c in c.rt.push(try tbc(c).selectedViewController); return 1 },
                    set: { c, i in try tbc(c).setSelectedViewController(try c.args.object(i, ViewController.self, "ViewController")) }),
        LuaProperty("tabBar", get: { c in c.rt.push(try tbc(c).tabBar); return 1 }),
        LuaProperty("moreNavigationController", get: { c in c.rt.push(try tbc(c).moreNavigationController); return 1 }),
        LuaProperty("customizableViewControllers", get: { c in c.rt.push(objects: try tbc(c).customizableViewControllers); return 1 },
                    set: { c, i in try tbc(c).customizableViewControllers = try NavigationBinding.controllers(c.args, i) }),
        LuaProperty("delegate", get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try tbc(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    static let binding = LuaBinding(
        name: "TabBarController", tag: Tag.viewController, parent: "ViewController", methods: [], properties: properties,
        make: { rt, className, name in TabBarController(simulation: rt.simulation, className: className, name: name) })
}
