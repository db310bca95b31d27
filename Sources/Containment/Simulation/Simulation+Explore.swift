/// What `nestbox explore` reads from the world before each input (docs/explore.md): whether
/// it is at rest, when the work in flight next completes, and what a finger could drag.
/// Taps come from `tapTargets()`, so the explorer never makes a tap `ui.tap` would not
/// deliver.
extension Simulation {
    /// At rest: no animation, transition or interactive transition in flight, no timer or
    /// deferred work pending, no finger down. The script's invariants hold only here
    /// (`ui.invariant`); in between, a container is legitimately half-way.
    public var isAtRest: Bool {
        !clock.hasPendingWork && animator.active.isEmpty && heldTouch?.isActive != true
    }

    /// When the earliest work in flight completes (an animation's or transition's end, a
    /// timer): the explorer's "inside the animation" delays land before it. Nil when
    /// nothing is scheduled (a paused interactive transition waits for a finger).
    public var nextDue: Double? { clock.nextTimerTime }

    /// At most this many views to drag: the walk is bounded like `tapTargets`.
    public static let maxPanTargets = 100

    /// Views a drag could move now, frontmost first, with where the finger goes down (in
    /// window points) and the directions it may go: scroll views that scroll, views with
    /// an enabled pan recognizer, and (`edge`) views with an enabled screen-edge
    /// recognizer, dragged from the left edge as UIKit's interactive pop is.
    public func panTargets() -> [(view: View, from: Point, horizontal: Bool, vertical: Bool, edge: Bool)] {
        guard window.isVisible, ignoringInteraction == 0 else { return [] }
        var out: [(view: View, from: Point, horizontal: Bool, vertical: Bool, edge: Bool)] = []
        var visited = 0
        // Q81: the top page sheet goes with a swipe down, from near its top edge.
        if let (sheet, from) = sheetPanStart() { out.append((sheet, from, false, true, false)) }
        var pending: [View] = [window]
        while let v = pending.popLast(), out.count < Self.maxPanTargets, visited < 100_000, !isInterrupted() {
            visited += 1
            guard !v.isHidden, v.alpha >= 0.01, v.isUserInteractionEnabled else { continue }
            pending.append(contentsOf: v.subviews)
            let frame = v.windowFrame
            let center = Point(x: frame.midX, y: frame.midY)
            if let g = v.gestureRecognizers.first(where: { $0.kind == .screenEdgePan && $0.isEnabled && $0.shouldBegin?() != false }) {
                let from = Point(x: g.effectiveEdges == "right" ? frame.maxX - 1 : frame.minX + 1, y: center.y)
                if reaches(v, at: from) { out.append((v, from, true, false, true)) }
            }
            guard reaches(v, at: center) else { continue }
            if let s = v as? ScrollView, s.isScrollEnabled, s.scrollsHorizontally || s.scrollsVertically {
                out.append((v, center, s.scrollsHorizontally, s.scrollsVertically, false))
            } else if !(v is ScrollView), v.gestureRecognizers.contains(where: { $0.kind == .pan && $0.isEnabled }) {
                out.append((v, center, true, true, false))
            }
        }
        return out
    }

    /// What a tap at `point` (window points) reaches now: the innermost view under it
    /// that takes taps, as `tapTargets` lists them; nil when it reaches none. A replayed
    /// sequence names its inputs' targets from this (a shrunk sequence's taps may reach
    /// other views than the sequence it came from).
    public func tapTarget(at point: Point) -> View? {
        guard window.isVisible, ignoringInteraction == 0 else { return nil }
        var v = window.hitTest(point)
        while let cur = v, !cur.takesTaps { v = cur.superview }
        return v
    }

    /// What a drag from `point` moves now, as `panTargets` lists them: the innermost view
    /// under it that scrolls or has an enabled pan or screen-edge recognizer.
    /// `edge`: what moves it is a screen-edge recognizer.
    public func panTarget(at point: Point) -> (view: View, edge: Bool)? {
        if let found = viewPanTarget(at: point) { return found }
        // Q81: else the top page sheet's own pan, under everything in it.
        guard let (sheet, _) = sheetPanStart(), let hit = window.hitTest(point), hit === sheet || hit.isDescendant(of: sheet) else { return nil }
        return (sheet, false)
    }

    /// The innermost view under `point` whose own recognizer or scrolling takes a drag.
    private func viewPanTarget(at point: Point) -> (view: View, edge: Bool)? {
        guard window.isVisible, ignoringInteraction == 0 else { return nil }
        var v = window.hitTest(point)
        while let cur = v {
            if let s = cur as? ScrollView, s.isScrollEnabled, s.scrollsHorizontally || s.scrollsVertically { return (cur, false) }
            if cur.gestureRecognizers.contains(where: { $0.kind == .pan && $0.isEnabled }) { return (cur, false) }
            // A screen-edge recognizer takes a drag only from its edge (as `pan` decides).
            if cur.gestureRecognizers.contains(where: { g in
                g.kind == .screenEdgePan && g.isEnabled
                    && (g.effectiveEdges == "right" ? point.x >= window.bounds.size.width - 20 : point.x <= 20)
            }) { return (cur, true) }
            v = cur.superview
        }
        return nil
    }

    /// The top page sheet's view and a point 40 below its top edge, when a drag down
    /// from there would be the sheet's swipe (nothing in the sheet takes it first).
    func sheetPanStart() -> (View, Point)? {
        guard window.isVisible, ignoringInteraction == 0, let top = topSheetView, let vc = pageSheet(of: top),
              vc.presentedHere == nil, !vc.isBeingPresented, !vc.isBeingDismissed else { return nil }
        let from = Point(x: top.windowFrame.midX, y: top.windowFrame.minY + 40)
        guard reaches(top, at: from), viewPanTarget(at: from) == nil else { return nil }
        return (top, from)
    }

    /// Whether a touch at `point` lands on `view` or inside it, as hit-testing decides.
    private func reaches(_ view: View, at point: Point) -> Bool {
        guard let hit = window.hitTest(point) else { return false }
        return hit === view || hit.isDescendant(of: view)
    }
}

extension View {
    /// Its bounds in window points (the corners converted; Nestbox's views do not rotate).
    public var windowFrame: Rect {
        let a = convert(Point(x: bounds.minX, y: bounds.minY), to: nil)
        let b = convert(Point(x: bounds.maxX, y: bounds.maxY), to: nil)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
