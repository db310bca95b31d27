import CLua
import CLuaShim
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

/// `ui.TabBar{ items = {...}, delegate = { didSelectItem = fn(bar, item) } }`
enum TabBarBinding {
    static func bar(_ c: PropertyContext) throws -> TabBar { try c.receiver(TabBar.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("items", get: { c in c.rt.push(objects: try bar(c).items); return 1 },
                    set: { c, i in
                        try c.args.table(i)
                        var items: [TabBarItem] = []
                        for k in 0..<Int(lua_rawlen(c.L, i)) {
                            lua_rawgeti(c.L, i, lua_Integer(k + 1))
                            defer { c.L.pop() }
                            items.append(try c.args.object(c.L.top, TabBarItem.self, "TabBarItem"))
                        }
                        try bar(c).setItems(items)
                    }),
        LuaProperty("selectedItem", get: { c in c.rt.push(try bar(c).selectedItem); return 1 },
                    set: { c, i in try bar(c).setSelectedItem(try c.args.optionalObject(i, TabBarItem.self, "TabBarItem")) }),
        LuaProperty("delegate", get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in
                        if try bar(c).isManaged {
                            throw LuaFailure.message("NSInternalInconsistencyException: Changing the delegate of a tab bar managed by a tab bar controller is not allowed.")
                        }
                        _ = try c.rt.setDelegateTable(c, i)
                    }),
    ]

    static let binding = LuaBinding(
        name: "TabBar", tag: Tag.view, parent: "View", methods: [], properties: properties,
        make: { rt, _, name in TabBar(simulation: rt.simulation, name: name) })
}

