import CLua
import CLuaShim
import Containment

/// `ui.PageViewController{ transitionStyle = "scroll", navigationOrientation = "horizontal",
/// interPageSpacing = 8 }` (docs/page.md).
enum PageViewControllerBinding {
    static func check(_ a: Args) throws -> PageViewController { try a.object(1, PageViewController.self, "PageViewController") }
    static func pvc(_ c: PropertyContext) throws -> PageViewController { try c.receiver(PageViewController.self) }

    static let dataSource = LuaProtocol(name: "PageViewControllerDataSource", field: "dataSource",
                                        doc: "Supplies the pages on either side of one, asked only as a swipe commits to a direction (Q42).", methods: [
        LuaHook("viewControllerBefore", "(pvc: PageViewController, vc: ViewController) -> ViewController?",
                doc: "The page before `vc`, or nil at the first page (a swipe back then does nothing)."),
        LuaHook("viewControllerAfter", "(pvc: PageViewController, vc: ViewController) -> ViewController?",
                doc: "The page after `vc`, or nil at the last page."),
    ])
    static let delegate = LuaProtocol(name: "PageViewControllerDelegate", field: "delegate",
                                      doc: "Hears of swipes (not of `setViewControllers`).", methods: [
        LuaHook("willTransitionTo", "(pvc: PageViewController, pending: ViewController[])",
                doc: "A swipe committed to a direction; `pending` is coming (Q41)."),
        LuaHook("didFinishAnimating", "(pvc: PageViewController, finished: boolean, previous: ViewController[], completed: boolean)",
                doc: "A swipe's turn ended; `completed` is false when it was cancelled."),
    ])

    static func direction(_ a: Args, _ i: Int32) throws -> PageViewController.Direction {
        guard let s = try a.optionalString(i) else { return .forward }
        guard let d = PageViewController.Direction(rawValue: s) else {
            throw LuaFailure.argument(i, "unknown direction '\(s)' (forward, reverse)")
        }
        return d
    }

    static let methods: [LuaMethod] = [
        LuaMethod("setViewControllers", "(list: ViewController[], direction: string?, animated: boolean?, completion: fun(finished: boolean)?)",
                  doc: "Shows the one page in `list` (W20 otherwise), sliding in from the `forward` (default) or `reverse` side when animated.") { a in
            let p = try check(a)
            let list = try NavigationBinding.controllers(a, 2)
            let d = try direction(a, 3)
            let done: LuaCallback?
            switch a.L.type(5) {
            case LUA_TNONE, LUA_TNIL: done = nil
            case LUA_TFUNCTION: done = LuaCallback(a.rt, index: 5)
            default: throw LuaFailure.typeError(5, expected: "function", got: a.L.typeName(at: 5))
            }
            // Weak: a completion kept in a queued call must not keep the controller.
            try p.setViewControllers(list, direction: d, animated: a.flag(4)) { [weak p] finished in
                guard let p else { return }
                done?.call(object: p, what: "completion") { rt in rt.L.push(finished); return 1 }
            }
            return 0
        },
    ]

