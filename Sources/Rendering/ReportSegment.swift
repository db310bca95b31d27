import Containment

/// What one drawing pass saw of each view, for a report's frames between events
/// (`Renderer.render(_:collecting:)`): the views drawn, back to front, each one's
/// superview among them (-1 for the root), and for each shape the view it belongs to
/// (-1 for an `unclip`). `complete` is false when the page could not redraw the
/// picture from these alone: a view out of sight that an animation may bring back, or
/// shapes that no single view places.
struct DrawnViews {
    var views: [View] = []
    var parents: [Int32] = []
    var opViews: [Int32] = []
    var complete = true
}

/// The frames of an animation between two looks at the world, drawn by the report's
/// page rather than taken whole (README.md, The HTML report; policy Q33). At a 60 Hz tick
/// with nothing run since the last look (`Simulation.isWatchTick`) a view's presentation
/// is its model value plus each animation's delta × (1 − its group's progress), and the
/// picture follows from the views' presentations by the renderer's own arithmetic. A
/// tick frame is then its time and each group's progress; the page adds the deltas up,
/// places each view as `Renderer.matrix` does and moves the last look's shapes as
/// `SVG.encode` would have written them (ReportPage+Ticks.swift mirrors each step, in
/// the same order of operations, so the numbers are the same bytes).
///
/// The data, numbers only (it sits unescaped in the page's JSON):
/// - `v`: 14 per view drawn: its superview's index, its model center (2), bounds (4),
///   transform (6) and alpha;
/// - `n`: per animation in flight on a view drawn, in the order they add up: the view,
///   the property (`codes`), the group's index in `g`, then the delta's numbers;
/// - `o`: 4 per shape but `unclip`s, in the SVG's order: the view, its `Shape`, its
///   paint's alpha before the view's opacity, and a text's font size;
/// - `b`: the view of each controller box, in the boxes' order;
/// - `bg`: 1 when the SVG starts with the window's background.
struct ReportSegment {
    /// The groups whose progress each tick frame gives, in `g`'s order.
    let groups: [AnimationGroup]
    let json: String

    static let codes: [AnimatableProperty: Int] = [.center: 0, .bounds: 1, .transform: 2, .alpha: 3]

    /// Where a shape sits in its view's box (Renderer+Views.swift's shapes), each as the
    /// page works it out from the box of the tick.
    enum Shape: Int, CaseIterable {
        case box, bottomLine, topLine, cellLine, textLeft, textCenter, textRight

        func rect(_ b: Rect) -> Rect? {
            switch self {
            case .box: b
            case .bottomLine: Renderer.bottomLine(b)
            case .topLine: Renderer.topLine(b)
            case .cellLine: Renderer.cellLine(b)
            case .textLeft, .textCenter, .textRight: nil
            }
        }

        /// The one shape `op` is of in a view whose box is `box`; nil when none or more
        /// than one is (a box half a point high is also its own bottom line, and the two
        /// part when it grows).
        static func of(_ op: DisplayOp, in box: Rect) -> Shape? {
            let matches: [Shape]
            switch op {
            case .fill(let r, _, _), .stroke(let r, _, _, _), .clip(let r, _):
                matches = allCases.filter { $0.rect(box) == r }
            case .text(let run):
                guard run.box == box else { return nil }
                matches = [run.alignment == .left ? .textLeft : run.alignment == .center ? .textCenter : .textRight]
            case .unclip:
                return nil
            }
            return matches.count == 1 ? matches[0] : nil
        }
    }

