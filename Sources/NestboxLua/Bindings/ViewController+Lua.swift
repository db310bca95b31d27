import CLua
import Containment

/// `ui.ViewController`: a controller class scripts extend (README.md, The Lua API).
enum ViewControllerBinding {
    static func check(_ a: Args, _ i: Int32 = 1) throws -> ViewController {
        try a.tagged(i, a.rt.viewControllerTag, ViewController.self, "ViewController")
    }

    static func controller(_ c: PropertyContext) throws -> ViewController {
        return try c.receiver(ViewController.self)
    }

    /// A direct call of a hook's method: UIKit's part and the hook, unless it is the
    /// hook's super call (Q76).
    static func runHook(_ a: Args, _ hook: Hook) throws {
        let vc = try check(a)
        if !vc.isSuperCall(of: hook.override) { vc.handle(hook) }
    }

    // MARK: Methods

    static let methods: [LuaMethod] = [
        LuaMethod("addChild", "(child: ViewController)", overridable: true,
                  doc: "Makes `child` a child (sends its `willMove(self)`); add its view and call `didMove` yourself.") { a in
            try check(a).addChild(try check(a, 2)); return 0
        },
        LuaMethod("removeFromParent", "()", overridable: true,
                  doc: "Leaves the parent (sends `didMove(nil)`); call `willMove(nil)` first.") { a in
            try check(a).removeFromParent(); return 0
        },
        LuaMethod("willMove", "(parent: ViewController?)",
                  doc: "The base bookkeeping for moving to `parent`, then the hook; from the hook itself, its super call: nothing more (Q76).") { a in
            let vc = try check(a)
            if vc.isSuperCall(of: .willMove) { return 0 }
            vc.willMove(toParent: try a.optionalObject(2, ViewController.self, "ViewController")); return 0
        },
        LuaMethod("didMove", "(parent: ViewController?)",
                  doc: "The base bookkeeping for having moved to `parent`, then the hook; from the hook itself, nothing more (Q76).") { a in
            let vc = try check(a)
            if vc.isSuperCall(of: .didMove) { return 0 }
            vc.didMove(toParent: try a.optionalObject(2, ViewController.self, "ViewController")); return 0
        },
        LuaMethod("loadViewIfNeeded", "()",
                  doc: "Loads the view now if it is not loaded.") { a in try check(a).loadViewIfNeeded(); return 0 },
        LuaMethod("beginAppearanceTransition", "(isAppearing: boolean, animated: boolean?)", overridable: true,
                  doc: "Starts a manual appearance transition; always delivers, on screen or not (Q3).") { a in
            let vc = try check(a)
            vc.beginAppearanceTransition(try a.boolean(2), animated: try a.flag(3))
            return 0
        },
        LuaMethod("endAppearanceTransition", "()", overridable: true,
                  doc: "Ends the manual appearance transition begun last.") { a in
            try check(a).endAppearanceTransition(); return 0
        },
        // Calling a callback directly: appearance ones are the misuse W19 (S44).
        LuaMethod("viewWillAppear", "(animated: boolean?)",
                  doc: "Calling it yourself is UIKit's misuse W19: a warning, the hook runs, the state does not change. From the hook itself, its super call: nothing more (Q76).") { a in
            let vc = try check(a)
            if vc.isSuperCall(of: .viewWillAppear) { return 0 }
            vc.callAppearanceMethodDirectly(.viewWillAppear(animated: try a.flag(2))); return 0
        },
        LuaMethod("viewDidAppear", "(animated: boolean?)",
                  doc: "Calling it yourself is the misuse W19 (see viewWillAppear).") { a in
            let vc = try check(a)
            if vc.isSuperCall(of: .viewDidAppear) { return 0 }
            vc.callAppearanceMethodDirectly(.viewDidAppear(animated: try a.flag(2))); return 0
        },
        LuaMethod("viewWillDisappear", "(animated: boolean?)",
                  doc: "Calling it yourself is the misuse W19 (see viewWillAppear).") { a in
            let vc = try check(a)
            if vc.isSuperCall(of: .viewWillDisappear) { return 0 }
            vc.callAppearanceMethodDirectly(.viewWillDisappear(animated: try a.flag(2))); return 0
        },
        LuaMethod("viewDidDisappear", "(animated: boolean?)",
                  doc: "Calling it yourself is the misuse W19 (see viewWillAppear).") { a in
            let vc = try check(a)
            if vc.isSuperCall(of: .viewDidDisappear) { return 0 }
            vc.callAppearanceMethodDirectly(.viewDidDisappear(animated: try a.flag(2))); return 0
        },
        LuaMethod("viewIsAppearing", "(animated: boolean?)",
                  doc: "Runs the hook; from the hook itself, its super call: nothing more (Q76).") { a in
            try runHook(a, .viewIsAppearing(animated: try a.flag(2))); return 0
        },
        LuaMethod("viewDidLoad", "()",
                  doc: "Runs the hook; from the hook itself, its super call: nothing more (Q76).") { a in try runHook(a, .viewDidLoad); return 0 },
        LuaMethod("viewWillLayoutSubviews", "()",
                  doc: "Runs the hook; from the hook itself, its super call: nothing more (Q76).") { a in
            try runHook(a, .viewWillLayoutSubviews); return 0
        },
        LuaMethod("viewDidLayoutSubviews", "()",
                  doc: "Runs the hook; from the hook itself, its super call: nothing more (Q76).") { a in
            try runHook(a, .viewDidLayoutSubviews); return 0
        },
        LuaMethod("didReceiveMemoryWarning", "()",
                  doc: "Runs the hook; from the hook itself, its super call: nothing more (Q76).") { a in
            try runHook(a, .didReceiveMemoryWarning); return 0
        },
        LuaMethod("isDescendant", "(vc: ViewController) -> boolean",
                  doc: "Whether the controller is `vc` or one of its descendants.") { a in
            a.L.push(try check(a).isDescendant(of: try check(a, 2))); return 1
        },
    ]