/// `ui.TabBarItem{ title, image, selectedImage, badgeValue, tag }`
enum TabBarItemBinding {
    static func item(_ c: PropertyContext) throws -> TabBarItem { try c.receiver(TabBarItem.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
        LuaProperty("title", get: { c in c.L.push(try item(c).title); return 1 },
                    set: { c, i in let o = try item(c); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        LuaProperty("image", get: { c in c.L.push(try item(c).image); return 1 },
                    set: { c, i in let o = try item(c); o.image = o.hold(try c.args.optionalString(i), replacing: o.image) }),
        LuaProperty("selectedImage", get: { c in c.L.push(try item(c).selectedImage); return 1 },
                    set: { c, i in let o = try item(c); o.selectedImage = o.hold(try c.args.optionalString(i), replacing: o.selectedImage) }),
        LuaProperty("badgeValue", get: { c in c.L.push(try item(c).badgeValue); return 1 },
                    set: { c, i in let o = try item(c); o.badgeValue = o.hold(try c.args.optionalString(i), replacing: o.badgeValue) }),
        LuaProperty("tag", get: { c in c.L.push(try item(c).tag); return 1 },
                    set: { c, i in try item(c).tag = try c.args.integer(i) }),
    ]

    static let binding = LuaBinding(
        name: "TabBarItem", tag: Tag.other, parent: nil, methods: [], properties: properties,
        make: { rt, _, name in TabBarItem(simulation: rt.simulation, title: nil, name: name) })
}

/// `vc.navigationItem` and `ui.BarButtonItem{ title, action = fn }`
enum NavigationItemBinding {
    static func navItem(_ c: PropertyContext) throws -> NavigationItem { try c.receiver(NavigationItem.self) }

    static func items(_ c: PropertyContext, _ i: Int32) throws -> [BarButtonItem] {
        if c.L.isNoneOrNil(i) { return [] }
        try c.args.table(i)
        var list: [BarButtonItem] = []
        for k in 0..<Int(lua_rawlen(c.L, i)) {
            lua_rawgeti(c.L, i, lua_Integer(k + 1))
            defer { c.L.pop() }
            list.append(try c.args.object(c.L.top, BarButtonItem.self, "BarButtonItem"))
        }
        return list
    }

    static let properties: [LuaProperty] = [
        LuaProperty("title", get: { c in c.L.push(try navItem(c).title); return 1 },
                    set: { c, i in let o = try navItem(c); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        LuaProperty("leftBarButtonItems", get: { c in c.rt.push(objects: try navItem(c).leftBarButtonItems); return 1 },
                    set: { c, i in try navItem(c).leftBarButtonItems = try items(c, i) }),
        LuaProperty("rightBarButtonItems", get: { c in c.rt.push(objects: try navItem(c).rightBarButtonItems); return 1 },
                    set: { c, i in try navItem(c).rightBarButtonItems = try items(c, i) }),
        LuaProperty("backButtonTitle", get: { c in c.L.push(try navItem(c).backButtonTitle); return 1 },
                    set: { c, i in let o = try navItem(c); o.backButtonTitle = o.hold(try c.args.optionalString(i), replacing: o.backButtonTitle) }),
        LuaProperty("hidesBackButton", get: { c in c.L.push(try navItem(c).hidesBackButton); return 1 },
                    set: { c, i in try navItem(c).hidesBackButton = try c.args.boolean(i) }),
    ]

    static let binding = LuaBinding(name: "NavigationItem", tag: Tag.other, parent: nil, methods: [], properties: properties, make: nil)

    static let barButtonBinding = LuaBinding(
        name: "BarButtonItem", tag: Tag.other, parent: nil, methods: [],
        properties: [
            LuaProperty("name", get: { c in c.L.push(c.object.name); return 1 }),
            LuaProperty("title", get: { c in c.L.push(try c.receiver(BarButtonItem.self).title); return 1 },
                        set: { c, i in let o = try c.receiver(BarButtonItem.self); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        ],
        make: { rt, _, name in BarButtonItem(simulation: rt.simulation, title: nil, name: name) })
}

/// `ui.TableView{ rows = {...} | dataSource = { numberOfRows = fn, cellForRow = fn },
/// rowHeight = 44, delegate = { didSelectRow = fn(table, row) } }`; rows are 1-based.
enum TableViewBinding {
    static func table(_ c: PropertyContext) throws -> TableView { try c.receiver(TableView.self) }

    /// Points the core's data source closures at the table's fields: `rows` if given,
    /// else `dataSource`'s functions (read raw, at call time).
    static func wire(_ rt: LuaRuntime, _ t: TableView) {
        let host = rt.host
        // Weak: the closures are stored on the table itself (a cycle otherwise).
        t.rowCount = { [weak t] in
            guard host.isOpen, let t else { return 0 }
            return host.runtime.tableRowCount(t)
        }
        t.rowTitle = { [weak t] row in
            guard host.isOpen, let t else { return "" }
            return host.runtime.tableRowTitle(t, row)
        }
    }

    static let methods: [LuaMethod] = [
        LuaMethod("reloadData") { a in try a.object(1, TableView.self, "TableView").reloadData(); return 0 },
        LuaMethod("cellForRow") { a in
            let t = try a.object(1, TableView.self, "TableView")
            a.rt.push(t.cell(forRow: try a.integer(2) - 1))
            return 1
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("rowHeight", get: { c in c.L.push(try table(c).rowHeight); return 1 },
                    set: { c, i in
                        let h = try c.args.number(i)
                        guard h.isFinite, h > 0 else { throw LuaFailure.argument(i, "rowHeight must be a positive number") }
                        try table(c).rowHeight = h
                    }),
        LuaProperty("rows", get: { c in c.rt.pushField(c, "rows"); return 1 },
                    set: { c, i in try c.rt.setField(c, i, "rows", table: true); try table(c).reloadData() }),
        LuaProperty("dataSource", get: { c in c.rt.pushField(c, "dataSource"); return 1 },
                    set: { c, i in try c.rt.setField(c, i, "dataSource", table: true); try table(c).reloadData() }),
        LuaProperty("numberOfRows", get: { c in c.L.push(try table(c).numberOfRows); return 1 }),
        LuaProperty("delegate", get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in _ = try c.rt.setDelegateTable(c, i) }),
    ]

    static let binding = LuaBinding(
        name: "TableView", tag: Tag.scrollView, parent: "ScrollView", methods: methods, properties: properties,
        make: { rt, _, name in
            let t = TableView(simulation: rt.simulation, name: name)
            wire(rt, t)
            return t
        })
}

extension LuaRuntime {
    func pushField(_ c: PropertyContext, _ field: String) {
        if lua_getiuservalue(c.L, c.ud, 1) == LUA_TTABLE {
            c.L.rawField(-1, field)
            lua_rotate(c.L, -2, 1)
            c.L.pop()
        }
    }

    func setField(_ c: PropertyContext, _ i: Int32, _ field: String, table: Bool) throws {
        if table, !(c.L.isNoneOrNil(i) || c.L.type(i) == LUA_TTABLE) {
            throw LuaFailure.typeError(i, expected: "table", got: c.L.typeName(at: i))
        }
        if lua_getiuservalue(c.L, c.ud, 1) != LUA_TTABLE {
            c.L.pop(); c.L.newTable(); lua_pushvalue(c.L, -1); lua_setiuservalue(c.L, c.ud, 1)
        }
        lua_pushvalue(c.L, i)
        c.L.setRawField(-2, field)
        c.L.pop()
        fieldChanged(c.object, valueType: LUA_TTABLE, ud: c.ud)
    }

    /// Pushes the table's fields table; false if there is none.
    private func pushTableFields(_ t: TableView) -> Bool {
        guard pushExisting(t) else { return false }
        if lua_getiuservalue(L, -1, 1) == LUA_TTABLE { return true }
        L.pop(2)
        return false
    }

    func tableRowCount(_ t: TableView) -> Int {
        let top = L.top
        defer { L.settop(top) }
        guard pushTableFields(t) else { return 0 }
        let fields = L.top
        if L.rawField(fields, "rows") == LUA_TTABLE { return Int(lua_rawlen(L, -1)) }
        L.pop()
        guard L.rawField(fields, "dataSource") == LUA_TTABLE, L.rawField(-1, "numberOfRows") == LUA_TFUNCTION else { return 0 }
        lua_pushvalue(L, top + 1)
        guard nb_pcall(L, 1, 1) == LUA_OK else {
            reportHookError(object: t, hook: "numberOfRows", text: L.string(at: -1) ?? "error")
            return 0
        }
        guard let n = L.number(at: -1), n.isFinite, n >= 0 else { return 0 }
        return n < 1_000_000 ? Int(n) : 1_000_000      // a table of at most a million rows
    }

    func tableRowTitle(_ t: TableView, _ row: Int) -> String {
        let top = L.top
        defer { L.settop(top) }
        guard pushTableFields(t) else { return "" }
        let fields = L.top
        if L.rawField(fields, "rows") == LUA_TTABLE {
            lua_rawgeti(L, -1, lua_Integer(row + 1))
        } else {
            L.pop()
            guard L.rawField(fields, "dataSource") == LUA_TTABLE, L.rawField(-1, "cellForRow") == LUA_TFUNCTION else { return "" }
            lua_pushvalue(L, top + 1)
            L.push(row + 1)
            guard nb_pcall(L, 2, 1) == LUA_OK else {
                reportHookError(object: t, hook: "cellForRow", text: L.string(at: -1) ?? "error")
                return ""
            }
        }
        if L.type(-1) == LUA_TTABLE { L.rawField(-1, "text") }
        if let s = L.string(at: -1) { return s }
        if let n = L.number(at: -1) { return formatNumber(n) }
        return ""
    }
}

/// What view controllers gain with containers: presentation and the container links.
enum PresentationMethods {
    static let methods: [LuaMethod] = [
        /// vc:present(other, animated, completion)
        LuaMethod("present") { a in
            let vc = try ViewControllerBinding.check(a)
            let other = try ViewControllerBinding.check(a, 2)
            let done = a.L.type(4) == LUA_TFUNCTION ? LuaCallback(a.rt, index: 4) : nil
            try vc.present(other, animated: a.flag(3)) { done?.call(object: vc, what: "completion") }
            return 0
        },
        /// vc:dismiss(animated, completion)
        LuaMethod("dismiss") { a in
            let vc = try ViewControllerBinding.check(a)
            let done = a.L.type(3) == LUA_TFUNCTION ? LuaCallback(a.rt, index: 3) : nil
            vc.dismiss(animated: a.flag(2)) { done?.call(object: vc, what: "completion") }
            return 0
        },
    ]

    static func vc(_ c: PropertyContext) throws -> ViewController { try c.receiver(ViewController.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("navigationController", get: { c in c.rt.push(try vc(c).navigationController); return 1 }),
        LuaProperty("tabBarController", get: { c in c.rt.push(try vc(c).tabBarController); return 1 }),
        LuaProperty("navigationItem", get: { c in c.rt.push(try vc(c).navigationItem); return 1 }),
        LuaProperty("tabBarItem", get: { c in c.rt.push(try vc(c).tabBarItem); return 1 },
                    set: { c, i in try vc(c).tabBarItem = try c.args.object(i, TabBarItem.self, "TabBarItem") }),
        LuaProperty("presentedViewController", get: { c in c.rt.push(try vc(c).presentedViewController); return 1 }),
        LuaProperty("presentingViewController", get: { c in c.rt.push(try vc(c).presentingViewController); return 1 }),
        LuaProperty("isBeingPresented", get: { c in c.L.push(try vc(c).isBeingPresented); return 1 }),
        LuaProperty("isBeingDismissed", get: { c in c.L.push(try vc(c).isBeingDismissed); return 1 }),
        LuaProperty("modalPresentationStyle", get: { c in c.L.push(try vc(c).modalPresentationStyle.rawValue); return 1 },
                    set: { c, i in
                        let s = try c.args.string(i)
                        guard let style = ModalPresentationStyle(rawValue: s) else {
                            throw LuaFailure.argument(i, "unknown presentation style '\(s)' (fullScreen, pageSheet, overFullScreen, custom)")
                        }
                        try vc(c).modalPresentationStyle = style
                    }),
        LuaProperty("transitioningDelegate", get: { c in c.rt.pushDelegateTable(c, field: "transitioningDelegate"); return 1 },
                    set: { c, i in try vc(c).transitioningDelegate = try c.rt.setDelegateTable(c, i, field: "transitioningDelegate") }),
    ]
}
