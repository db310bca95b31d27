/// Layout passes and autoresizing.
extension View {
    public func setNeedsLayout() { needsLayout = true }

    /// Lays out this view and then its subviews, where needed. The owning
    /// controller's viewWillLayoutSubviews/viewDidLayoutSubviews bracket layoutSubviews.
    public func layoutIfNeeded() {
        // Parent before children, iteratively (a deep tree cannot overflow the stack).
        var stack: [View] = [self]
        while let v = stack.popLast() {
            if v.needsLayout {
                v.needsLayout = false
                let owner = v.owningViewController
                let linting = v.simulation.linter != nil
                if linting { v.simulation.lintLayout(true) }
                owner?.deliverLayout(will: true)
                v.handle(.layoutSubviews)
                owner?.deliverLayout(will: false)
                if linting { v.simulation.lintLayout(false) }
            }
            stack.append(contentsOf: v.subviews.reversed())
        }
    }

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
