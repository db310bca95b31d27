/// A page turn: the appearance orders of S29 (scroll and page curl, completed and
/// cancelled), the swipe that drives it (Q42) and its 0.3 s settling (Q40).
final class PageTurn {
    let from: ViewController
    let to: ViewController
    let direction: PageViewController.Direction
    let interactive: Bool
    let completion: ((Bool) -> Void)?
    /// How far the scroll view has moved toward `to`, 0 … 1.
    var progress = 0.0
    /// Set when the finger lifted (or the turn was programmatic): it is settling.
    var isSettling = false
    /// A two-page turn's pages, before and after (Q70); nil for one page.
    var spread: (from: [ViewController], to: [ViewController])?

    init(from: ViewController, to: ViewController, direction: PageViewController.Direction, interactive: Bool,
         completion: ((Bool) -> Void)? = nil) {
        self.from = from; self.to = to; self.direction = direction; self.interactive = interactive
        self.completion = completion
    }

    /// The scroll position the turn ends at when it completes.
    var target: Double { direction == .forward ? 2 : 0 }
}

extension PageViewController {
    /// Q41: the incoming page is already a child (willMove); a swipe tells the delegate
    /// `willTransitionTo`, then the incoming page gets will-appear before the current
    /// one's will-disappear (S29, both styles).
    func beginTurn(_ t: PageTurn, animated: Bool) {
        turn = t
        var placed: View?
        if let v = viewIfLoaded, scrollView.superview === v {
            let pv = t.to.view
            pv.frame = pageFrame(slot: t.target)
            if pv.superview !== scrollView { scrollView.attach(pv, at: scrollView.subviews.count) }
            placed = pv
        }
        if t.interactive { tellDelegate(willTransitionTo: [t.to]) }
        t.to.containerBegin(true, animated: animated)
        t.from.containerBegin(false, animated: animated)
        // viewIsAppearing comes once the view is in the hierarchy and laid out, with its
        // safe area (Apple's viewIsAppearing(_:); S29), as a spread's pages do.
        placed?.layoutIfNeeded()
        t.to.deliverIsAppearing()
    }

    /// Moves the scroll view the rest of the way (Q40): toward the new page, or back.
    func settle(completing: Bool) {
        guard let t = turn else { return }
        t.isSettling = true
        let remaining = completing ? 1 - t.progress : t.progress
        if t.spread != nil {
            // Q70: a spread's pages change in place when the turn's time is up.
            simulation.clock.schedule(after: Self.turnDuration * remaining) { [weak self] in self?.endTurn(completed: completing) }
            return
        }
        let end = scrollBounds(position: completing ? t.target : 1)
        let scroller = scrollView
        simulation.animator.animate(duration: Self.turnDuration * remaining, curve: .easeOut, animations: {
            scroller.bounds = end
        }, completion: { [weak self] _ in
            // Weak: the clock may outlive the controller.
            self?.endTurn(completed: completing)
        })
    }

    /// The end of a turn: the appearance callbacks' second half (S29), the pages'
    /// containment (Q41), the delegate for a swipe, the caller's completion.
    func endTurn(completed: Bool) {
        guard let t = turn else { return }
        let from = t.from, to = t.to
        if t.spread != nil {
            endSpreadTurn(t, completed: completed)
        } else if completed {
            if transitionStyle == .scroll {
                to.containerEnd(); from.containerEnd()
            } else {
                from.containerEnd(); to.containerEnd()
            }
            viewControllers = [to]
            release(from)
            if to.parent === self, to.parentage == .toParent { to.didMove(toParent: self) }
        } else {
            if transitionStyle == .scroll {
                from.containerBegin(true, animated: true); from.containerEnd()
                to.containerBegin(false, animated: true); to.containerEnd()
            } else {
                to.containerBegin(false, animated: true); from.containerBegin(true, animated: true)
                to.containerEnd(); from.containerEnd()
            }
            release(to)
        }
        turn = nil
        installCurrent()
        if t.interactive { tellDelegate(didFinishAnimating: true, previous: t.spread?.from ?? [from], completed: completed) }
        if let done = t.completion { simulation.clock.enqueue { done(true) } }
        if let next = pending {
            pending = nil
            // The page may have been given a parent meanwhile; addChild's refusal then
            // leaves the book as it is, and the change's completion says so.
            do {
                try setViewControllers(next.pages, direction: next.direction, animated: next.animated, completion: next.completion)
            } catch {
                if let done = next.completion { simulation.clock.enqueue { done(false) } }
            }
        }
    }

