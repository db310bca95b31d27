import CLua
import Containment

/// `ui.SplitViewController{ style = "doubleColumn", primary = vc, secondary = vc }`
/// (docs/split.md).
enum SplitViewControllerBinding {
    typealias Split = SplitViewController

    static func check(_ a: Args) throws -> Split { try a.object(1, Split.self, "SplitViewController") }
    static func svc(_ c: PropertyContext) throws -> Split { try c.receiver(Split.self) }

    /// One of an enum's names, or the argument's error listing them.
    static func name<E: RawRepresentable & CaseIterable>(_ a: Args, _ i: Int32, _ type: E.Type, _ what: String) throws -> E
        where E.RawValue == String {
        try a.choice(i, what)
    }

    static func column(_ a: Args, _ i: Int32) throws -> Split.Column { try name(a, i, Split.Column.self, "column") }

    static let methods: [LuaMethod] = [
        LuaMethod("setViewController", "(vc: ViewController?, column: string)",
                  doc: "Shows `vc` in the column (`primary`, `supplementary`, `secondary`, `compact`), wrapped in a navigation controller unless it is one; nil empties it.") { a in
            let s = try check(a)
            let vc = try a.optionalObject(2, ViewController.self, "ViewController")
            try s.setViewController(vc, for: try column(a, 3))
            return 0
        },
        LuaMethod("viewController", "(column: string) -> ViewController?",
                  doc: "The controller set for the column (not the navigation controller wrapping it).") { a in
            a.rt.push(try check(a).viewController(for: try column(a, 2))); return 1
        },
        LuaMethod("columnNavigationController", "(column: string) -> NavigationController?",
                  doc: "The navigation controller showing the column.") { a in
            a.rt.push(try check(a).navigationController(for: try column(a, 2))); return 1
        },
        LuaMethod("show", "(column: string|ViewController, sender: any?)", overridable: true,
                  doc: "With a column's name, shows the column: the closest display mode that does (Q46); collapsed, pushes its stack (Q47). With a controller, UIKit's show(_:sender:) (Q61).") { a in
            if a.L.type(2) != LUA_TSTRING {
                try check(a).show(try ViewControllerBinding.check(a, 2), action: .show); return 0
            }
            try check(a).show(try column(a, 2)); return 0
        },
        LuaMethod("hide", "(column: string)", doc: "Hides the column (not the secondary, Q45).") { a in
            try check(a).hide(try column(a, 2)); return 0
        },
    ]

    /// A column as a constructor field: `primary = vc`.
    static func columnProperty(_ c: Split.Column, _ doc: StaticString) -> LuaProperty {
        LuaProperty(c.rawValue, "ViewController?", doc: doc,
                    get: { ctx in ctx.rt.push(try svc(ctx).viewController(for: c)); return 1 },
                    set: { ctx, i in try svc(ctx).setViewController(try ctx.args.optionalObject(i, ViewController.self, "ViewController"), for: c) })
    }

