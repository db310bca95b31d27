import CLua
import Containment

/// What moves a scroll view's content besides code: the insets it rests within (Q63),
/// the finger (bouncing, paging, the pan recognizer: Q64) and time (deceleration and
/// animated offsets: Q65). Part of `ui.ScrollView` (ScrollView+Lua.swift).
enum ScrollingBinding {
    static func scroll(_ c: PropertyContext) throws -> ScrollView { try c.receiver(ScrollView.self) }

    static func flag(_ name: String, _ doc: StaticString, _ key: ReferenceWritableKeyPath<ScrollView, Bool>) -> LuaProperty {
        LuaProperty(name, "boolean", doc: doc, get: { c in c.L.push(try scroll(c)[keyPath: key]); return 1 },
                    set: { c, i in try scroll(c)[keyPath: key] = try c.args.boolean(i) })
    }
    static func state(_ name: String, _ doc: StaticString, _ key: KeyPath<ScrollView, Bool>) -> LuaProperty {
        LuaProperty(name, "boolean", doc: doc, get: { c in c.L.push(try scroll(c)[keyPath: key]); return 1 })
    }

    static let properties: [LuaProperty] = [
        LuaProperty("contentInset", "Insets", doc: "Space around the content, `{top, left, bottom, right}`.",
                    get: { c in c.rt.push(try scroll(c).contentInset); return 1 },
                    set: { c, i in try scroll(c).contentInset = try c.args.insets(i) }),
        LuaProperty("contentInsetAdjustmentBehavior", "string",
                    doc: "Which edges add the safe area: `automatic` (default), `scrollableAxes`, `never` or `always` (Q63).",
                    get: { c in c.L.push(try scroll(c).contentInsetAdjustmentBehavior.rawValue); return 1 },
                    set: { c, i in try scroll(c).contentInsetAdjustmentBehavior = try c.args.choice(i, "content inset adjustment behavior") }),
        LuaProperty("adjustedContentInset", "Insets", doc: "`contentInset` plus the safe area on the adjusted edges (Q63).",
                    get: { c in c.rt.push(try scroll(c).adjustedContentInset); return 1 }),
        flag("alwaysBounceVertical", "Whether the content scrolls vertically even when it fits.", \.alwaysBounceVertical),
        flag("alwaysBounceHorizontal", "Whether the content scrolls horizontally even when it fits.", \.alwaysBounceHorizontal),
        flag("bounces", "Whether a drag pulls the content past its edges, to spring back (Q64).", \.bounces),
        flag("isPagingEnabled", "Whether the content settles on multiples of the bounds' size (Q64).", \.isPagingEnabled),
        flag("isScrollEnabled", "Whether a finger scrolls the content (the pan recognizer's `isEnabled`).", \.isScrollEnabled),
        LuaProperty("decelerationRate", "number|'normal'|'fast'",
                    doc: "The speed kept per millisecond after a fling: `normal` (0.998, default) or `fast` (0.99), or a number.",
                    get: { c in c.L.push(try scroll(c).decelerationRate); return 1 },
                    set: { c, i in
                        let rate: Double
                        switch c.L.type(i) == LUA_TSTRING ? try c.args.string(i) : nil {
                        case "normal": rate = ScrollView.normalDecelerationRate
                        case "fast": rate = ScrollView.fastDecelerationRate
                        case nil: rate = try c.args.number(i)
                        case let s?: throw LuaFailure.argument(i, "unknown deceleration rate '\(s)' (normal, fast or a number)")
                        }
                        guard rate > 0, rate < 1 else { throw LuaFailure.argument(i, "deceleration rate must be between 0 and 1") }
                        try scroll(c).decelerationRate = rate
                    }),
        state("isTracking", "Whether a finger is down on the content.", \.isTracking),
        state("isDragging", "Whether a finger is dragging the content.", \.isDragging),
        state("isDecelerating", "Whether the content moves on after the finger lifted.", \.isDecelerating),
        LuaProperty("panGestureRecognizer", "PanGestureRecognizer", doc: "The scroll view's own pan recognizer (Q64).",
                    get: { c in c.rt.push(try scroll(c).panGestureRecognizer); return 1 }),
    ]

    static let methods: [LuaMethod] = [
        LuaMethod("setContentOffset", "(offset: Point, animated: boolean?)",
                  doc: "Moves the content; animated, over 0.3 s, ending with `didEndScrollingAnimation` (Q65).") { a in
            let s = try a.object(1, ScrollView.self, "ScrollView")
            s.setContentOffset(try a.point(2), animated: try a.flag(3))
            return 0
        },
    ] + SuperCalls.scrollView

    static let hooks: [LuaHook] = [
        LuaHook(.adjustedContentInsetDidChange, "()", doc: "After `adjustedContentInset` changed (Q63)."),
    ]
}