    // MARK: Properties

    static let properties: [LuaProperty] = [
        LuaProperty("name", "string?", doc: "The name given at construction, else `Class#n`; used in traces.",
                    get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("className", "string", doc: "The class name: the binding's or the script subclass's.",
                    get: { c in c.L.push(c.object.className); return 1 }),
        LuaProperty("title", "string?", doc: "The title shown by navigation and tab bars.",
                    get: { c in c.L.push(try controller(c).title); return 1 },
                    set: { c, i in let o = try controller(c); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        LuaProperty("view", "View?", doc: "The root view, loaded on first read (`loadView`, then `viewDidLoad`).",
                    get: { c in c.rt.push(try controller(c).view); return 1 },
                    set: { c, i in try controller(c).setView(try c.args.optionalObject(i, View.self, "View")) }),
        LuaProperty("viewIfLoaded", "View?", doc: "The view if loaded, without loading it.",
                    get: { c in c.rt.push(try controller(c).viewIfLoaded); return 1 }),
        LuaProperty("isViewLoaded", "boolean", doc: "Whether the view is loaded.",
                    get: { c in c.L.push(try controller(c).isViewLoaded); return 1 }),
        LuaProperty("parent", "ViewController?", doc: "The parent controller.",
                    get: { c in c.rt.push(try controller(c).parent); return 1 }),
        LuaProperty("children", "ViewController[]", doc: "The child controllers, in order added.",
                    get: { c in c.rt.push(objects: try controller(c).children); return 1 }),
        LuaProperty("appearanceState", "string", doc: "`disappeared`, `appearing`, `appeared` or `disappearing`.",
                    get: { c in c.L.push(try controller(c).appearanceState.rawValue); return 1 }),
        LuaProperty("isMovingToParent", "boolean", doc: "True inside an appearance callback between `willMove(parent)` and `didMove(parent)`.",
                    get: { c in c.L.push(try controller(c).isMovingToParent); return 1 }),
        LuaProperty("isMovingFromParent", "boolean", doc: "True inside an appearance callback while leaving the parent.",
                    get: { c in c.L.push(try controller(c).isMovingFromParent); return 1 }),
        LuaProperty("shouldAutomaticallyForwardAppearanceMethods", "boolean",
                    doc: "Whether children get appearance callbacks with their parent (default true).",
                    get: { c in c.L.push(try controller(c).shouldAutomaticallyForwardAppearanceMethods); return 1 },
                    set: { c, i in try controller(c).shouldAutomaticallyForwardAppearanceMethods = try c.args.boolean(i) }),
        LuaProperty("traitCollection", "TraitCollection", doc: "The size classes, idiom and display scale the controller sees.",
                    get: { c in c.rt.push(try controller(c).traitCollection); return 1 }),
        LuaProperty("additionalSafeAreaInsets", "Insets", doc: "Insets added to the view's safe area (Q16).",
                    get: { c in c.rt.push(try controller(c).additionalSafeAreaInsets); return 1 },
                    set: { c, i in try controller(c).additionalSafeAreaInsets = try c.args.insets(i) }),
        LuaProperty("edgesForExtendedLayout", "string[]", doc: "The edges whose bars the view extends under: `top`, `left`, `bottom`, `right`, `all` (Q18).",
                    get: { c in c.rt.push(try controller(c).edgesForExtendedLayout); return 1 },
                    set: { c, i in try controller(c).edgesForExtendedLayout = try c.args.rectEdges(i) }),
        LuaProperty("preferredContentSize", "Size",
                    doc: "The size the controller asks its container for (default 0 x 0); a change tells the parent's `preferredContentSizeDidChange`, or a presented controller's custom presentation controller's (Q78).",
                    get: { c in c.rt.push(try controller(c).preferredContentSize); return 1 },
                    set: { c, i in
                        let v = try c.args.fields(i, positional: ["width", "height"], "size")
                        try controller(c).preferredContentSize = Size(width: v[0], height: v[1])
                    }),
        LuaProperty("extendedLayoutIncludesOpaqueBars", "boolean", doc: "Whether the view extends under opaque bars too (default false).",
                    get: { c in c.L.push(try controller(c).extendedLayoutIncludesOpaqueBars); return 1 },
                    set: { c, i in try controller(c).extendedLayoutIncludesOpaqueBars = try c.args.boolean(i) }),
    ]

    // MARK: Hooks (run by LuaRuntime+Hooks.swift)

    static let hooks: [LuaHook] = [
        LuaHook(.loadView, "()", doc: "Replaces the base view loading: must set `self.view`."),
        LuaHook(.viewDidLoad, "()", doc: "After the view is loaded."),
        LuaHook(.viewWillAppear, "(animated: boolean)", doc: "Before the view appears."),
        LuaHook(.viewIsAppearing, "(animated: boolean)", doc: "When the view is in the window and laid out, before it appears."),
        LuaHook(.viewDidAppear, "(animated: boolean)", doc: "After the view appeared."),
        LuaHook(.viewWillDisappear, "(animated: boolean)", doc: "Before the view disappears."),
        LuaHook(.viewDidDisappear, "(animated: boolean)", doc: "After the view disappeared."),
        LuaHook(.viewWillLayoutSubviews, "()", doc: "Before the view lays out its subviews."),
        LuaHook(.viewDidLayoutSubviews, "()", doc: "After the view laid out its subviews."),
        LuaHook(.willMove, "(parent: ViewController?)", doc: "Before the controller moves to `parent` (nil: is removed)."),
        LuaHook(.didMove, "(parent: ViewController?)", doc: "After the controller moved to `parent` (nil: was removed)."),
        LuaHook(.didReceiveMemoryWarning, "()", doc: "On `ui.memoryWarning()`."),
        LuaHook(.viewWillTransition, "(size: Size, coordinator: TransitionCoordinator)",
                doc: "Before a rotation gives the view the new size (Q8)."),
        LuaHook(.viewSafeAreaInsetsDidChange, "()", doc: "After the view's safe-area insets changed, during layout (Q16)."),
        LuaHook(.willTransition, "(traits: TraitCollection, coordinator: TransitionCoordinator)",
                doc: "Before the traits change, after the `viewWillTransition` messages, parent first (Q8)."),
        LuaHook(.traitCollectionDidChange, "(previous: TraitCollection)", doc: "After a rotation or a device change changed the traits (Q8)."),
        LuaHook(.preferredContentSizeDidChange, "(container: ViewController)",
                doc: "After the child `container` set a new `preferredContentSize`; nothing resizes unless the hook does (Q78)."),
        LuaHook(.sizeForChildContentContainer, "(child: ViewController, parentSize: Size) -> Size?",
                doc: "The size a child gets in a rotation; nil for UIKit's default (the parent's size)."),
    ]

    static let binding = LuaBinding(
        "ViewController", ViewController.self, doc: "A view controller: its view, its children, appearance and presentation.",
        methods: methods + TransitionMethods.methods + PresentationMethods.methods + SuperCalls.viewController + StatusBarBinding.methods + OrientationBinding.methods,
        properties: properties + PresentationMethods.properties + StatusBarBinding.properties,
        hooks: hooks + StatusBarBinding.hooks + OrientationBinding.hooks, delegates: [PresentationMethods.transitioning],
        make: { rt, className, name in ViewController(simulation: rt.simulation, className: className, name: name) })
}
