import CLua
import Containment

/// `ui.ScrollView{ contentSize, contentOffset, delegate = { didScroll = fn } }`: the
/// content, its offset and the delegate; how a finger and time move it (insets,
/// paging, bouncing, deceleration) is in ScrollView+Scrolling+Lua.swift.
enum ScrollViewBinding {
    static func scroll(_ c: PropertyContext) throws -> ScrollView { try c.receiver(ScrollView.self) }

    static let properties: [LuaProperty] = [
        LuaProperty("contentSize", "Size", doc: "The size of the scrollable content.",
                    get: { c in c.rt.push(try scroll(c).contentSize); return 1 },
                    set: { c, i in
                        let v = try c.args.fields(i, positional: ["width", "height"], "size")
                        try scroll(c).contentSize = Size(width: v[0], height: v[1])
                    }),
        LuaProperty("contentOffset", "Point", doc: "The scroll position (the bounds' origin).",
                    get: { c in c.rt.push(try scroll(c).contentOffset); return 1 },
                    set: { c, i in try scroll(c).contentOffset = try c.args.point(i) }),
        LuaProperty("delegate", "ScrollViewDelegate?", doc: "The delegate table.",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try scroll(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    // UIScrollViewDelegate (ScrollViewDelegate in the model): each declaration is the call.
    static func told(_ name: String, _ doc: StaticString) -> LuaCall<ScrollView, Void> {
        LuaCall<ScrollView, Void>(name, "(scrollView: ScrollView)", doc: doc, push: { rt, s in rt.push(s); return 1 })
    }
    static let didScroll = told("didScroll", "After the content offset changed.")
    static let willBeginDragging = told("willBeginDragging", "A finger starts dragging the content, before it moves.")
    static let willEndDragging = LuaCall<(ScrollView, Point, Point), Point>(
        "willEndDragging", "(scrollView: ScrollView, velocity: Point, targetContentOffset: Point) -> Point?",
        doc: "The finger lifts; `velocity` in points per millisecond. Return a point to change where the content stops (not called when paging).",
        push: { rt, a in rt.push(a.0); rt.push(a.1); rt.push(a.2); return 3 },
        read: { rt, i in
            if rt.L.isNoneOrNil(i) { return .value(nil) }
            if rt.L.type(i) == LUA_TTABLE, let p = try? Args(L: rt.L, rt: rt).point(i), p.x.isFinite, p.y.isFinite { return .value(p) }
            return .wrongType(rt, i, expected: "a point with finite numbers")
        })
    static let didEndDragging = LuaCall<(ScrollView, Bool), Void>(
        "didEndDragging", "(scrollView: ScrollView, willDecelerate: boolean)",
        doc: "The finger lifted; `willDecelerate` says whether the content moves on.",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1); return 2 })
    static let willBeginDecelerating = told("willBeginDecelerating", "The content moves on after the finger lifted.")
    static let didEndDecelerating = told("didEndDecelerating", "The content came to rest after decelerating.")
    static let didEndScrollingAnimation = told("didEndScrollingAnimation", "An animated `setContentOffset` finished.")
    static let didChangeAdjustedContentInset = told("didChangeAdjustedContentInset", "After `adjustedContentInset` changed.")
    static let delegate = LuaProtocol(name: "ScrollViewDelegate", field: "delegate", doc: "A scroll view's delegate table.",
                                      methods: [didScroll.hook, willBeginDragging.hook, willEndDragging.hook, didEndDragging.hook,
                                                willBeginDecelerating.hook, didEndDecelerating.hook, didEndScrollingAnimation.hook,
                                                didChangeAdjustedContentInset.hook])

    static let binding = LuaBinding(
        "ScrollView", ScrollView.self, doc: "A view whose bounds scroll over its content.",
        methods: ScrollingBinding.methods, properties: properties + ScrollingBinding.properties,
        hooks: ScrollingBinding.hooks, delegates: [delegate],
        make: { rt, className, name in ScrollView(simulation: rt.simulation, className: className, name: name) })
}

extension LuaBridge: ScrollViewDelegate {
    func didScroll(_ scrollView: ScrollView) { call(ScrollViewBinding.didScroll, scrollView) }
    func willBeginDragging(_ scrollView: ScrollView) { call(ScrollViewBinding.willBeginDragging, scrollView) }
    func willEndDragging(_ scrollView: ScrollView, velocity: Point, target: Point) -> Point? {
        call(ScrollViewBinding.willEndDragging, (scrollView, velocity, target))
    }
    func didEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {
        call(ScrollViewBinding.didEndDragging, (scrollView, willDecelerate))
    }
    func willBeginDecelerating(_ scrollView: ScrollView) { call(ScrollViewBinding.willBeginDecelerating, scrollView) }
    func didEndDecelerating(_ scrollView: ScrollView) { call(ScrollViewBinding.didEndDecelerating, scrollView) }
    func didEndScrollingAnimation(_ scrollView: ScrollView) { call(ScrollViewBinding.didEndScrollingAnimation, scrollView) }
    func didChangeAdjustedContentInset(_ scrollView: ScrollView) { call(ScrollViewBinding.didChangeAdjustedContentInset, scrollView) }
}