    // MARK: - The swipe

    /// The scroll view's pan (Q42): past the 10-point slop the drag commits to the
    /// direction it moves in and asks the data source for that side only; the page
    /// follows the finger; a release past half a page, or a fling toward the new page,
    /// completes, anything else cancels.
    func swipe(_ g: GestureRecognizer) {
        // Measured along the pages' order: mirrored right to left (Q74).
        let sign: Double = isMirrored ? -1 : 1
        let along = (isHorizontal ? g.translation.x : g.translation.y) * sign
        let speed = (isHorizontal ? g.velocity.x : g.velocity.y) * sign
        switch g.state {
        case .began:
            if pagesPerTurn == 2 { beginSpreadSwipe(along: along); return }
            guard turn == nil, isShowing, let cur = current, cur.parent === self, along != 0 else { return }
            let direction: Direction = along < 0 ? .forward : .reverse
            guard let next = ask(direction, about: cur), next !== cur else { return }
            // The data source may have turned the page by code meanwhile: that turn wins.
            guard turn == nil, current === cur, isShowing else { return }
            do {
                try addChild(next)
            } catch let error as ContainmentError {
                dataSource?.refused(self, next, asked: direction, error)
                return
            } catch {
                return
            }
            beginTurn(PageTurn(from: cur, to: next, direction: direction, interactive: true), animated: true)
            drag(along)
        case .changed:
            drag(along)
        case .ended, .cancelled:
            guard let t = turn, t.interactive, !t.isSettling else { return }
            // Positive toward the new page: forward pages come in against the axis.
            let toward = t.direction == .forward ? -speed : speed
            let fling = toward > Self.flingVelocity
            let flungBack = toward < -Self.flingVelocity
            settle(completing: g.state == .ended && !flungBack && (fling || t.progress > 0.5))
        default:
            break
        }
    }

    /// The scroll view under the finger: never past the new page, never back past the
    /// current one (the drag's direction is fixed when it begins, Q42).
    func drag(_ along: Double) {
        guard let t = turn, t.interactive, !t.isSettling else { return }
        let moved = t.direction == .forward ? -along : along
        t.progress = min(1, max(0, moved / max(1, stride)))
        guard t.spread == nil else { return }
        let position = t.direction == .forward ? 1 + t.progress : 1 - t.progress
        scrollView.bounds = scrollBounds(position: position)
    }

    /// Asks the data source for the page on one side (traced as `dataSource` events).
    func ask(_ direction: Direction, about vc: ViewController) -> ViewController? {
        guard let dataSource else { return nil }
        let forward = direction == .forward
        let answer = forward ? dataSource.viewController(self, after: vc) : dataSource.viewController(self, before: vc)
        simulation.trace.record(.delegate, self, forward ? "viewControllerAfter" : "viewControllerBefore",
                                [("_", .ref(vc))], message: "dataSource", result: .ref(answer))
        return answer
    }

    func tellDelegate(willTransitionTo pages: [ViewController]) {
        guard let delegate else { return }
        simulation.trace.record(.delegate, self, "willTransitionTo", [("_", .string(pages.map(\.name).joined(separator: ", ")))])
        delegate.willTransition(self, to: pages)
    }

    func tellDelegate(didFinishAnimating finished: Bool, previous: [ViewController], completed: Bool) {
        guard let delegate else { return }
        simulation.trace.record(.delegate, self, "didFinishAnimating",
                                [("finished", .bool(finished)), ("previousViewControllers", .string(previous.map(\.name).joined(separator: ", "))),
                                 ("transitionCompleted", .bool(completed))])
        delegate.didFinishAnimating(self, finished: finished, previous: previous, completed: completed)
    }
}
