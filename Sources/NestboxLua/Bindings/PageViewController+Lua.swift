import CLua
import CLuaShim
import Containment

/// `ui.PageViewController{ transitionStyle = "scroll", navigationOrientation = "horizontal",
/// interPageSpacing = 8 }` (docs/page.md).
enum PageViewControllerBinding {
    static func check(_ a: Args) throws -> PageViewController { try a.object(1, PageViewController.self, "PageViewController") }
    static func pvc(_ c: PropertyContext) throws -> PageViewController { try c.receiver(PageViewController.self) }

    static func direction(_ a: Args, _ i: Int32) throws -> PageViewController.Direction {
        guard let s = try a.optionalString(i) else { return .forward }
        guard let d = PageViewController.Direction(rawValue: s) else {
            throw LuaFailure.argument(i, "unknown direction '\(s)' (forward, reverse)")
        }
        return d
    }

    static let methods: [LuaMethod] = [
        LuaMethod("setViewControllers", "(list: ViewController[], direction: string?, animated: boolean?, completion: fun(finished: boolean)?)", overridable: true,
                  doc: "Shows the pages in `list`: one, or two for a `mid` spine or double-sided pages (W20 otherwise), turning `forward` (default) or `reverse` when animated.") { a in
            let p = try check(a)
            let list = try NavigationBinding.controllers(a, 2)
            let d = try direction(a, 3)
            let done = try a.optionalCallback(5)
            // Weak: a completion kept in a queued call must not keep the controller.
            try p.setViewControllers(list, direction: d, animated: try a.flag(4)) { [weak p] finished in
                guard let p else { return }
                done?.call(object: p, what: "completion") { rt in rt.L.push(finished); return 1 }
            }
            return 0
        },
    ]

    static func option<T: RawRepresentable & CaseIterable>(_ c: PropertyContext, _ i: Int32, _ what: String) throws -> T where T.RawValue == String {
        try c.args.choice(i, what)
    }

