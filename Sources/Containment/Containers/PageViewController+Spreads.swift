/// Page curl's spine and double-sided pages (docs/page.md, Spines and spreads; Q70):
/// UIPageViewController.h's rules for how many controllers each spine takes, the two
/// pages of a spread side by side, and turns that bring two at a time.
extension PageViewController {
    /// UIPageViewController.SpineLocation: `none` is what a scroll-style controller has.
    public enum SpineLocation: String, Sendable, CaseIterable { case none, min, mid, max }

    /// UIPageViewController.h: "If transition style is PageCurl, default is Min,
    /// otherwise None".
    public var spineLocation: SpineLocation { transitionStyle == .pageCurl ? curlSpine : .none }

    /// Set before the view loads, as UIKit takes it in init's options. Only page curl
    /// has a spine; `mid` makes the pages double-sided (the header).
    public func configure(spine: SpineLocation) throws {
        guard !isViewLoaded else {
            throw ContainmentError.invalidArgument("Nestbox: \(objectDescription)'s spineLocation is set before its view loads (UIKit takes it in init)")
        }
        guard transitionStyle == .pageCurl || spine == .none else {
            throw ContainmentError.invalidArgument("Nestbox: spineLocation is only valid for the pageCurl transition style (UIPageViewController.h)")
        }
        guard transitionStyle == .scroll || spine != .none else {
            throw ContainmentError.invalidArgument("Nestbox: a pageCurl page view controller's spineLocation is min, mid or max (none is the scroll style's)")
        }
        try checkPages(style: transitionStyle, spine: spine)
        curlSpine = spine == .none ? .min : spine
        if curlSpine == .mid { doubleSided = true }
    }

    /// Pages already set keep their count: a style or spine that needs another is
    /// refused, as setViewControllers would refuse those pages then (W20's rule).
    func checkPages(style: TransitionStyle, spine: SpineLocation) throws {
        guard !viewControllers.isEmpty else { return }
        let required = style == .pageCurl && (spine == .mid || doubleSided) ? 2 : 1
        guard required == viewControllers.count else {
            throw ContainmentError.invalidArgument("Nestbox: \(objectDescription) has \(viewControllers.count) page(s) set, and this transitionStyle and spineLocation take \(required) (UIPageViewController.h)")
        }
    }

    /// Whether content appears on both sides of each page. The header: "Setting 'NO'
    /// when spine location is mid results in an exception."
    public var isDoubleSided: Bool { doubleSided }

    public func setDoubleSided(_ on: Bool) throws {
        guard on || spineLocation != .mid else {
            throw ContainmentError.invalidArgument("isDoubleSided cannot be false when the spine location is mid (UIPageViewController.h)")
        }
        doubleSided = on
    }

    /// The controllers `setViewControllers` takes (the header): page curl's mid spine
    /// shows two; a double-sided page at min or max is a front and, after it, its back.
    public var pagesPerTurn: Int { transitionStyle == .pageCurl && (spineLocation == .mid || doubleSided) ? 2 : 1 }

    /// The pages on screen: both halves of a spread at mid; otherwise the first (a back
    /// is not seen at rest).
    var visiblePages: [ViewController] {
        spineLocation == .mid ? viewControllers : Array(viewControllers.prefix(1))
    }

    /// Where a visible page sits: at mid, the leading or trailing half (the top or
    /// bottom one, vertically); otherwise the whole slot.
    func spreadFrame(_ index: Int) -> Rect {
        let f = pageFrame(slot: 1)
        guard spineLocation == .mid else { return f }
        if isHorizontal {
            let w = f.size.width / 2
            return Rect(x: f.origin.x + w * Double(index), y: f.origin.y, width: w, height: f.size.height)
        }
        let h = f.size.height / 2
        return Rect(x: f.origin.x, y: f.origin.y + h * Double(index), width: f.size.width, height: h)
    }

    /// Puts the visible pages' views in place and takes every other page's view out.
    func installSpread() {
        let shown = visiblePages.filter { $0.parent === self }
        for sub in scrollView.subviews where sub.owningViewController?.parent === self
            && !shown.contains(where: { $0.viewIfLoaded === sub }) {
            sub.detach()
        }
        scrollView.bounds = scrollBounds(position: 1)
        for (i, page) in shown.enumerated() {
            let pv = page.view
            pv.frame = spreadFrame(i)
            if pv.superview !== scrollView { scrollView.attach(pv, at: scrollView.subviews.count) }
        }
    }

    /// Q70: the pages on the other side of the spine, asked as UIKit's data source is
    /// asked for them: forward, the page after the last and the one after that; back,
    /// the page before the first and the one before that. nil unless both come.
    func askSpread(_ direction: Direction) -> [ViewController]? {
        let forward = direction == .forward
        guard let edge = forward ? viewControllers.last : viewControllers.first,
              let first = ask(direction, about: edge), first !== edge,
              let second = ask(direction, about: first), second !== first else { return nil }
        return forward ? [first, second] : [second, first]
    }

