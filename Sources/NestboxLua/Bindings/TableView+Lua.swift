import CLua
import CLuaShim
import Containment

/// `ui.TableView{ rows = {...} | dataSource = { numberOfRows = fn, cellForRow = fn },
/// rowHeight = 44, delegate = { didSelectRow = fn(table, row) } }`; rows are 1-based.
enum TableViewBinding {
    static func table(_ c: PropertyContext) throws -> TableView { try c.receiver(TableView.self) }

    /// Gives the model the table's data source after `rows` or `dataSource` changed:
    /// the `rows` list when there is one (it wins), else the bridge to the `dataSource`
    /// table, then reloads.
    static func rewire(_ c: PropertyContext) throws {
        let t = try table(c)
        let L = c.L
        var hasRows = false, hasDataSource = false
        if lua_getiuservalue(L, c.ud, 1) == LUA_TTABLE {
            hasRows = L.rawField(-1, "rows") == LUA_TTABLE; L.pop()
            hasDataSource = L.rawField(-1, "dataSource") == LUA_TTABLE; L.pop()
        }
        L.pop()
        t.dataSource = hasRows ? LuaRows(c.rt, table: t) : hasDataSource ? LuaBridge(c.rt, object: t, .field("dataSource")) : nil
        t.reloadData()
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
        LuaProperty("rows", "(string|{text: string})[]?", doc: "The rows' titles (at most 1,000,000); used instead of `dataSource` when set.",
                    get: { c in c.rt.pushField(c, "rows"); return 1 },
                    set: { c, i in try c.rt.setField(c, i, "rows", table: true); try rewire(c) }),
        LuaProperty("dataSource", "TableViewDataSource?", doc: "The data source table, read when `rows` is not set.",
                    get: { c in c.rt.pushField(c, "dataSource"); return 1 },
                    set: { c, i in try c.rt.setField(c, i, "dataSource", table: true); try rewire(c) }),
        LuaProperty("numberOfRows", "integer", doc: "The row count last loaded.",
                    get: { c in c.L.push(try table(c).numberOfRows); return 1 }),
        LuaProperty("delegate", "TableViewDelegate?", doc: "The delegate table.",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try table(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    // UITableViewDataSource (TableViewDataSource in the model; rows shown from 1).
    static let numberOfRows = LuaCall<TableView, Int>(
        "numberOfRows", "(table: TableView) -> integer", doc: "The row count (at most 1,000,000).",
        push: { rt, t in rt.push(t); return 1 },
        read: { rt, i in
            if rt.L.isNoneOrNil(i) { return .value(0) }
            // A table of at most a million rows.
            guard let n = rt.L.number(at: i), n.isFinite, n >= 0 else { return .wrongType(rt, i, expected: "a count of rows") }
            return .value(n < 1_000_000 ? Int(n) : 1_000_000)
        })
    static let cellForRow = LuaCall<(TableView, Int), String>(
        "cellForRow", "(table: TableView, row: integer) -> string|{text: string}", doc: "The title of a 1-based row.",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1 + 1); return 2 },
        read: { rt, i in
            switch rt.L.type(i) {
            case LUA_TNIL, LUA_TNONE, LUA_TSTRING, LUA_TNUMBER, LUA_TTABLE: return .value(title(rt, i))
            default: return .wrongType(rt, i, expected: "a title (a string or {text = ...})")
            }
        })
    static let dataSource = LuaProtocol(name: "TableViewDataSource", field: "dataSource",
                                        doc: "Rows on demand, when `rows` is not set.", methods: [numberOfRows.hook, cellForRow.hook])

    /// A row's title from its value at `i`: a string, a `{text = ...}` table or a number;
    /// anything else is an empty row.
    static func title(_ rt: LuaRuntime, _ i: Int32) -> String {
        let L = rt.L
        let top = L.top
        defer { L.settop(top) }
        var v = lua_absindex(L, i)
        if L.type(v) == LUA_TTABLE { L.rawField(v, "text"); v = L.top }
        if L.type(v) == LUA_TSTRING, let s = L.string(at: v) { return s }
        if let n = L.number(at: v) { return formatNumber(n) }
        return ""
    }

    // UITableViewDelegate (TableViewDelegate in the model; rows shown from 1).
    static let didSelectRow = LuaCall<(TableView, Int), Void>(
        "didSelectRow", "(table: TableView, row: integer)", doc: "After a tap selected a 1-based row.",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1 + 1); return 2 })
    static let delegate = LuaProtocol(name: "TableViewDelegate", field: "delegate", doc: "Row selection, and the scroll view's delegate methods.",
                                      methods: [didSelectRow.hook] + ScrollViewBinding.delegate.methods)

    static let binding = LuaBinding(
        "TableView", TableView.self, doc: "A scroll view of rows whose visible cells are real subviews, reused as it scrolls.",
        methods: methods, properties: properties, delegates: [dataSource, delegate],
        make: { rt, className, name in
            TableView(simulation: rt.simulation, className: className, name: name)
        })
}

extension LuaBridge: TableViewDelegate {
    func didSelectRow(_ table: TableView, _ row: Int) { call(TableViewBinding.didSelectRow, (table, row)) }
}

extension LuaBridge: TableViewDataSource {
    func numberOfRows(_ table: TableView) -> Int { call(TableViewBinding.numberOfRows, table) ?? 0 }
    func title(_ table: TableView, row: Int) -> String { call(TableViewBinding.cellForRow, (table, row)) ?? "" }
}

/// A table's `rows` list as its data source: read raw from the table's fields at each
/// ask, so a script that changes the list and calls `reloadData` sees it.
final class LuaRows: TableViewDataSource {
    let host: LuaHost
    /// Weak: the table holds this data source.
    weak var table: TableView?

    init(_ rt: LuaRuntime, table: TableView) { host = rt.host; self.table = table }

    /// Pushes the `rows` list; false, and nothing pushed, when there is none.
    private func pushRows(_ rt: LuaRuntime) -> Bool {
        let L = rt.L
        let top = L.top
        guard !rt.closing, let table, rt.pushExisting(table), lua_getiuservalue(L, -1, 1) == LUA_TTABLE,
              L.rawField(-1, "rows") == LUA_TTABLE else { L.settop(top); return false }
        lua_copy(L, -1, top + 1)
        L.settop(top + 1)
        return true
    }

    func numberOfRows(_ table: TableView) -> Int {
        guard host.isOpen, pushRows(host.runtime) else { return 0 }
        let L = host.runtime.L
        defer { L.pop() }
        return Int(min(lua_rawlen(L, -1), 1_000_000))
    }

    func title(_ table: TableView, row: Int) -> String {
        guard host.isOpen, pushRows(host.runtime) else { return "" }
        let L = host.runtime.L
        defer { L.pop(2) }
        lua_rawgeti(L, -1, lua_Integer(row + 1))
        return TableViewBinding.title(host.runtime, -1)
    }
}
