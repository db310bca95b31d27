#if canImport(Glibc)
import Glibc      // pow: FoundationEssentials does not re-export the C library
#elseif canImport(Darwin)
import Darwin
#endif

/// The content moving by itself, frame by frame at 60 Hz on the virtual clock (a
/// CADisplayLink's pace): after a drag it decelerates, springs back from past an edge,
/// or settles on a page; `setContentOffset(_:animated:)` animates. A new touch or offset
/// stops it (docs/layout.md, Scroll views; Q65).
final class ScrollMotion {
    /// `settling`: back into range, or onto a page, after a touch that stopped the
    /// content there without dragging it; it sends no messages but didScroll.
    enum Kind { case decelerating, animating, settling }
    let kind: Kind
    let from: Point
    let target: Point
    let start: Double
    /// Deceleration's rate per millisecond (0 for an animation).
    let rate: Double

    init(_ kind: Kind, from: Point, target: Point, start: Double, rate: Double) {
        self.kind = kind; self.from = from; self.target = target; self.start = start; self.rate = rate
    }

    /// Q65: an animated offset change takes 0.3 s, ease-in-out.
    static let animationDuration = 0.3
    /// Q65: motion ends within half a point of its target, and lands on it.
    static let closeEnough = 0.5

    /// Where the content is `t` seconds in, and whether it has arrived. Deceleration
    /// follows UIKit's exponential decay: the speed keeps `rate` of itself each
    /// millisecond, so the content covers (1 - rate^ms) of the way.
    func position(at t: Double) -> (Point, done: Bool) {
        let k: Double
        switch kind {
        case .animating:
            guard t < Self.animationDuration else { return (target, true) }
            k = TimingCurve.easeInOut.value(at: t / Self.animationDuration, duration: Self.animationDuration)
        case .decelerating, .settling:
            k = 1 - pow(rate, t * 1000)
        }
        let p = Point(x: from.x + (target.x - from.x) * k, y: from.y + (target.y - from.y) * k)
        let done = abs(target.x - p.x) < Self.closeEnough && abs(target.y - p.y) < Self.closeEnough
        return done ? (target, true) : (p, false)
    }
}