    /// A two-page turn (Q70): the incoming pages become children, the visible ones
    /// swap in page curl's order (S29: new will-appear, current will-disappear; at the end
    /// current did-disappear, new did-appear). The incoming views wait under the
    /// outgoing ones, in their places, and these leave when the turn ends (the curl's
    /// drawing is not modelled, Q43).
    func beginSpreadTurn(to pages: [ViewController], direction: Direction, interactive: Bool,
                         completion: ((Bool) -> Void)?) throws {
        for p in pages where p.parent !== self { try addChild(p) }
        let t = PageTurn(from: viewControllers[0], to: pages[0], direction: direction, interactive: interactive, completion: completion)
        t.spread = (from: viewControllers, to: pages)
        turn = t
        if interactive { tellDelegate(willTransitionTo: pages) }
        let arriving = spineLocation == .mid ? pages : [pages[0]]
        for p in arriving { p.containerBegin(true, animated: true) }
        for p in visiblePages { p.containerBegin(false, animated: true) }
        guard let v = viewIfLoaded, scrollView.superview === v else { return }
        for (i, p) in arriving.enumerated() {
            let pv = p.view
            pv.frame = spreadFrame(i)
            if pv.superview !== scrollView { scrollView.attach(pv, at: 0) }
            pv.layoutIfNeeded()
            p.deliverIsAppearing()
        }
    }

    func endSpreadTurn(_ t: PageTurn, completed: Bool) {
        guard let (from, to) = t.spread else { return }
        let leaving = spineLocation == .mid ? from : [from[0]]
        let arriving = spineLocation == .mid ? to : [to[0]]
        if completed {
            viewControllers = to
            installSpread()
            for p in leaving { p.containerEnd() }
            for p in arriving { p.containerEnd() }
            for p in from where !to.contains(where: { $0 === p }) { release(p) }
            for p in to where p.parent === self && p.parentage == .toParent { p.didMove(toParent: self) }
        } else {
            for p in arriving { p.containerBegin(false, animated: true) }
            for p in leaving { p.containerBegin(true, animated: true) }
            for p in arriving { p.containerEnd() }
            for p in leaving { p.containerEnd() }
            for p in to where !from.contains(where: { $0 === p }) { release(p) }
        }
    }

    /// A swipe in a two-page book, past the slop: committed to a direction, it asks for
    /// both pages (the drag and the release are a single page's, Q42).
    func beginSpreadSwipe(along: Double) {
        guard turn == nil, isShowing, viewControllers.count == 2, along != 0 else { return }
        let direction: Direction = along < 0 ? .forward : .reverse
        let before = viewControllers
        guard let pages = askSpread(direction), turn == nil, viewControllers.elementsEqual(before, by: ===), isShowing else { return }
        do {
            try beginSpreadTurn(to: pages, direction: direction, interactive: true, completion: nil)
        } catch let error as ContainmentError {
            dataSource?.refused(self, pages[0], asked: direction, error)
            for p in pages where p.parent === self && !before.contains(where: { $0 === p }) { release(p) }
            return
        } catch {
            return
        }
        drag(along)
    }
}

extension PageViewController {
    /// setViewControllers for two pages: off screen, or for the first pages, the
    /// children change at once; on screen, a two-page turn (animated: it takes
    /// `turnDuration`).
    func setSpread(_ list: [ViewController], direction: Direction, animated: Bool, completion: ((Bool) -> Void)?) throws {
        simulation.trace.record(.call, self, "setViewControllers",
                                [("_", .string(list.map(\.name).joined(separator: ", "))), ("direction", .string(direction.rawValue)),
                                 ("animated", .bool(animated))])
        let old = viewControllers
        guard isShowing, old.count == 2, !old.elementsEqual(list, by: ===) else {
            for p in list where p.parent !== self { try addChild(p) }
            viewControllers = list
            for p in old where !list.contains(where: { $0 === p }) { release(p) }
            installCurrent()
            if isShowing {
                for p in visiblePages where p.appearanceState == .disappeared {
                    p.containerBegin(true, animated: false)
                    if appearanceState == .appeared { p.containerEnd() }
                }
                if appearanceState == .appeared {
                    for p in list where p.parent === self && p.parentage == .toParent { p.didMove(toParent: self) }
                }
            }
            simulation.clock.enqueue { completion?(true) }
            return
        }
        try beginSpreadTurn(to: list, direction: direction, interactive: false, completion: completion)
        if animated { settle(completing: true) } else { endTurn(completed: true) }
    }
}