    /// The segment of a look that drew `list`, nil when the page could not draw its
    /// ticks (an animated colour, a view an animation may bring into sight, a shape of
    /// no known place, or a number JSON cannot hold): those ticks are taken whole.
    static func make(_ list: DisplayList, _ drawn: DrawnViews, renderer: Renderer) -> ReportSegment? {
        guard drawn.complete, drawn.opViews.count == list.ops.count,
              let root = drawn.views.first, !root.hasAnimationsInFlight else { return nil }
        var groups: [AnimationGroup] = [], groupIndex: [ObjectIdentifier: Int] = [:]
        var w = NumberWriter()
        w.put("{\"v\":[")
        for (i, v) in drawn.views.enumerated() {
            let c = v.center, b = v.bounds, t = v.transform
            w.numbers([Double(drawn.parents[i]), c.x, c.y, b.origin.x, b.origin.y, b.size.width, b.size.height,
                       t.a, t.b, t.c, t.d, t.tx, t.ty, v.alpha], first: i == 0)
        }
        w.put("],\"n\":[")
        var first = true
        for (i, v) in drawn.views.enumerated() where v.hasAnimationsInFlight {
            for a in v.animationsInFlight {
                guard let code = codes[a.property] else { return nil }
                let g = groupIndex[ObjectIdentifier(a.group)] ?? {
                    groups.append(a.group)
                    groupIndex[ObjectIdentifier(a.group)] = groups.count - 1
                    return groups.count - 1
                }()
                w.numbers([Double(i), Double(code), Double(g)] + a.delta, first: first)
                first = false
            }
        }
        w.put("],\"o\":[")
        // Each view's shapes again at full opacity: a paint's own alpha, which the page
        // multiplies by the view's opacity of the tick as `Paint.fading` does.
        var k = 0
        first = true
        while k < list.ops.count {
            let index = Int(drawn.opViews[k])
            guard index >= 0 else { k += 1; continue }
            let v = drawn.views[index]
            let p = v.presentation
            let box = Rect(origin: p.bounds.origin, size: Size(width: abs(p.bounds.size.width), height: abs(p.bounds.size.height)))
            var own: [DisplayOp] = []
            renderer.draw(v, p, box, .identity, 1, into: &own)
            if v.clipsToBounds { own.append(.clip(box, .identity)) }
            var end = k
            while end < list.ops.count && drawn.opViews[end] == Int32(index) { end += 1 }
            guard own.count == end - k else { return nil }
            for op in own {
                if case .unclip = op { continue }          // no element of its own
                guard let shape = Shape.of(op, in: box) else { return nil }
                let (alpha, size): (Double, Double)
                switch op {
                case .fill(_, _, let paint), .stroke(_, _, let paint, _): (alpha, size) = (paint.a, 0)
                case .text(let run): (alpha, size) = (run.paint.a, run.size)
                default: (alpha, size) = (1, 0)
                }
                w.numbers([Double(index), Double(shape.rawValue), alpha, size], first: first)
                first = false
            }
            k = end
        }
        w.put("],\"b\":[")
        let boxViews = drawn.views.indices.filter { i in
            let v = drawn.views[i]
            return v.owningViewController.map { $0.viewIfLoaded === v } ?? false
        }
        guard boxViews.count == list.controllerBoxes.count else { return nil }
        w.numbers(boxViews.map(Double.init), first: true)
        w.put("],\"bg\":\(list.background == nil ? 0 : 1)}")
        guard w.finite else { return nil }
        return ReportSegment(groups: groups, json: String(decoding: w.out, as: UTF8.self))
    }
}

/// Numbers as JSON, each exactly (the shortest text that reads back as the same
/// Double), so the page's arithmetic starts from the model's own values.
struct NumberWriter {
    var out: [UInt8] = []
    /// False once a number JSON cannot write (NaN or infinite) was given.
    var finite = true

    mutating func put(_ s: String) { out.append(contentsOf: s.utf8) }

    mutating func numbers(_ values: [Double], first: Bool) {
        for (i, v) in values.enumerated() {
            if i > 0 || !first { out.append(44) }
            guard v.isFinite else { finite = false; out.append(48); continue }
            // A negative zero is written 0: nothing the page works out shows a zero's sign
            // (the SVG's numbers write none).
            if v == v.rounded(), abs(v) < 1e15 {
                put(String(Int64(v)))
            } else {
                put(v.description)
            }
        }
    }
}
