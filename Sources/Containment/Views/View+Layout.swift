/// Layout passes and autoresizing.
extension View {
    public func setNeedsLayout() { needsLayout = true }

    /// Lays out this view and then its subviews, where needed. The owning
    /// controller's viewWillLayoutSubviews/viewDidLayoutSubviews bracket layoutSubviews.
    public func layoutIfNeeded() {
        // Safe areas are brought up to date on the way down (Q16), each from its
        // superview's; outside a window every view's is zero.
        let (start, inWindow) = superview?.insetsAndWindow ?? (windowInsets, self is Window)
        let (insets, changed) = layOut(parentInsets: start, parentChanged: true, inWindow: inWindow)
        // A view with no subviews (a leaf controller's view) needs no walk, and no array.
        guard !subviews.isEmpty else { return }
        // Parent before children, iteratively (a deep tree cannot overflow the stack);
        // each entry carries its superview's insets and whether they just changed.
        var stack: [(View, EdgeInsets, Bool)] = subviews.reversed().map { ($0, insets, changed) }
        while let (v, parentInsets, parentChanged) = stack.popLast() {
            let (insets, changed) = v.layOut(parentInsets: parentInsets, parentChanged: parentChanged, inWindow: inWindow)
            for s in v.subviews.reversed() { stack.append((s, insets, changed)) }
        }
    }

    /// One view of `layoutIfNeeded`'s walk: its safe area brought up to date from its
    /// superview's (Q16), then its layout callbacks if it needs layout. Its insets, and
    /// whether they changed, for its subviews.
    private func layOut(parentInsets: EdgeInsets, parentChanged: Bool, inWindow: Bool) -> (EdgeInsets, Bool) {
        var insets = EdgeInsets.zero
        var changed = false
        if inWindow {
            if parentChanged || safeAreaNeedsUpdate {
                safeAreaNeedsUpdate = false
                let old = lastSafeAreaInsets
                insets = updateSafeArea(superview == nil ? parentInsets : safeAreaInsets(inheriting: parentInsets))
                changed = insets != old
            } else {
                insets = lastSafeAreaInsets
            }
        }
        if needsLayout {
            needsLayout = false
            let owner = owningViewController
            let linting = simulation.linter != nil
            if linting { simulation.lintLayout(true) }
            owner?.deliverLayout(will: true)
            notify(.layoutSubviews)
            owner?.deliverLayout(will: false)
            if linting { simulation.lintLayout(false) }
        }
        return (insets, changed)
    }

    private var windowInsets: EdgeInsets { (self as? Window)?.windowSafeAreaInsets ?? .zero }

    func boundsSizeDidChange(from old: Size) {
        setNeedsLayout()
        let new = _bounds.size
        for s in subviews { s.autoresize(superviewFrom: old, to: new) }
    }

    /// UIKit's springs and struts: the size change is shared among the flexible parts
    /// in proportion to their current lengths.
    func autoresize(superviewFrom old: Size, to new: Size) {
        guard !autoresizingMask.isEmpty else { return }
        var f = frame
        func share(_ delta: Double, _ parts: [(Bool, Double)]) -> [Double] {
            let flexible = parts.filter(\.0)
            guard !flexible.isEmpty, delta != 0 else { return parts.map { _ in 0 } }
            let total = flexible.map(\.1).reduce(0, +)
            return parts.map { p in
                guard p.0 else { return 0 }
                return total > 0 ? delta * p.1 / total : delta / Double(flexible.count)
            }
        }
        let m = autoresizingMask
        let dx = share(new.width - old.width, [(m.contains(.flexibleLeftMargin), f.minX),
                                                (m.contains(.flexibleWidth), f.size.width),
                                                (m.contains(.flexibleRightMargin), old.width - f.maxX)])
        let dy = share(new.height - old.height, [(m.contains(.flexibleTopMargin), f.minY),
                                                 (m.contains(.flexibleHeight), f.size.height),
                                                 (m.contains(.flexibleBottomMargin), old.height - f.maxY)])
        f.origin.x += dx[0]
        f.size.width += dx[1]
        f.origin.y += dy[0]
        f.size.height += dy[1]
        if f != frame { setFrame(f) }
    }
}
