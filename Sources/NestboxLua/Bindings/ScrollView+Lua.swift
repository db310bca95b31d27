import Containment

/// `ui.ScrollView{ contentSize, contentOffset, delegate = { didScroll = fn } }`
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
        LuaProperty("isDragging", "boolean", doc: "Whether a finger is dragging the content.",
                    get: { c in c.L.push(try scroll(c).isDragging); return 1 }),
        LuaProperty("delegate", "ScrollViewDelegate?", doc: "The delegate table.",
                    get: { c in c.rt.pushDelegateTable(c); return 1 },
                    set: { c, i in try scroll(c).delegate = try c.rt.setDelegateTable(c, i) }),
    ]

    // UIScrollViewDelegate (ScrollViewDelegate in the model): each declaration is the call.
    static let didScroll = LuaCall<ScrollView, Void>(
        "didScroll", "(scrollView: ScrollView)", doc: "After the content offset changed.",
        push: { rt, s in rt.push(s); return 1 })
    static let willBeginDragging = LuaCall<ScrollView, Void>(
        "willBeginDragging", "(scrollView: ScrollView)", doc: "A finger starts dragging the content, before it moves.",
        push: { rt, s in rt.push(s); return 1 })
    static let didEndDragging = LuaCall<(ScrollView, Bool), Void>(
        "didEndDragging", "(scrollView: ScrollView, willDecelerate: boolean)",
        doc: "The finger lifted; `willDecelerate` is false (Nestbox does not decelerate).",
        push: { rt, a in rt.push(a.0); rt.L.push(a.1); return 2 })
    static let delegate = LuaProtocol(name: "ScrollViewDelegate", field: "delegate", doc: "A scroll view's delegate table.",
                                      methods: [didScroll.hook, willBeginDragging.hook, didEndDragging.hook])

    static let binding = LuaBinding(
        "ScrollView", ScrollView.self, doc: "A view whose bounds scroll over its content.", properties: properties,
        delegates: [delegate],
        make: { rt, className, name in ScrollView(simulation: rt.simulation, className: className, name: name) })
}

extension LuaBridge: ScrollViewDelegate {
    func didScroll(_ scrollView: ScrollView) { call(ScrollViewBinding.didScroll, scrollView) }
    func willBeginDragging(_ scrollView: ScrollView) { call(ScrollViewBinding.willBeginDragging, scrollView) }
    func didEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {
        call(ScrollViewBinding.didEndDragging, (scrollView, willDecelerate))
    }
}
