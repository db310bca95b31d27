import CLua
import Containment

/// `ui.Button{ title, isSelected, isEnabled }`
enum ButtonBinding {
    static func button(_ c: PropertyContext) throws -> Button {
        return try c.receiver(Button.self)
    }

    static let properties: [LuaProperty] = [
        LuaProperty("title", "string?", doc: "The title; `ui.tap(\"title\")` finds the button.",
                    get: { c in c.L.push(try button(c).title); return 1 },
                    set: { c, i in let o = try button(c); o.title = o.hold(try c.args.optionalString(i), replacing: o.title) }),
        LuaProperty("isSelected", "boolean", doc: "The selected state.",
                    get: { c in c.L.push(try button(c).isSelected); return 1 },
                    set: { c, i in try button(c).isSelected = try c.args.boolean(i) }),
        LuaProperty("isEnabled", "boolean", doc: "A disabled button takes no taps.",
                    get: { c in c.L.push(try button(c).isEnabled); return 1 },
                    set: { c, i in try button(c).isEnabled = try c.args.boolean(i) }),
    ]

    static let binding = LuaBinding(
        "Button", Button.self, doc: "A control with a title and target-actions.", methods: ButtonMethods.methods, properties: properties,
        make: { rt, className, name in Button(simulation: rt.simulation, className: className, name: name) })
}

/// Button's target-action: `b:addTarget(fn, event)`; the functions live in the
/// button's own fields (user value), so a cycle through them stays collectable.
enum ButtonMethods {
    static let methods: [LuaMethod] = [
        LuaMethod("addTarget", "(action: fun(button: Button, event: string), event: string?)",
                  doc: "Calls `action` on the control event (`touchDown`, `touchUpInside` (default), `valueChanged`).") { a in
            let b = try a.object(1, Button.self, "Button")
            try a.function(2)
            let event = try a.optionalString(3) ?? "touchUpInside"
            guard ControlEvent(rawValue: event) != nil else {
                throw LuaFailure.argument(3, "unknown control event '\(event)' (touchDown, touchUpInside, valueChanged)")
            }
            let L = a.L
            if lua_getiuservalue(L, 1, 1) != LUA_TTABLE {
                L.pop(); L.newTable(); lua_pushvalue(L, -1); lua_setiuservalue(L, 1, 1)
            }
            let fields = L.top
            if L.rawField(fields, "__targets") != LUA_TTABLE {
                L.pop(); L.newTable(); lua_pushvalue(L, -1); L.setRawField(fields, "__targets")
            }
            let targets = L.top
            if L.rawField(targets, event) != LUA_TTABLE {
                L.pop(); L.newTable(); lua_pushvalue(L, -1); L.setRawField(targets, event)
            }
            lua_pushvalue(L, 2)
            lua_rawseti(L, -2, lua_Integer(lua_rawlen(L, -2) + 1))
            a.rt.fieldChanged(b, valueType: LUA_TTABLE)
            return 0
        },
        LuaMethod("sendActions", "(event: string)", doc: "Calls the targets of that control event.") { a in
            let b = try a.object(1, Button.self, "Button")
            let event = try a.string(2)
            guard let e = ControlEvent(rawValue: event) else { throw LuaFailure.argument(2, "unknown control event '\(event)'") }
            b.sendActions(for: e)
            return 0
        },
    ]
}
