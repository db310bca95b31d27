/// Display modes, column frames and the rearrangements between them (Q13, Q46, Q48).
extension SplitViewController {
    /// Q46: automatic is tile when the split is wider than tall, overlay otherwise.
    func splitBehavior(for size: Size) -> SplitBehavior {
        if preferredSplitBehavior != .automatic { return preferredSplitBehavior }
        return size.width > size.height ? .tile : .overlay
    }
    public var splitBehavior: SplitBehavior { splitBehavior(for: layoutSize) }

    var currentSize: Size { viewIfLoaded?.bounds.size ?? simulation.window.bounds.size }
    /// The size the automatic choices use: a size transition's target while it runs.
    var layoutSize: Size { transitionSize ?? currentSize }

    /// Q46: the preferred mode wins; automatic shows every column side by side when the
    /// split is wider than tall (tile), the secondary only otherwise.
    func resolvedMode(for size: Size) -> DisplayMode {
        if preferredDisplayMode != .automatic { return preferredDisplayMode }
        guard size.width > size.height else { return .secondaryOnly }
        let two = style == .tripleColumn
        switch splitBehavior(for: size) {
        case .overlay: return two ? .twoOverSecondary : .oneOverSecondary
        case .displace: return two ? .twoDisplaceSecondary : .oneBesideSecondary
        default: return two ? .twoBesideSecondary : .oneBesideSecondary
        }
    }

    /// The arrangement of the expanded interface; while collapsed, the one it will
    /// expand to (UIKit: the mode "has no impact" then).
    public var displayMode: DisplayMode { shownMode ?? resolvedMode(for: layoutSize) }

    /// Q45: a mode showing two columns beside the secondary needs three.
    public func checkMode(_ m: DisplayMode) throws {
        guard style == .tripleColumn || !m.rawValue.hasPrefix("two") else {
            throw ContainmentError.invalidArgument("Nestbox: display mode '\(m.rawValue)' needs a tripleColumn split view controller (Q45)")
        }
    }

    /// The columns a mode shows, in column order. In a double-column split the "one"
    /// beside or over the secondary is the primary; in a triple-column one it is the
    /// supplementary, and "two" adds the primary.
    func visibleColumns(_ m: DisplayMode) -> [Column] {
        switch m {
        case .automatic, .secondaryOnly: return [.secondary]
        case .oneBesideSecondary, .oneOverSecondary: return [style == .tripleColumn ? .supplementary : .primary, .secondary]
        case .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary: return [.primary, .supplementary, .secondary]
        }
    }

    /// The navigation controllers on screen now, in column order (Q13): collapsed, the
    /// compact column's or the primary's; expanded, the mode's columns that are set.
    func shownNavs() -> [NavigationController] {
        if isCollapsed { return (columns[.compact] ?? columns[.primary]).map { [$0.nav] } ?? [] }
        return visibleColumns(displayMode).compactMap { columns[$0]?.nav }
    }

    var primaryWidth: Double { preferredPrimaryColumnWidth ?? Self.automaticColumnWidth }
    var supplementaryWidth: Double { preferredSupplementaryColumnWidth ?? Self.automaticColumnWidth }

    /// Q48: columns from the leading edge, primary first: the left edge, or the right one
    /// right to left (Q74), the frames mirrored.
    func frame(of c: Column, mode m: DisplayMode, in size: Size) -> Rect {
        let f = leadingFrame(of: c, mode: m, in: size)
        let rtl = viewIfLoaded?.isRightToLeft ?? (simulation.layoutDirection == "rightToLeft")
        guard rtl else { return f }
        return Rect(x: size.width - f.origin.x - f.size.width, y: f.origin.y, width: f.size.width, height: f.size.height)
    }

