/// What a finger could tap now (`ui.tapTargets`, README.md, The Lua API), for a script that
/// taps whatever is there and for exploring timings: every control, tab bar button, table
/// cell and view with an enabled tap recognizer whose center a tap would reach, as
/// `tap` decides (hit-testing from the window; hidden, transparent, non-interactive and
/// animating views are not reached), frontmost first.
extension Simulation {
    /// At most this many targets: a window of 100,000 buttons lists the first.
    public static let maxTapTargets = 1_000

    public func tapTargets() -> [(view: View, point: Point)] {
        guard window.isVisible, ignoringInteraction == 0 else { return [] }
        var out: [(view: View, point: Point)] = []
        var visited = 0
        // Depth first, frontmost subview first, as hit-testing searches; bounded like
        // every walk a script can lengthen.
        func visit(_ v: View) {
            guard out.count < Self.maxTapTargets, visited < 100_000, !isInterrupted() else { return }
            visited += 1
            for s in v.subviews.reversed() { visit(s) }
            guard v.takesTaps else { return }
            let center = v.convert(Point(x: v.bounds.midX, y: v.bounds.midY), to: nil)
            guard let hit = window.hitTest(center), hit === v || hit.isDescendant(of: v) else { return }
            out.append((v, center))
        }
        visit(window)
        return out
    }
}

extension View {
    /// Whether a tap on it does something: an enabled button, a view with an enabled tap
    /// recognizer, a tab bar button or a table cell.
    var takesTaps: Bool {
        if let b = self as? Button { return b.isEnabled }
        if self is TapHandling && !(self is TableView) { return true }
        return gestureRecognizers.contains { $0.kind == .tap && $0.isEnabled }
    }
}
