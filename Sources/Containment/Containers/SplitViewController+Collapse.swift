/// Collapsing to one navigation stack on a compact width, and expanding back (Q47).
extension SplitViewController {
    /// Q47: the delegate picks the top column (secondary proposed, as UIKit proposes);
    /// the compact column's stack is shown if set, else the primary's, with the
    /// supplementary's and (for a secondary top) the secondary's controllers moved onto
    /// it. Columns whose views leave the screen get willHide; on screen everything
    /// leaving disappears before what arrives appears (Q13); didCollapse ends it.
    func collapse() {
        let before = shownNavs()
        let proposed = Column.secondary
        var top = proposed
        if let delegate {
            if let a = delegate.topColumnForCollapsing(self, proposed: proposed), a != .compact, hasColumn(a) { top = a }
            simulation.trace.record(.delegate, self, "topColumnForCollapsing", [("proposed", .string(proposed.rawValue))],
                                    result: .string(top.rawValue))
        }
        isCollapsed = true
        let target = shownNavs().first
        var moves: [(column: Column, controllers: [ViewController])] = []
        if columns[.compact] == nil, let p = target {
            collapsedOwnCount = p.viewControllers.count
            let pushed: [Column] = top == .secondary ? [.supplementary, .secondary] : top == .supplementary ? [.supplementary] : []
            for c in pushed {
                if let n = columns[c]?.nav, !n.viewControllers.isEmpty { moves.append((c, n.viewControllers)) }
            }
        }
        collapsedMoves = moves
        let list = moves.flatMap(\.controllers)
        let leaving = before.filter { $0 !== target }
        let showing = isShowing
        if showing { for n in leaving { if let c = column(of: n) { tellDelegate("willHide", column: c) } } }
        let stays = target.map { t in before.contains { $0 === t } } ?? false
        let oldTop = showing && stays && !list.isEmpty ? target?.visibleTop : nil
        disappear((oldTop.map { [$0] } ?? []) + (showing ? leaving : []), navs: leaving, moved: list)
        if let p = target {
            for (c, vcs) in moves { if let n = columns[c]?.nav { move(vcs, from: n, to: p) } }
        }
        var arriving: [ViewController] = []
        if let t = target {
            if !stays { arriving.append(t) } else if !list.isEmpty, let newTop = t.topViewController { arriving.append(newTop) }
        }
        appear(showing ? arriving : [], tops: stays && !list.isEmpty ? target.map { [$0] } ?? [] : [])
        tellDelegate(didCollapse: true)
    }

    /// Q47: the delegate picks the mode (the automatic one for the new size proposed);
    /// the controllers moved onto the collapsed stack, and those pushed on it since,
    /// go back to their columns.
    func expand() {
        let before = shownNavs()
        let size = layoutSize
        let proposed = shownMode ?? resolvedMode(for: size)
        var mode = proposed
        if let delegate {
            if let a = delegate.displayModeForExpanding(self, proposed: proposed), a != .automatic, (try? checkMode(a)) != nil { mode = a }
            simulation.trace.record(.delegate, self, "displayModeForExpanding", [("proposed", .string(proposed.rawValue))],
                                    result: .string(mode.rawValue))
        }
        isCollapsed = false
        shownMode = mode
        let after = shownNavs()
        let p = columns[.primary]?.nav
        var returning: [(nav: NavigationController, controllers: [ViewController])] = []
        // Pushed on the collapsed stack since (`showDetailViewController` with the primary
        // on top, where nothing was moved): they go to the secondary column too.
        if let p, !collapsedMoves.isEmpty || columns[.compact] == nil && p.viewControllers.count > collapsedOwnCount {
            let own = p.viewControllers.prefix(collapsedOwnCount)
            let movedAll = collapsedMoves.flatMap(\.controllers)
            let extra = p.viewControllers.dropFirst(collapsedOwnCount).filter { vc in !movedAll.contains { $0 === vc } }
            for (i, m) in collapsedMoves.enumerated() {
                guard let n = columns[m.column]?.nav else { continue }
                var keep = m.controllers.filter { $0.parent === p || $0.parent == nil }
                if i == collapsedMoves.count - 1 { keep += extra }
                returning.append((n, keep))
            }
            if collapsedMoves.isEmpty, let n = columns[.secondary]?.nav, n !== p { returning.append((n, Array(extra))) }
            if own.count < p.viewControllers.count { p.viewControllers = Array(own) }
        }
        collapsedMoves = []
        let leaving = before.filter { b in !after.contains { $0 === b } }
        let arrivingNavs = after.filter { a in !before.contains { $0 === a } }
        let showing = isShowing
        if showing {
            for n in leaving { if let c = column(of: n), c != .compact { tellDelegate("willHide", column: c) } }
            for n in arrivingNavs { if let c = column(of: n) { tellDelegate("willShow", column: c) } }
        }
        let moved = returning.flatMap(\.controllers)
        let stays = p.map { p in before.contains { $0 === p } && after.contains { $0 === p } } ?? false
        let oldTop = showing && stays && !moved.isEmpty ? p?.visibleTop : nil
        disappear((oldTop.map { [$0] } ?? []) + (showing ? leaving : []), navs: leaving, moved: moved)
        for r in returning {
            guard let p else { continue }
            for vc in r.controllers where vc.parent === p { vc.viewIfLoaded?.detach() }
            move(r.controllers, from: p, to: r.nav)
        }
        var arriving: [ViewController] = []
        if stays, !moved.isEmpty, let p, let newTop = p.topViewController { arriving.append(newTop) }
        arriving += arrivingNavs.map { $0 as ViewController }
        appear(showing ? arriving : [], tops: stays && !moved.isEmpty ? p.map { [$0] } ?? [] : [], size: size)
        tellDelegate(didCollapse: false)
    }

