/// What is on screen while animations run (CALayer's presentation layer).
public struct Presentation: Equatable, Sendable {
    public var center: Point
    public var bounds: Rect
    public var transform: Transform
    public var alpha: Double
    public var backgroundColor: String?
    public var frame: Rect { View.frame(center: center, bounds: bounds, transform: transform) }
}

extension View {
    /// The presentation value of one property: the model plus what the animations in
    /// flight still have to cover (they add up).
    func presentationValue(_ property: AnimatableProperty, model: AnimationValue? = nil) -> AnimationValue {
        var v = model ?? animationValue(property)
        guard !animations.isEmpty else { return v }
        let now = simulation.clock.now
        for a in animations where a.property == property {
            v = v + a.delta * (1 - a.group.progress(now))
        }
        return v
    }

    public var presentation: Presentation {
        let c = presentationValue(.center).c, b = presentationValue(.bounds).c
        let t = presentationValue(.transform).c, a = presentationValue(.alpha).c
        var color = backgroundColor
        if animations.contains(where: { $0.property == .backgroundColor }) {
            let k = presentationValue(.backgroundColor).c
            color = RGBA(r: k[0], g: k[1], b: k[2], a: k[3]).hex
        }
        return Presentation(center: Point(x: c[0], y: c[1]),
                            bounds: Rect(x: b[0], y: b[1], width: b[2], height: b[3]),
                            transform: Transform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5]),
                            alpha: a[0], backgroundColor: color)
    }

    /// The animations in flight on this view, in the order `presentationValue` adds
    /// them: each one's property, group and delta (the report's page adds them up itself
    /// between events, Rendering's ReportSegment).
    public var animationsInFlight: [(property: AnimatableProperty, group: AnimationGroup, delta: [Double])] {
        animations.map { ($0.property, $0.group, Array($0.delta.c)) }
    }

    public var hasAnimationsInFlight: Bool { !animations.isEmpty }

    /// Whether an animation is moving this view (hit-testing skips it unless the
    /// animation allows user interaction).
    public var isInFlight: Bool { animations.contains { !$0.group.isDone } || simulation.animator.isTransitioning(self) }
    var blocksInteraction: Bool {
        animations.contains { !$0.group.isDone && !$0.group.options.contains(.allowUserInteraction) }
            || simulation.animator.isTransitioning(self, blocking: true)
    }

    /// Sets a model value without recording (a cancelled interactive transition puts
    /// its start values back this way).
    func setAnimationValue(_ p: AnimatableProperty, _ v: AnimationValue) {
        let c = v.c
        switch p {
        case .center: center = Point(x: c[0], y: c[1])
        case .bounds: bounds = Rect(x: c[0], y: c[1], width: c[2], height: c[3])
        case .transform: transform = Transform(a: c[0], b: c[1], c: c[2], d: c[3], tx: c[4], ty: c[5])
        case .alpha: alpha = c[0]
        case .backgroundColor: backgroundColor = RGBA(r: c[0], g: c[1], b: c[2], a: c[3]).hex
        }
    }

    static func frame(center: Point, bounds: Rect, transform: Transform) -> Rect {
        let w = bounds.size.width, h = bounds.size.height
        if transform.isIdentity {
            return Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
        }
        let linear = Transform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
        let corners = [Point(x: -w / 2, y: -h / 2), Point(x: w / 2, y: -h / 2),
                       Point(x: -w / 2, y: h / 2), Point(x: w / 2, y: h / 2)].map { p -> Point in
            let q = linear.apply(p)
            return Point(x: q.x + center.x + transform.tx, y: q.y + center.y + transform.ty)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