    static let properties: [LuaProperty] = [
        LuaProperty("viewControllers", "ViewController[]", doc: "The pages: one, or two (a spread, or a page and its back: Q70).",
                    get: { c in c.rt.push(objects: try pvc(c).viewControllers); return 1 }),
        LuaProperty("transitionStyle", "string", doc: "`scroll` (default) or `pageCurl`; set before the view loads.",
                    get: { c in c.L.push(try pvc(c).transitionStyle.rawValue); return 1 },
                    set: { c, i in try pvc(c).configure(style: try option(c, i, "transition style")) }),
        LuaProperty("navigationOrientation", "string", doc: "`horizontal` (default) or `vertical`; set before the view loads.",
                    get: { c in c.L.push(try pvc(c).navigationOrientation.rawValue); return 1 },
                    set: { c, i in try pvc(c).configure(orientation: try option(c, i, "orientation")) }),
        LuaProperty("spineLocation", "string",
                    doc: "Page curl's spine: `min` (default), `mid` (two pages side by side) or `max`; `none` for scroll. Set before the view loads.",
                    get: { c in c.L.push(try pvc(c).spineLocation.rawValue); return 1 },
                    set: { c, i in try pvc(c).configure(spine: try option(c, i, "spine location")) }),
        LuaProperty("isDoubleSided", "boolean", doc: "Whether each page has a back (true with a `mid` spine, which requires it).",
                    get: { c in c.L.push(try pvc(c).isDoubleSided); return 1 },
                    set: { c, i in try pvc(c).setDoubleSided(try c.args.boolean(i)) }),
        LuaProperty("interPageSpacing", "number", doc: "Points between pages while they scroll (0 to 10000); set before the view loads.",
                    get: { c in c.L.push(try pvc(c).interPageSpacing); return 1 },
                    set: { c, i in try pvc(c).configure(spacing: try c.args.number(i)) }),
        LuaProperty("isTurning", "boolean", doc: "Whether a page turn (a swipe or an animated change) is under way.",
                    get: { c in c.L.push(try pvc(c).isTurning); return 1 }),
        LuaProperty("scrollView", "View", doc: "The private queuing scroll view holding the pages.",
                    get: { c in c.rt.push(try pvc(c).scrollView); return 1 }),
        LuaProperty("dataSource", "PageViewControllerDataSource?", doc: "The data source table.",
                    get: { c in c.rt.pushDelegateTable(c, field: "dataSource"); return 1 },
                    set: { c, i in try pvc(c).dataSource = try c.rt.setDelegateTable(c, i, field: "dataSource") }),
        LuaProperty("delegate", "PageViewControllerDelegate?", doc: "The delegate table.",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try pvc(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    static let binding = LuaBinding(
        "PageViewController", PageViewController.self,
        doc: "A container showing one page at a time; a swipe turns to the page its data source gives.",
        methods: methods, properties: properties, delegates: [dataSource, delegate],
        make: { rt, className, name in PageViewController(simulation: rt.simulation, className: className, name: name) })
}

// UIPageViewControllerDataSource and UIPageViewControllerDelegate (the model's
// PageViewControllerDataSource and PageViewControllerDelegate).
extension PageViewControllerBinding {
    static let viewControllerBefore = LuaCall<(PageViewController, ViewController), ViewController>(
        "viewControllerBefore", "(pvc: PageViewController, vc: ViewController) -> ViewController?",
        doc: "The page before `vc`, or nil at the first page (a swipe back then does nothing).",
        push: { rt, a in rt.push(a.0); rt.push(a.1); return 2 }, read: LuaRead.object(ViewController.self, "a ViewController"))
    static let viewControllerAfter = LuaCall<(PageViewController, ViewController), ViewController>(
        "viewControllerAfter", "(pvc: PageViewController, vc: ViewController) -> ViewController?",
        doc: "The page after `vc`, or nil at the last page.",
        push: { rt, a in rt.push(a.0); rt.push(a.1); return 2 }, read: LuaRead.object(ViewController.self, "a ViewController"))
    static let willTransitionTo = LuaCall<(PageViewController, [ViewController]), Void>(
        "willTransitionTo", "(pvc: PageViewController, pending: ViewController[])",
        doc: "A swipe committed to a direction; `pending` is coming (Q41).",
        push: { rt, a in rt.push(a.0); rt.push(objects: a.1); return 2 })
    static let didFinishAnimating = LuaCall<(PageViewController, Bool, [ViewController], Bool), Void>(
        "didFinishAnimating", "(pvc: PageViewController, finished: boolean, previous: ViewController[], completed: boolean)",
        doc: "A swipe's turn ended; `completed` is false when it was cancelled.",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1); rt.push(objects: a.2); rt.L.push(a.3); return 4 })

    static let dataSource = LuaProtocol(name: "PageViewControllerDataSource", field: "dataSource",
                                        doc: "Supplies the pages on either side of one, asked only as a swipe commits to a direction (Q42).",
                                        methods: [viewControllerBefore.hook, viewControllerAfter.hook])
    static let delegate = LuaProtocol(name: "PageViewControllerDelegate", field: "delegate",
                                      doc: "Hears of swipes (not of `setViewControllers`).",
                                      methods: [willTransitionTo.hook, didFinishAnimating.hook])
}

extension LuaBridge: PageViewControllerDataSource, PageViewControllerDelegate {
    func viewController(_ pvc: PageViewController, before vc: ViewController) -> ViewController? {
        call(PageViewControllerBinding.viewControllerBefore, (pvc, vc))
    }
    func viewController(_ pvc: PageViewController, after vc: ViewController) -> ViewController? {
        call(PageViewControllerBinding.viewControllerAfter, (pvc, vc))
    }
    func refused(_ pvc: PageViewController, _ vc: ViewController, asked direction: PageViewController.Direction, _ error: ContainmentError) {
        let m = direction == .forward ? PageViewControllerBinding.viewControllerAfter : PageViewControllerBinding.viewControllerBefore
        report(m, "\(vc.objectDescription) cannot be a page: \(error.description)")
    }
    func willTransition(_ pvc: PageViewController, to pending: [ViewController]) {
        call(PageViewControllerBinding.willTransitionTo, (pvc, pending))
    }
    func didFinishAnimating(_ pvc: PageViewController, finished: Bool, previous: [ViewController], completed: Bool) {
        call(PageViewControllerBinding.didFinishAnimating, (pvc, finished, previous, completed))
    }
}
