import CLua
import Containment

/// `ui.TabBar{ items = {...}, delegate = { didSelectItem = fn(bar, item) } }`
enum TabBarBinding {
    static func bar(_ c: PropertyContext) throws -> TabBar { try c.receiver(TabBar.self) }

    static let isTranslucent = LuaProperty("isTranslucent", "boolean", doc: "Whether content extends under the bar (default true, Q18).",
                                           get: { c in c.L.push(try bar(c).isTranslucent); return 1 },
                                           set: { c, i in try bar(c).isTranslucent = try c.args.boolean(i) })

    static let properties: [LuaProperty] = [
        LuaProperty("items", "TabBarItem[]", doc: "The items, one button each (a managed bar's are its controller's).",
                    get: { c in c.rt.push(objects: try bar(c).items); return 1 },
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
        LuaProperty("selectedItem", "TabBarItem?", doc: "The selected item; setting it does not call the delegate (Q14).",
                    get: { c in c.rt.push(try bar(c).selectedItem); return 1 },
                    set: { c, i in try bar(c).setSelectedItem(try c.args.optionalObject(i, TabBarItem.self, "TabBarItem")) }),
        LuaProperty("delegate", "TabBarDelegate?", doc: "The delegate table of a bare bar (a managed bar refuses one).",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in
                        if try bar(c).isManaged {
                            throw LuaFailure.message("NSInternalInconsistencyException: Changing the delegate of a tab bar managed by a tab bar controller is not allowed.")
                        }
                        try bar(c).delegate = try c.rt.setDelegateTable(c, i)
                    }),
        isTranslucent, .formerName("translucent", of: isTranslucent, doc: "The former spelling of `isTranslucent` (lint L15)."),
    ]

    // UITabBarDelegate (TabBarDelegate in the model).
    static let didSelectItem = LuaCall<(TabBar, TabBarItem), Void>(
        "didSelectItem", "(bar: TabBar, item: TabBarItem)", doc: "After a tap selected an item.",
        push: { rt, a in rt.push(a.0); rt.push(a.1); return 2 })
    static let delegate = LuaProtocol(name: "TabBarDelegate", field: "delegate", doc: "Item selection on a bare bar.",
                                      methods: [didSelectItem.hook])

    static let binding = LuaBinding(
        "TabBar", TabBar.self, doc: "A bar of item buttons: a tab bar controller's, or a bare one.", properties: properties,
        delegates: [delegate],
        make: { rt, className, name in TabBar(simulation: rt.simulation, className: className, name: name) })
}

extension LuaBridge: TabBarDelegate {
    func didSelect(_ bar: TabBar, item: TabBarItem) { call(TabBarBinding.didSelectItem, (bar, item)) }
}
