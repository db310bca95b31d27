/// Touches, as a finger would make them: hit-testing from the window, then gesture
/// recognizers, then controls (README.md, The Lua API). Every touch that does nothing is an
/// `input` `ignored` event with the reason.
public enum ControlEvent: String, CaseIterable, Sendable {
    case touchDown, touchUpInside, valueChanged
}

extension Button {
    /// Runs the actions registered for `event` (UIControl.sendActions(for:)).
    public func sendActions(for event: ControlEvent) {
        host?.send(.control(event), from: self)
        builtInAction?(event)
    }
}

extension View {
    /// UIKit's hitTest(_:with:): hidden, nearly transparent, non-interactive views and
    /// views animating without allowUserInteraction are skipped; a point outside the
    /// bounds misses the view and its subviews; the frontmost subview wins.
    public func hitTest(_ p: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, !blocksInteraction else { return nil }
        guard bounds.contains(p) else { return nil }
        // Q81: a page sheet's dimming view takes what the sheet and the views above it do not.
        let sheet = self === simulation.window ? simulation.topSheetView : nil
        for s in subviews.reversed() {
            if let hit = s.hitTest(s.pointFromSuperview(p)) { return hit }
            if s === sheet { return nil }
        }
        return self
    }

    /// A point in the superview's coordinates, in this view's.
    func pointFromSuperview(_ p: Point) -> Point {
        let f = frame
        let sx = f.size.width > 0 ? _bounds.size.width / f.size.width : 1
        let sy = f.size.height > 0 ? _bounds.size.height / f.size.height : 1
        return Point(x: (p.x - f.origin.x) * sx + _bounds.origin.x, y: (p.y - f.origin.y) * sy + _bounds.origin.y)
    }

    /// Why a touch at this view would not reach it (for the `ignored` event).
    func unreachableReason() -> String? {
        var v: View? = self
        while let cur = v {
            if cur.isHidden { return "\(cur.objectDescription) is hidden" }
            if cur.alpha < 0.01 { return "\(cur.objectDescription) is transparent (alpha < 0.01)" }
            if !cur.isUserInteractionEnabled { return "\(cur.objectDescription) has isUserInteractionEnabled = false" }
            if cur.blocksInteraction { return "\(cur.objectDescription) is animating without allowUserInteraction" }
            v = cur.superview
        }
        return window == nil ? "\(objectDescription) is not in the window" : nil
    }
}

/// Where a tap is aimed.
public enum TapTarget {
    case view(View)
    case point(Point)
}

extension Simulation {
    public var isIgnoringInteractionEvents: Bool { ignoringInteraction > 0 }

    public func beginIgnoringInteractionEvents() {
        ignoringInteraction += 1
        trace.record(.call, "ui", "beginIgnoringInteractionEvents")
    }

    public func endIgnoringInteractionEvents() {
        ignoringInteraction = max(0, ignoringInteraction - 1)
        trace.record(.call, "ui", "endIgnoringInteractionEvents")
    }

    func ignored(_ what: String, _ reason: String) {
        trace.record(.input, "input", "ignored", [("_", .string(what)), ("reason", .string(reason))])
    }

    /// A tap; returns the view that handled it, nil when it was ignored.
    @discardableResult
    public func tap(_ target: TapTarget) -> View? {
        let point: Point
        var aimed: View?
        switch target {
        case .view(let v):
            aimed = v
            point = v.convert(Point(x: v.bounds.midX, y: v.bounds.midY), to: nil)
        case .point(let p):
            point = p
        }
        let at = "(\(formatNumber(point.x)) \(formatNumber(point.y)))"
        trace.record(.input, "input", "tap", [("_", aimed.map { .object($0.name) } ?? .string(at)), ("at", .string(at))])
        guard window.isVisible else { ignored("tap", "the window is not visible"); return nil }
        guard ignoringInteraction == 0 else { ignored("tap", "interaction events are ignored"); return nil }
        guard let hit = window.hitTest(point) else {
            ignored("tap", sheetCover(at: point) ?? aimed?.unreachableReason() ?? "no view at \(at)")
            return nil
        }
        if let aimed, !hit.isDescendant(of: aimed), let reason = aimed.unreachableReason() {
            ignored("tap", reason)
            return nil
        }
        // Q65: a finger that lands on decelerating content stops it, and the content
        // does not get the tap (the row under it is not selected).
        var v: View? = hit
        while let cur = v {
            if let s = cur as? ScrollView, s.isDecelerating {
                s.stopMotion()
                ignored("tap", "it stopped the scrolling of \(s.objectDescription)")
                return nil
            }
            v = cur.superview
        }
        // Gesture recognizers first (a tap recognizer cancels touches in its view).
        v = hit
        while let cur = v {
            if let g = cur.gestureRecognizers.first(where: { $0.kind == .tap && $0.isEnabled }) {
                g.location = point
                g.send(.ended)
                return cur
            }
            v = cur.superview
        }
        v = hit
        while let cur = v {
            if let b = cur as? Button {
                guard b.isEnabled else { ignored("tap", "\(b.objectDescription) is disabled"); return nil }
                b.sendActions(for: .touchDown)
                b.sendActions(for: .touchUpInside)
                return b
            }
            if let handler = cur as? TapHandling, handler.handleTap(at: cur.convert(point, fromWindow: true)) { return cur }
            v = cur.superview
        }
        ignored("tap", "no control or gesture recognizer at \(hit.objectDescription)")
        return nil
    }