extension ScrollView {
    /// Q64: past an edge the content follows the finger less and less (UIKit's rubber
    /// band, with its constant 0.55): `overshoot` points of pull show as this many.
    static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * 0.55 / dimension + 1)) * dimension
    }

    /// A finger came down on the content: it stops any motion (the tap that stops a
    /// scroll selects nothing: `Simulation.tap`).
    func touchDown() {
        isTracking = true
        stopMotion()
    }

    /// Stops the content where it is; a stopped deceleration or animation sends no
    /// "did end" (Q65).
    public func stopMotion() {
        guard motion != nil else { return }
        motion = nil
        isDecelerating = false
    }

    /// The finger passed the slop.
    func beginDragging() {
        isDragging = true
        simulation.trace.record(.delegate, self, "willBeginDragging")
        delegate?.willBeginDragging(self)
        panIfMade?.send(.began)
    }

    /// The finger is `translation` from where it came down; the content was at `from`.
    func drag(from start: Point, translation: Point) {
        let wanted = Point(x: start.x - translation.x, y: start.y - translation.y)
        let r = offsetRange
        func axis(_ v: Double, _ lo: Double, _ hi: Double, _ dim: Double, _ scrolls: Bool, _ current: Double) -> Double {
            guard scrolls else { return current }
            if v < lo { return bounces ? lo - Self.rubberBand(lo - v, dimension: dim) : lo }
            if v > hi { return bounces ? hi + Self.rubberBand(v - hi, dimension: dim) : hi }
            return v
        }
        contentOffset = Point(x: axis(wanted.x, r.min.x, r.max.x, bounds.size.width, scrollsHorizontally, contentOffset.x),
                              y: axis(wanted.y, r.min.y, r.max.y, bounds.size.height, scrollsVertically, contentOffset.y))
        panIfMade?.send(.changed)
    }

    /// The finger lifted with `velocity` (points per second, the finger's), or the system
    /// cancelled the touch. `dragStart` is the offset the drag began at (paging moves at
    /// most one page from it).
    func endDragging(velocity fingerVelocity: Point, cancelled: Bool, dragStart: Point) {
        isTracking = false
        guard isDragging else { settleAfterTouch(); return }
        let offset = contentOffset
        // The content moves against the finger, and only along the axes it scrolls.
        let v = cancelled ? Point.zero : Point(x: scrollsHorizontally ? -fingerVelocity.x : 0,
                                                y: scrollsVertically ? -fingerVelocity.y : 0)
        var target: Point
        let r = offsetRange
        let outside = offset.x < r.min.x || offset.x > r.max.x || offset.y < r.min.y || offset.y > r.max.y
        if isPagingEnabled {
            target = pageTarget(offset: offset, velocity: v, dragStart: dragStart)
        } else if outside {
            target = clamped(offset)
        } else {
            // UIKit's projection of a fling: the distance the decay covers in the end.
            let reach = decelerationRate / (1 - decelerationRate) / 1000
            target = clamped(Point(x: offset.x + v.x * reach, y: offset.y + v.y * reach))
        }
        // Apple: willEndDragging is not called when paging is enabled. Its velocity
        // is in points per millisecond; the delegate may move the target.
        if !isPagingEnabled {
            let perMs = Point(x: v.x / 1000, y: v.y / 1000)
            simulation.trace.record(.delegate, self, "willEndDragging",
                                    [("velocity", .string("(\(formatNumber(perMs.x)) \(formatNumber(perMs.y)))")),
                                     ("targetContentOffset", .string("(\(formatNumber(target.x)) \(formatNumber(target.y)))"))])
            if let moved = delegate?.willEndDragging(self, velocity: perMs, target: target), moved.x.isFinite, moved.y.isFinite {
                target = clamped(moved)      // Q65: where the content can rest
            }
        }
        isDragging = false
        let willDecelerate = target != offset
        simulation.trace.record(.delegate, self, "didEndDragging", "willDecelerate", .bool(willDecelerate))
        delegate?.didEndDragging(self, willDecelerate: willDecelerate)
        // A pan turned off mid-drag was cancelled then, once (Q64).
        if let g = panIfMade, g.isEnabled { g.send(cancelled ? .cancelled : .ended) }
        guard willDecelerate, contentOffset == offset, motion == nil else { return }
        isDecelerating = true
        simulation.trace.record(.delegate, self, "willBeginDecelerating")
        delegate?.willBeginDecelerating(self)
        // Q65: springing back and settling on a page use the fast rate.
        let rate = isPagingEnabled || outside ? ScrollView.fastDecelerationRate : decelerationRate
        start(ScrollMotion(.decelerating, from: contentOffset, target: target, start: simulation.clock.now, rate: rate))
    }

    /// Q65: a finger that stopped moving content and lifted without dragging leaves it
    /// where it may rest: back from past an edge, or on the nearest page.
    func settleAfterTouch() {
        let offset = contentOffset
        let target = isPagingEnabled ? pageTarget(offset: offset, velocity: .zero, dragStart: offset) : clamped(offset)
        guard target != offset, motion == nil else { return }
        start(ScrollMotion(.settling, from: offset, target: target, start: simulation.clock.now, rate: ScrollView.fastDecelerationRate))
    }

    /// Q64: the page the offset is nearest, unless the release was quick (over 300
    /// points a second), then the next one the way the content moves; never more than
    /// one page from where the drag began. Pages are the bounds' size.
    func pageTarget(offset: Point, velocity: Point, dragStart: Point) -> Point {
        func axis(_ o: Double, _ v: Double, _ startO: Double, _ size: Double) -> Double {
            guard size > 0 else { return o }
            let p = o / size
            var page = abs(v) > 300 ? (v > 0 ? p.rounded(.down) + 1 : p.rounded(.up) - 1) : p.rounded()
            let first = (startO / size).rounded()
            page = min(first + 1, max(first - 1, page))
            return page * size
        }
        return clamped(Point(x: axis(offset.x, velocity.x, dragStart.x, bounds.size.width),
                             y: axis(offset.y, velocity.y, dragStart.y, bounds.size.height)))
    }

    /// UIScrollView.setContentOffset(_:animated:): animated, it moves over 0.3 s and
    /// ends with didEndScrollingAnimation; either way it stops what was moving.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopMotion()
        guard animated, offset != contentOffset else { contentOffset = offset; return }
        start(ScrollMotion(.animating, from: contentOffset, target: offset, start: simulation.clock.now, rate: 0))
    }

    private func start(_ m: ScrollMotion) {
        motion = m
        scheduleFrame(m)
    }

    private func scheduleFrame(_ m: ScrollMotion) {
        // Weak: the script may drop the scroll view mid-motion; the frame then does nothing.
        simulation.clock.schedule(after: 1.0 / 60) { [weak self] in self?.step(m) }
    }

    private func step(_ m: ScrollMotion) {
        guard motion === m else { return }
        let (p, done) = m.position(at: simulation.clock.now - m.start)
        contentOffset = p
        // A delegate's didScroll may have stopped or replaced the motion.
        guard motion === m else { return }
        guard done else { scheduleFrame(m); return }
        motion = nil
        switch m.kind {
        case .decelerating:
            isDecelerating = false
            simulation.trace.record(.delegate, self, "didEndDecelerating")
            delegate?.didEndDecelerating(self)
        case .animating:
            simulation.trace.record(.delegate, self, "didEndScrollingAnimation")
            delegate?.didEndScrollingAnimation(self)
        case .settling:
            break
        }
    }
}
