import CLua
import CLuaShim
import Containment

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
        LuaMethod("reloadData", "()",
                  doc: "Asks the rows or the data source again and rebuilds the visible cells.") { a in
            try a.object(1, TableView.self, "TableView").reloadData(); return 0
        },
        LuaMethod("cellForRow", "(row: integer) -> View?",
                  doc: "The visible cell of a 1-based row, or nil when it is not visible.") { a in
            let t = try a.object(1, TableView.self, "TableView")
            a.rt.push(t.cell(forRow: try a.integer(2) - 1))
            return 1
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("rowHeight", "number", doc: "The height of every row (positive).",
                    get: { c in c.L.push(try table(c).rowHeight); return 1 },
                    set: { c, i in
                        let h = try c.args.number(i)
                        guard h.isFinite, h > 0 else { throw LuaFailure.argument(i, "rowHeight must be a positive number") }
                        try table(c).rowHeight = h
                    }),
        LuaProperty("rows", "(string|{text: string})[]?", doc: "The rows' titles; used instead of `dataSource` when set.",
                    get: { c in c.rt.pushField(c, "rows"); return 1 },
                    set: { c, i in try c.rt.setField(c, i, "rows", table: true); try table(c).reloadData() }),
        LuaProperty("dataSource", "TableViewDataSource?", doc: "The data source table, read when `rows` is not set.",
                    get: { c in c.rt.pushField(c, "dataSource"); return 1 },
                    set: { c, i in try c.rt.setField(c, i, "dataSource", table: true); try table(c).reloadData() }),
        LuaProperty("numberOfRows", "integer", doc: "The row count last loaded.",
                    get: { c in c.L.push(try table(c).numberOfRows); return 1 }),
        LuaProperty("delegate", "TableViewDelegate?", doc: "The delegate table.",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try table(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    // Read by tableRowCount and tableRowTitle below.
    static let dataSource = LuaProtocol(name: "TableViewDataSource", field: "dataSource",
                                        doc: "Rows on demand, when `rows` is not set.", methods: [
        LuaHook("numberOfRows", "(table: TableView) -> integer", doc: "The row count (at most 1,000,000)."),
        LuaHook("cellForRow", "(table: TableView, row: integer) -> string|{text: string}", doc: "The title of a 1-based row."),
    ])

    // UITableViewDelegate (TableViewDelegate in the model; rows shown from 1).
    static let didSelectRow = LuaCall<(TableView, Int), Void>(
        "didSelectRow", "(table: TableView, row: integer)", doc: "After a tap selected a 1-based row.",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1 + 1); return 2 })
    static let delegate = LuaProtocol(name: "TableViewDelegate", field: "delegate", doc: "Row selection, and the scroll view's `didScroll`.",
                                      methods: [didSelectRow.hook] + ScrollViewBinding.delegate.methods)

    static let binding = LuaBinding(
        "TableView", TableView.self, doc: "A scroll view of rows whose visible cells are real subviews, reused as it scrolls.",
        methods: methods, properties: properties, delegates: [dataSource, delegate],
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
        guard docall(nargs: 1, nresults: 1, object: t, context: "numberOfRows") else { return 0 }
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
            guard docall(nargs: 2, nresults: 1, object: t, context: "cellForRow") else { return "" }
        }
        if L.type(-1) == LUA_TTABLE { L.rawField(-1, "text") }
        if let s = L.string(at: -1) { return s }
        if let n = L.number(at: -1) { return formatNumber(n) }
        return ""
    }
}

extension LuaBridge: TableViewDelegate {
    func didSelectRow(_ table: TableView, _ row: Int) { call(TableViewBinding.didSelectRow, (table, row)) }
}