    /// Begin, remove the views, end: the leaving controllers are gone before anything
    /// arrives (Q13).
    private func disappear(_ gone: [ViewController], navs: [NavigationController], moved: [ViewController]) {
        for g in gone { g.beginAppearance(false, animated: false) }
        for n in navs { n.viewIfLoaded?.detach() }
        for g in gone where g.appearanceDepth > 0 { g.endAppearance() }
        // After the ends: a navigation controller forwards to the top still in its view.
        for vc in moved { vc.viewIfLoaded?.detach() }
    }

    /// Begin, put the views in (a stack whose top changed shows its new top: after
    /// viewWillAppear, as a push does), end.
    private func appear(_ arriving: [ViewController], tops: [NavigationController], size: Size? = nil) {
        for a in arriving { a.beginAppearance(true, animated: false) }
        for n in tops { n.installTop() }
        if isViewLoaded { installShown(size: size) }
        for a in arriving where a.appearanceDepth > 0 { a.endAppearance() }
    }

    /// Moves a stack's controllers onto another navigation controller's stack: each
    /// changes parent (Q4's removal, then willMove and didMove at once, Q12's way).
    func move(_ vcs: [ViewController], from: NavigationController, to: NavigationController) {
        from.viewControllers.removeAll { vc in vcs.contains { $0 === vc } }
        if let t = from.visibleTop, vcs.contains(where: { $0 === t }) { from.visibleTop = nil }
        for vc in vcs {
            guard (try? to.addChild(vc)) != nil else { continue }
            vc.didMove(toParent: to)
            to.viewControllers.append(vc)
        }
    }

    /// setViewController while collapsed: what column `c` had pushed on the collapsed
    /// stack (and any column after it) is popped off (Q47).
    func dropMoved(_ c: Column) {
        guard let i = collapsedMoves.firstIndex(where: { $0.column == c }), let p = columns[.primary]?.nav else { return }
        let first = collapsedMoves[i].controllers.first { vc in p.viewControllers.contains { $0 === vc } }
        collapsedMoves.removeSubrange(i...)
        if let first, let j = p.viewControllers.firstIndex(where: { $0 === first }), j > 0 {
            _ = try? p.popToViewController(p.viewControllers[j - 1], animated: false)
        }
    }

    /// show(_:) while collapsed (Q47): the primary pops back to its own controllers; the
    /// supplementary or secondary has its stack (and the columns before it) pushed.
    func showCollapsed(_ c: Column) {
        guard columns[.compact] == nil, let p = columns[.primary]?.nav, c != .compact else { return }
        if c == .primary {
            if collapsedOwnCount > 0, p.viewControllers.count > collapsedOwnCount {
                _ = try? p.popToViewController(p.viewControllers[collapsedOwnCount - 1], animated: true)
            }
            return
        }
        var list: [ViewController] = []
        for col in [Column.supplementary, .secondary] where hasColumn(col) {
            let entry = collapsedMoves.firstIndex { $0.column == col }
            let onStack = entry.map { i in collapsedMoves[i].controllers.contains { vc in p.viewControllers.contains { $0 === vc } } } ?? false
            if !onStack, let n = columns[col]?.nav {
                // A stack popped off by show(.primary) comes back as it was.
                let vcs = entry.map { collapsedMoves[$0].controllers.filter { $0.parent == nil } } ?? n.viewControllers
                if let i = entry { collapsedMoves.remove(at: i) }
                for vc in vcs { vc.viewIfLoaded?.detach() }
                n.viewControllers.removeAll { vc in vcs.contains { $0 === vc } }
                n.visibleTop = nil
                if !vcs.isEmpty { collapsedMoves.append((col, vcs)) }
                list += vcs
            }
            if col == c { break }
        }
        guard !list.isEmpty else { return }
        try? p.setViewControllers(p.viewControllers + list, animated: true)
    }

    func tellDelegate(didCollapse: Bool) {
        guard let delegate else { return }
        simulation.trace.record(.delegate, self, didCollapse ? "didCollapse" : "didExpand")
        if didCollapse { delegate.didCollapse(self) } else { delegate.didExpand(self) }
    }
}
