/// A finger on the screen during a pan: what `ui.pan{ release = false }` hands back so a
/// script can move it, lift it or have the system cancel it (docs/layout.md, Animations and touches).
///
/// UIKit's pan recognizers wait for the finger to travel past a small distance before
/// they begin (Q21: 10 points, the hysteresis current iOS uses on an iPhone); a scroll
/// view likewise does not scroll before it. A touch that never travels that far ends
/// with no gesture at all.
public final class Touch: SimObject {
    public static let slop = 10.0

    // Weak: the script may remove the recognizer or lose the view while the finger is
    // down; the touch then moves nothing.
    weak var recognizer: GestureRecognizer?
    weak var scroller: ScrollView?
    /// The view whose coordinates the script's points are in (`ui.pan{ view = ... }`).
    public weak var coordinateSpace: View?
    let start: Point
    let startOffset: Point
    public private(set) var location: Point
    /// Whether the gesture began (the finger passed the slop).
    public private(set) var hasBegun = false
    /// False once lifted or cancelled.
    public private(set) var isActive = true
    /// The finger's speed at its last move, and when that was: a finger that rested
    /// before lifting flings nothing (Q64).
    private var lastVelocity = Point.zero
    private var lastMoveTime = -Double.infinity

    init(simulation: Simulation, at start: Point, recognizer: GestureRecognizer?, scroller: ScrollView?) {
        self.start = start
        self.location = start
        self.recognizer = recognizer
        self.scroller = scroller
        scroller?.touchDown()
        self.startOffset = scroller?.contentOffset ?? .zero
        super.init(simulation: simulation, className: "Touch", name: nil)
    }

    /// Drags the finger to `to` (window coordinates) in `steps` moves over `duration`.
    public func move(to: Point, steps: Int, duration: Double) {
        guard isActive else { return }
        let n = max(1, steps)
        let dt = duration / Double(n)
        let from = location
        for i in 1...n {
            simulation.advance(by: dt)
            if simulation.isInterrupted() { return }
            let k = Double(i) / Double(n)
            let p = Point(x: from.x + (to.x - from.x) * k, y: from.y + (to.y - from.y) * k)
            let velocity = dt > 0 ? Point(x: (p.x - location.x) / dt, y: (p.y - location.y) / dt) : .zero
            location = p
            lastVelocity = velocity
            lastMoveTime = simulation.clock.now
            if !hasBegun {
                guard (p.x - start.x) * (p.x - start.x) + (p.y - start.y) * (p.y - start.y) >= Self.slop * Self.slop else { continue }
                hasBegun = true
                if recognizer == nil { scroller?.beginDragging() }
                update(velocity: velocity, state: .began)
            } else {
                update(velocity: velocity, state: .changed)
            }
        }
    }

    private func update(velocity: Point, state: GestureRecognizer.State) {
        if let g = recognizer {
            // Turned off before it began, or cancelled by being turned off since.
            guard g.isEnabled, state == .began || g.state != .cancelled else { return }
            g.translation = Point(x: location.x - start.x, y: location.y - start.y)
            g.velocity = velocity
            g.location = location
            g.send(state)
        } else if let s = scroller {
            // Scrolling turned off mid-drag cancels the scroll view's pan (Q64): the drag
            // ends there, cancelled, and the finger's later moves do nothing.
            guard s.isScrollEnabled else {
                if !scrollCut { scrollCut = true; s.endDragging(velocity: .zero, cancelled: true, dragStart: startOffset) }
                return
            }
            s.drag(from: startOffset, translation: Point(x: location.x - start.x, y: location.y - start.y))
        }
    }
    /// Whether scrolling was turned off under this finger (its drag ended then).
    private var scrollCut = false

    /// Lifts the finger: a gesture that began ends.
    public func release() { end(.ended) }

    /// The system takes the touch away (a call comes in): a gesture that began is cancelled.
    public func cancel() { end(.cancelled) }

    private func end(_ state: GestureRecognizer.State) {
        guard isActive else { return }
        isActive = false
        if simulation.heldTouch === self { simulation.heldTouch = nil }
        // A finger that rested before lifting flings nothing (Q64): a recognizer's
        // velocity then reads zero, as a scroll view's does.
        let resting = simulation.clock.now - lastMoveTime > 1.0 / 60 + 1e-9
        if let g = recognizer {
            guard hasBegun, g.isEnabled, g.state != .cancelled else { return }
            if resting { g.velocity = .zero }
            g.send(state)
        } else if let s = scroller, !scrollCut {
            s.endDragging(velocity: resting ? .zero : lastVelocity, cancelled: state == .cancelled, dragStart: startOffset)
        }
    }
}