    /// A finger put down at `from` and dragged to `to` (window coordinates) in `steps`
    /// moves over `duration` seconds of virtual time, lifted at the end if `release`.
    /// Returns the touch when it is held (and began): the script moves, lifts or cancels
    /// it later.
    @discardableResult
    public func pan(from: Point, to: Point, steps: Int, duration: Double, release: Bool) -> Touch? {
        trace.record(.input, "input", "pan", [("from", .string("(\(formatNumber(from.x)) \(formatNumber(from.y)))")),
                                              ("to", .string("(\(formatNumber(to.x)) \(formatNumber(to.y)))"))])
        guard window.isVisible else { ignored("pan", "the window is not visible"); return nil }
        guard ignoringInteraction == 0 else { ignored("pan", "interaction events are ignored"); return nil }
        guard let hit = window.hitTest(from) else {
            ignored("pan", sheetCover(at: from) ?? "no view at (\(formatNumber(from.x)) \(formatNumber(from.y)))")
            return nil
        }
        // Q64: a screen-edge pan anywhere up the chain claims a touch at its edge;
        // otherwise the deepest view's recognizers first, a scroll view's own pan
        // before the script's on the same view, and only along an axis it scrolls.
        var recognizer: GestureRecognizer?
        var scroller: ScrollView?
        let horizontal = abs(to.x - from.x) >= abs(to.y - from.y)
        var v: View? = hit
        // One at the edge that does not begin, for the message when nothing else takes it.
        var declined: (GestureRecognizer, String)?
        edges: while let cur = v {
            for g in cur.gestureRecognizers where g.isEnabled && g.kind == .screenEdgePan {
                let right = g.effectiveEdges == "right"
                guard right ? from.x >= window.bounds.size.width - 20 : from.x <= 20 else { continue }
                // UIScreenEdgePanGestureRecognizer recognizes a drag away from its edge:
                // one mostly along the edge fails, and the touch goes on to the others.
                guard (right ? from.x - to.x : to.x - from.x) > abs(to.y - from.y) else {
                    declined = declined ?? (g, "the drag does not move away from its edge")
                    continue
                }
                guard g.shouldBegin?() != false else {
                    declined = declined ?? (g, "its delegate refused to begin (a navigation controller's at its root or mid-transition)")
                    continue
                }
                recognizer = g
                break edges
            }
            v = cur.superview
        }
        v = recognizer == nil ? hit : nil
        search: while let cur = v {
            if let s = cur as? ScrollView, s.isScrollEnabled, horizontal ? s.scrollsHorizontally : s.scrollsVertically {
                // Q81: at its top, a vertical scroller hands a drag down to its sheet.
                if !horizontal, to.y > from.y, s.contentOffset.y <= -s.adjustedContentInset.top,
                   case let (sheet?, nil) = sheetPan(at: hit, from: from, to: to) {
                    recognizer = sheet
                    break
                }
                scroller = s
                break
            }
            for g in cur.gestureRecognizers where g.isEnabled && g.kind == .pan && !g.isScrollViewPan {
                recognizer = g
                break search
            }
            v = cur.superview
        }
        // Q81: a page sheet's own pan, under everything in it.
        if recognizer == nil, scroller == nil {
            let (sheet, refused) = sheetPan(at: hit, from: from, to: to)
            if let refused { ignored("pan", "the sheet's swipe does not begin: \(refused)"); return nil }
            recognizer = sheet
        }
        guard recognizer != nil || scroller != nil else {
            // Q44: a page view controller takes no swipe while it turns; say so, not that
            // it has no scroll view.
            var up: View? = hit
            while let cur = up {
                if let pvc = cur.owningViewController as? PageViewController, pvc.isTurning {
                    ignored("pan", "\(pvc.objectDescription) is turning a page (Q44)")
                    return nil
                }
                up = cur.superview
            }
            if let (g, why) = declined {
                ignored("pan", "\(g.name) did not begin: \(why)")
                return nil
            }
            ignored("pan", "no pan gesture recognizer or scroll view at \(hit.objectDescription)")
            return nil
        }
        let touch = Touch(simulation: self, at: from, recognizer: recognizer, scroller: scroller)
        heldTouch = touch
        touch.move(to: to, steps: steps, duration: duration)
        if release { touch.release(); return nil }
        return touch
    }

    /// `ui.scroll`: a programmatic offset change, reported like a finger's.
    public func scroll(_ s: ScrollView, to offset: Point) {
        trace.record(.input, s, "scroll", [("to", .string("(\(formatNumber(offset.x)) \(formatNumber(offset.y)))"))])
        s.contentOffset = offset
    }
}

/// Views with a built-in tap behaviour (table cells, tab bar buttons, in later issues).
public protocol TapHandling: AnyObject {
    func handleTap(at point: Point) -> Bool
}

extension View {
    func convert(_ p: Point, fromWindow: Bool) -> Point {
        let origin = toRoot(Point(x: _bounds.origin.x, y: _bounds.origin.y))
        return Point(x: p.x - origin.x + _bounds.origin.x, y: p.y - origin.y + _bounds.origin.y)
    }
}