    /// Left to right: "beside" and "displace" give the secondary what is left (displace
    /// moves it right by the primary without narrowing it), "over" leaves it the full
    /// width under the others.
    func leadingFrame(of c: Column, mode m: DisplayMode, in size: Size) -> Rect {
        let w = size.width, h = size.height
        let p = min(primaryWidth, w), s = min(supplementaryWidth, w)
        let full = Rect(x: 0, y: 0, width: w, height: h)
        switch (m, c) {
        case (.oneBesideSecondary, .secondary):
            let x = style == .tripleColumn ? s : p
            return Rect(x: x, y: 0, width: max(0, w - x), height: h)
        case (.twoBesideSecondary, .secondary):
            return Rect(x: min(w, p + s), y: 0, width: max(0, w - p - s), height: h)
        case (.twoDisplaceSecondary, .secondary):
            return Rect(x: min(w, p + s), y: 0, width: max(0, w - s), height: h)
        case (_, .secondary), (_, .compact): return full
        case (.twoBesideSecondary, .supplementary), (.twoOverSecondary, .supplementary), (.twoDisplaceSecondary, .supplementary):
            return Rect(x: p, y: 0, width: min(s, max(0, w - p)), height: h)
        case (_, .supplementary): return Rect(x: 0, y: 0, width: s, height: h)
        case (_, .primary): return Rect(x: 0, y: 0, width: p, height: h)
        }
    }

    func column(of nav: NavigationController) -> Column? {
        Column.allCases.first { columns[$0]?.nav === nav }
    }

    /// The frame the shown navigation controller `nav` takes in `size`.
    func frame(of nav: NavigationController, in size: Size) -> Rect {
        guard !isCollapsed, let c = column(of: nav) else { return Rect(origin: .zero, size: size) }
        return frame(of: c, mode: displayMode, in: size)
    }

    /// Puts the shown columns' views in place, secondary lowest so that the columns
    /// over it cover it; hides the others.
    func installShown(size: Size? = nil) {
        guard let v = viewIfLoaded else { return }
        let shown = shownNavs()
        for c in Column.allCases {
            guard let nav = columns[c]?.nav, !shown.contains(where: { $0 === nav }),
                  let nv = nav.viewIfLoaded, nv.superview === v else { continue }
            nv.removeFromSuperview()
        }
        for nav in shown.reversed() where nav.viewIfLoaded?.superview !== v {
            let nv = nav.view
            nv.frame = frame(of: nav, in: size ?? v.bounds.size)
            nv.autoresizingMask = []
            try? v.insertSubview(nv, at: 0)
        }
        // The frames follow the arrangement now, not at the next layout pass: a script
        // reads them right after show(_:) or a new preference.
        if size == nil { layoutColumns() }
    }

    /// sizeForChildContentContainer: a column gets its frame's size in the arrangement
    /// the new size brings (collapsed on a compact width); a column that will not be
    /// shown keeps its size and so hears nothing (S36's rule).
    func columnSize(for child: ViewController, parentSize: Size) -> Size {
        guard let nav = child as? NavigationController, let c = column(of: nav) else { return parentSize }
        let current = nav.viewIfLoaded?.bounds.size ?? parentSize
        if TraitCollection.of(simulation.device, size: parentSize).horizontalSizeClass == "compact" {
            let top = columns[.compact] != nil ? Column.compact : .primary
            return c == top ? parentSize : current
        }
        let m = shownMode ?? resolvedMode(for: parentSize)
        return visibleColumns(m).contains(c) ? frame(of: c, mode: m, in: parentSize).size : current
    }

    func layoutColumns() {
        guard let v = viewIfLoaded else { return }
        for nav in shownNavs() {
            guard let nv = nav.viewIfLoaded, nv.superview === v else { continue }
            nv.safeAreaNeedsUpdate = true
            let f = frame(of: nav, in: v.bounds.size)
            if nv.frame != f { nv.frame = f }
        }
    }

    /// A size transition on a regular width may change the automatic mode (Q46): the
    /// columns change at once, before the children hear of the new size.
    func sizeWillChange(to size: Size) {
        let before = shownNavs()
        transitionSize = size
        guard !isCollapsed, TraitCollection.of(simulation.device, size: size).horizontalSizeClass != "compact" else { return }
        shownMode = nil
        rearrange(from: before, toSize: size)
    }