    static func option<T: RawRepresentable & CaseIterable>(_ c: PropertyContext, _ i: Int32, _ what: String) throws -> T where T.RawValue == String {
        let s = try c.args.string(i)
        guard let v = T(rawValue: s) else {
            throw LuaFailure.argument(i, "unknown \(what) '\(s)' (\(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return v
    }

    static let properties: [LuaProperty] = [
        LuaProperty("viewControllers", "ViewController[]", doc: "The page on screen (a list of one).",
                    get: { c in c.rt.push(objects: try pvc(c).viewControllers); return 1 }),
        LuaProperty("transitionStyle", "string", doc: "`scroll` (default) or `pageCurl`; set before the view loads.",
                    get: { c in c.L.push(try pvc(c).transitionStyle.rawValue); return 1 },
                    set: { c, i in try pvc(c).configure(style: try option(c, i, "transition style")) }),
        LuaProperty("navigationOrientation", "string", doc: "`horizontal` (default) or `vertical`; set before the view loads.",
                    get: { c in c.L.push(try pvc(c).navigationOrientation.rawValue); return 1 },
                    set: { c, i in try pvc(c).configure(orientation: try option(c, i, "orientation")) }),
        LuaProperty("interPageSpacing", "number", doc: "Points between pages while they scroll (0 to 10000); set before the view loads.",
                    get: { c in c.L.push(try pvc(c).interPageSpacing); return 1 },
                    set: { c, i in try pvc(c).configure(spacing: try c.args.number(i)) }),
        LuaProperty("isTurning", "boolean", doc: "Whether a page turn (a swipe or an animated change) is under way.",
                    get: { c in c.L.push(try pvc(c).isTurning); return 1 }),
        LuaProperty("scrollView", "View", doc: "The private queuing scroll view holding the pages.",
                    get: { c in c.rt.push(try pvc(c).scrollView); return 1 }),
        LuaProperty("dataSource", "PageViewControllerDataSource?", doc: "The data source table.",
                    get: { c in c.rt.pushDelegateTable(c, field: "dataSource"); return 1 },
                    set: { c, i in try pvc(c).dataSource = try LuaPageBridge.make(c, i, field: "dataSource") }),
        LuaProperty("delegate", "PageViewControllerDelegate?", doc: "The delegate table.",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try pvc(c).delegate = try LuaPageBridge.make(c, i, field: "delegate") }),
    ]

    static let binding = LuaBinding(
        "PageViewController", PageViewController.self,
        doc: "A container showing one page at a time; a swipe turns to the page its data source gives.",
        methods: methods, properties: properties, delegates: [dataSource, delegate],
        make: { rt, className, name in PageViewController(simulation: rt.simulation, className: className, name: name) })
}

/// The Swift side of a page view controller's `dataSource` or `delegate` table. The table
/// lives in the controller's fields, as every delegate table does (Delegates+Lua.swift),
/// so it is collected with the controller; this bridge only knows whom to ask.
final class LuaPageBridge: PageViewControllerDataSource, PageViewControllerDelegate {
    let host: LuaHost
    /// Weak: the controller holds this bridge.
    weak var object: PageViewController?
    let field: String

    init(_ rt: LuaRuntime, object: PageViewController, field: String) {
        host = rt.host; self.object = object; self.field = field
    }

    static func make(_ c: PropertyContext, _ i: Int32, field: String) throws -> LuaPageBridge? {
        guard try c.rt.setDelegateTable(c, i, field: field) != nil else { return nil }
        return LuaPageBridge(c.rt, object: try c.receiver(PageViewController.self), field: field)
    }

    func viewController(_ pvc: PageViewController, before vc: ViewController) -> ViewController? { page("viewControllerBefore", vc) }
    func viewController(_ pvc: PageViewController, after vc: ViewController) -> ViewController? { page("viewControllerAfter", vc) }

    /// The answer as a controller; nil as nil; anything else is the method's error at the
    /// line defining it, and no page.
    private func page(_ method: String, _ vc: ViewController) -> ViewController? {
        guard host.isOpen, let object else { return nil }
        return host.runtime.askDelegate(object, field: field, method, { rt in rt.push(vc); return 1 }) { rt, i in
            if rt.L.isNoneOrNil(i) { return nil }
            if let o = nb_toobject(rt.L, i), let p = o.pointee.object,
               let answer = Unmanaged<SimObject>.fromOpaque(p).takeUnretainedValue() as? ViewController { return answer }
            report(method, "\(method)(pvc, vc) returned a \(rt.L.typeName(at: i)), not a ViewController or nil")
            return nil
        }
    }

    func refused(_ pvc: PageViewController, _ vc: ViewController, asked direction: PageViewController.Direction, _ error: ContainmentError) {
        let method = direction == .forward ? "viewControllerAfter" : "viewControllerBefore"
        report(method, "\(vc.objectDescription) cannot be a page: \(error.description)")
    }

    private func report(_ method: String, _ problem: String) {
        guard host.isOpen, let object else { return }
        let rt = host.runtime
        rt.reportHookError(object: object, hook: "\(field).\(method)", text: "\(rt.delegatePosition(object, field: field, method))\(problem)")
    }

    func willTransition(_ pvc: PageViewController, to pending: [ViewController]) {
        guard host.isOpen, let object else { return }
        host.runtime.runDelegate(object, field: field, "willTransitionTo") { rt in rt.push(objects: pending); return 1 }
    }

    func didFinishAnimating(_ pvc: PageViewController, finished: Bool, previous: [ViewController], completed: Bool) {
        guard host.isOpen, let object else { return }
        host.runtime.runDelegate(object, field: field, "didFinishAnimating") { rt in
            rt.L.push(finished); rt.push(objects: previous); rt.L.push(completed); return 3
        }
    }
}
