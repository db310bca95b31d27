import CLua
import Containment

/// `ui.ViewController`: a controller class scripts extend (README.md, The Lua API).
enum ViewControllerBinding {
    static func check(_ a: Args, _ i: Int32 = 1) throws -> ViewController {
        try a.tagged(i, Tag.viewController, ViewController.self, "ViewController")
    }

    static func controller(_ c: PropertyContext) throws -> ViewController {
        return try c.receiver(ViewController.self)
    }

    // MARK: Methods

    static let methods: [LuaMethod] = [
        /// vc:addChild(child) -> nil
        LuaMethod("addChild") { a in try check(a).addChild(try check(a, 2)); return 0 },
        /// vc:removeFromParent() -> nil
        LuaMethod("removeFromParent") { a in try check(a).removeFromParent(); return 0 },
        /// vc:willMove(parent | nil): the base bookkeeping, then the hook
        LuaMethod("willMove") { a in
            try check(a).willMove(toParent: try a.optionalObject(2, ViewController.self, "ViewController")); return 0
        },
        LuaMethod("didMove") { a in
            try check(a).didMove(toParent: try a.optionalObject(2, ViewController.self, "ViewController")); return 0
        },
        LuaMethod("loadViewIfNeeded") { a in try check(a).loadViewIfNeeded(); return 0 },
        /// vc:beginAppearanceTransition(isAppearing, animated)
        LuaMethod("beginAppearanceTransition") { a in
            let vc = try check(a)
            vc.beginAppearanceTransition(try a.boolean(2), animated: a.flag(3))
            return 0
        },
        LuaMethod("endAppearanceTransition") { a in try check(a).endAppearanceTransition(); return 0 },
        // Calling a callback directly: appearance ones are the misuse W19 (S44).
        LuaMethod("viewWillAppear") { a in try check(a).callAppearanceMethodDirectly(.viewWillAppear(animated: a.flag(2))); return 0 },
        LuaMethod("viewDidAppear") { a in try check(a).callAppearanceMethodDirectly(.viewDidAppear(animated: a.flag(2))); return 0 },
        LuaMethod("viewWillDisappear") { a in try check(a).callAppearanceMethodDirectly(.viewWillDisappear(animated: a.flag(2))); return 0 },
        LuaMethod("viewDidDisappear") { a in try check(a).callAppearanceMethodDirectly(.viewDidDisappear(animated: a.flag(2))); return 0 },
        LuaMethod("viewIsAppearing") { a in try check(a).handle(.viewIsAppearing(animated: a.flag(2))); return 0 },
        LuaMethod("viewDidLoad") { a in try check(a).handle(.viewDidLoad); return 0 },
        LuaMethod("viewWillLayoutSubviews") { a in try check(a).handle(.viewWillLayoutSubviews); return 0 },
        LuaMethod("viewDidLayoutSubviews") { a in try check(a).handle(.viewDidLayoutSubviews); return 0 },
        LuaMethod("didReceiveMemoryWarning") { a in try check(a).handle(.didReceiveMemoryWarning); return 0 },
        LuaMethod("isDescendant") { a in
            a.L.push(try check(a).isDescendant(of: try check(a, 2))); return 1
        },
    ]

    // MARK: Properties

    static let properties: [LuaProperty] = [
        LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("className", get: { c in c.L.push(c.object.className); return 1 }),
        LuaProperty("title", get: { c in c.L.push(try controller(c).title); return 1 },
                    set: { c, i in let o = try controller(c); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        LuaProperty("view", get: { c in c.rt.push(try controller(c).view); return 1 },
                    set: { c, i in try controller(c).setView(try c.args.optionalObject(i, View.self, "View")) }),
        LuaProperty("viewIfLoaded", get: { c in c.rt.push(try controller(c).viewIfLoaded); return 1 }),
        LuaProperty("isViewLoaded", get: { c in c.L.push(try controller(c).isViewLoaded); return 1 }),
        LuaProperty("parent", get: { c in c.rt.push(try controller(c).parent); return 1 }),
        LuaProperty("children", get: { c in c.rt.push(objects: try controller(c).children); return 1 }),
        LuaProperty("appearanceState", get: { c in c.L.push(try controller(c).appearanceState.rawValue); return 1 }),
        LuaProperty("isMovingToParent", get: { c in c.L.push(try controller(c).isMovingToParent); return 1 }),
        LuaProperty("isMovingFromParent", get: { c in c.L.push(try controller(c).isMovingFromParent); return 1 }),
        LuaProperty("shouldAutomaticallyForwardAppearanceMethods",
                    get: { c in c.L.push(try controller(c).shouldAutomaticallyForwardAppearanceMethods); return 1 },
                    set: { c, i in try controller(c).shouldAutomaticallyForwardAppearanceMethods = try c.args.boolean(i) }),
        LuaProperty("traitCollection", get: { c in c.rt.push(try controller(c).traitCollection); return 1 }),
        LuaProperty("additionalSafeAreaInsets", get: { c in c.rt.push(try controller(c).additionalSafeAreaInsets); return 1 },
                    set: { c, i in try controller(c).additionalSafeAreaInsets = try c.args.insets(i) }),
        LuaProperty("edgesForExtendedLayout", get: { c in c.rt.push(try controller(c).edgesForExtendedLayout); return 1 },
                    set: { c, i in try controller(c).edgesForExtendedLayout = try c.args.rectEdges(i) }),
        LuaProperty("extendedLayoutIncludesOpaqueBars",
                    get: { c in c.L.push(try controller(c).extendedLayoutIncludesOpaqueBars); return 1 },
                    set: { c, i in try controller(c).extendedLayoutIncludesOpaqueBars = try c.args.boolean(i) }),
    ]

    static let binding = LuaBinding(
        name: "ViewController", tag: Tag.viewController, parent: nil,
        methods: methods + TransitionMethods.methods + PresentationMethods.methods,
        properties: properties + PresentationMethods.properties,
        make: { rt, className, name in ViewController(simulation: rt.simulation, className: className, name: name) })
}