    /// A preference changed: the columns follow at once, from those shown before it.
    func arrangementChanged() {
        let before = arrangementBefore ?? shownNavs()
        arrangementBefore = nil
        guard !isCollapsed else { return }
        rearrange(from: before)
    }

    /// Q13: columns leaving and arriving, each told to the delegate (willHide, then
    /// willShow, in column order, while the split is on screen; not for a column
    /// setViewController replaced, nor for show(_:) and hide(_:)); on screen the leaving
    /// ones disappear completely before the arriving ones appear, each in column order.
    func rearrange(from before: [NavigationController], toSize: Size? = nil, tell: Bool = true) {
        let after = shownNavs()
        let leaving = before.filter { b in !after.contains { $0 === b } && b.parent === self }
        let arriving = after.filter { a in !before.contains { $0 === a } }
        if tell && !isCollapsed && isShowing {
            for n in leaving { if let c = column(of: n) { tellDelegate("willHide", column: c) } }
            for n in arriving { if let c = column(of: n) { tellDelegate("willShow", column: c) } }
        }
        swapShown(leaving: leaving, arriving: arriving, size: toSize)
    }

    /// The views change; on screen, leaving then arriving appearance (Q13).
    func swapShown(leaving: [NavigationController], arriving: [NavigationController], size: Size? = nil) {
        guard isShowing, let v = viewIfLoaded else {
            if isViewLoaded { installShown() }
            return
        }
        for n in leaving where n.viewIfLoaded?.superview === v { n.beginAppearance(false, animated: false) }
        for n in leaving { n.viewIfLoaded?.removeFromSuperview() }
        for n in leaving where n.appearanceDepth > 0 { n.endAppearance() }
        let bounds = size ?? v.bounds.size
        for n in arriving {
            let nv = n.view
            nv.frame = frame(of: n, in: bounds)
            nv.autoresizingMask = []
            n.beginAppearance(true, animated: false)
        }
        installShown(size: size)
        for n in arriving where n.appearanceDepth > 0 { n.endAppearance() }
    }

    /// show(_:): the closest mode of the split behavior that shows `c` (Apple's
    /// documentation); collapsed, the column's stack is pushed on the collapsed one (Q47).
    public func show(_ c: Column) throws {
        try checkColumn(c)
        simulation.trace.record(.call, self, "show", [("_", .string(c.rawValue))])
        if isCollapsed { showCollapsed(c); return }
        let current = displayMode
        guard !visibleColumns(current).contains(c), c != .compact else { return }
        let b = splitBehavior
        let target : DisplayMode
        switch (c, style) {
        case (.supplementary, _), (.primary, .doubleColumn):
            target = b == .overlay ? .oneOverSecondary : .oneBesideSecondary
        case (.primary, .tripleColumn):
            target = b == .overlay ? .twoOverSecondary : b == .displace ? .twoDisplaceSecondary : .twoBesideSecondary
        default: target = .secondaryOnly
        }
        setShownMode(target)
    }

    /// hide(_:): the closest mode that hides `c`; the secondary cannot be hidden
    /// (Apple's documentation; Q45 makes it an error).
    public func hide(_ c: Column) throws {
        try checkColumn(c)
        guard c != .secondary else {
            throw ContainmentError.invalidArgument("Nestbox: hide(_:) does not support hiding the secondary column (UIKit's documentation)")
        }
        simulation.trace.record(.call, self, "hide", [("_", .string(c.rawValue))])
        guard !isCollapsed, visibleColumns(displayMode).contains(c) else { return }
        let b = splitBehavior
        let target : DisplayMode = style == .tripleColumn && c == .primary
            ? (b == .overlay ? .oneOverSecondary : .oneBesideSecondary) : .secondaryOnly
        setShownMode(target)
    }

    /// Apple's pages for the delegate's `splitViewController(_:willShow:)` and
    /// `willHide`: not called when a column is shown or hidden with show(_:) or
    /// hide(_:), programmatically (Q13).
    func setShownMode(_ m: DisplayMode) {
        let before = shownNavs()
        shownMode = m
        rearrange(from: before, tell: false)
    }
}