    /// `style` first: the constructor applies fields in this order, and the columns
    /// need it (Q45).
    static let properties: [LuaProperty] = [
        LuaProperty("style", "string", doc: "`doubleColumn` (the default) or `tripleColumn`; fixed once a column is set (Q45).",
                    get: { c in c.L.push(try svc(c).style.rawValue); return 1 },
                    set: { c, i in try svc(c).setStyle(try name(c.args, i, Split.Style.self, "style")) }),
        columnProperty(.primary, "The primary column's controller."),
        columnProperty(.supplementary, "The supplementary column's controller (tripleColumn only)."),
        columnProperty(.secondary, "The secondary column's controller."),
        columnProperty(.compact, "The controller shown instead of the columns while collapsed."),
        LuaProperty("preferredDisplayMode", "string", doc: "`automatic` or a display mode (Q46).",
                    get: { c in c.L.push(try svc(c).preferredDisplayMode.rawValue); return 1 },
                    set: { c, i in
            let s = try svc(c), m = try name(c.args, i, Split.DisplayMode.self, "display mode")
            try s.checkMode(m)
            s.preferredDisplayMode = m
        }),
        LuaProperty("displayMode", "string", doc: "The arrangement shown (never `automatic`).",
                    get: { c in c.L.push(try svc(c).displayMode.rawValue); return 1 }),
        LuaProperty("preferredSplitBehavior", "string", doc: "`automatic`, `tile`, `overlay` or `displace` (Q46).",
                    get: { c in c.L.push(try svc(c).preferredSplitBehavior.rawValue); return 1 },
                    set: { c, i in try svc(c).preferredSplitBehavior = try name(c.args, i, Split.SplitBehavior.self, "split behavior") }),
        LuaProperty("splitBehavior", "string", doc: "The split behavior in effect (never `automatic`).",
                    get: { c in c.L.push(try svc(c).splitBehavior.rawValue); return 1 }),
        LuaProperty("preferredPrimaryColumnWidth", "number?", doc: "Points; nil is automatic, 320 (Q48).",
                    get: { c in pushWidth(c, try svc(c).preferredPrimaryColumnWidth); return 1 },
                    set: { c, i in try svc(c).preferredPrimaryColumnWidth = try width(c, i) }),
        LuaProperty("preferredSupplementaryColumnWidth", "number?", doc: "Points; nil is automatic, 320 (Q48).",
                    get: { c in pushWidth(c, try svc(c).preferredSupplementaryColumnWidth); return 1 },
                    set: { c, i in try svc(c).preferredSupplementaryColumnWidth = try width(c, i) }),
        LuaProperty("isCollapsed", "boolean", doc: "Whether the columns are collapsed into one stack (compact width, Q47).",
                    get: { c in c.L.push(try svc(c).isCollapsed); return 1 }),
        LuaProperty("viewControllers", "ViewController[]", doc: "The columns' navigation controllers; collapsed, the one shown.",
                    get: { c in c.rt.push(objects: try svc(c).viewControllers); return 1 }),
        LuaProperty("delegate", "SplitViewControllerDelegate?", doc: "The delegate table.",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try svc(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    static func pushWidth(_ c: PropertyContext, _ w: Double?) {
        if let w { c.L.push(w) } else { c.L.pushNil() }
    }

    /// Q48: nil (automatic) or a finite width of 0 to 10,000 points.
    static func width(_ c: PropertyContext, _ i: Int32) throws -> Double? {
        if c.L.isNoneOrNil(i) { return nil }
        let w = try c.args.number(i)
        guard w.isFinite, w >= 0, w <= 10_000 else { throw LuaFailure.argument(i, "width must be a number from 0 to 10000") }
        return w
    }

    static let binding = LuaBinding(
        "SplitViewController", Split.self, doc: "Columns side by side on a regular width, one navigation stack on a compact one (docs/split.md).",
        methods: methods, properties: properties, delegates: [delegate],
        make: { rt, className, name in Split(simulation: rt.simulation, className: className, name: name) })
}

// UISplitViewControllerDelegate (SplitViewControllerDelegate in the model): answers are
// column or mode names; any other answer is the method's error at its line, and the
// proposal stands.
extension SplitViewControllerBinding {
    static let topColumnForCollapsing = LuaCall<(Split, Split.Column), Split.Column>(
        "topColumnForCollapsing", "(svc: SplitViewController, proposed: string) -> string?",
        doc: "The column on top after collapsing (`secondary` proposed); nil keeps the proposal (Q47).",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1.rawValue); return 2 }, read: LuaRead.name)
    static let displayModeForExpanding = LuaCall<(Split, Split.DisplayMode), Split.DisplayMode>(
        "displayModeForExpanding", "(svc: SplitViewController, proposed: string) -> string?",
        doc: "The display mode after expanding; nil keeps the proposal (Q47).",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1.rawValue); return 2 }, read: LuaRead.name)
    static let willShow = LuaCall<(Split, Split.Column), Void>(
        "willShow", "(svc: SplitViewController, column: string)", doc: "A column is about to come on screen (Q13).",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1.rawValue); return 2 })
    static let willHide = LuaCall<(Split, Split.Column), Void>(
        "willHide", "(svc: SplitViewController, column: string)", doc: "A column is about to leave the screen (Q13).",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1.rawValue); return 2 })
    static let didCollapse = LuaCall<Split, Void>(
        "didCollapse", "(svc: SplitViewController)", doc: "After collapsing (Q47).", push: { rt, a in rt.push(a); return 1 })
    static let didExpand = LuaCall<Split, Void>(
        "didExpand", "(svc: SplitViewController)", doc: "After expanding (Q47).", push: { rt, a in rt.push(a); return 1 })

    static let delegate = LuaProtocol(name: "SplitViewControllerDelegate", field: "delegate",
                                      doc: "A split view controller's delegate table (every method optional).",
                                      methods: [topColumnForCollapsing.hook, displayModeForExpanding.hook, willShow.hook,
                                                willHide.hook, didCollapse.hook, didExpand.hook])
}

extension LuaBridge: SplitViewControllerDelegate {
    typealias Split = SplitViewController
    func topColumnForCollapsing(_ svc: Split, proposed: Split.Column) -> Split.Column? {
        call(SplitViewControllerBinding.topColumnForCollapsing, (svc, proposed))
    }
    func displayModeForExpanding(_ svc: Split, proposed: Split.DisplayMode) -> Split.DisplayMode? {
        call(SplitViewControllerBinding.displayModeForExpanding, (svc, proposed))
    }
    func willShow(_ svc: Split, column: Split.Column) { call(SplitViewControllerBinding.willShow, (svc, column)) }
    func willHide(_ svc: Split, column: Split.Column) { call(SplitViewControllerBinding.willHide, (svc, column)) }
    func didCollapse(_ svc: Split) { call(SplitViewControllerBinding.didCollapse, svc) }
    func didExpand(_ svc: Split) { call(SplitViewControllerBinding.didExpand, svc) }
}
