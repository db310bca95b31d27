/// UIPageViewController (docs/page.md; S29, policies Q40–Q44): one page at a
/// time, in a private queuing scroll view; a pan along the orientation turns pages the
/// data source supplies.
public final class PageViewController: ViewController {
    public enum TransitionStyle: String, Sendable, CaseIterable { case scroll, pageCurl }
    public enum Orientation: String, Sendable, CaseIterable { case horizontal, vertical }
    public enum Direction: String, Sendable, CaseIterable { case forward, reverse }

    /// UIKit takes the style, orientation and spacing in init only; here they may be set
    /// until the view loads (a script's constructor sets them as fields).
    public private(set) var transitionStyle = TransitionStyle.scroll
    public private(set) var navigationOrientation = Orientation.horizontal
    /// The gap between pages while they scroll (UIPageViewControllerOptionInterPageSpacingKey);
    /// page curl has none (Q43).
    public private(set) var interPageSpacing = 0.0
    /// Page curl's spine (`spineLocation`) and whether pages have backs (Q70).
    var curlSpine = SpineLocation.min
    var doubleSided = false

    /// The pages: one, or two for page curl's mid spine and double-sided pages (Q70).
    /// A programmatic change takes effect at once; a swipe's pages only once it completed.
    public internal(set) var viewControllers: [ViewController] = []
    public var dataSource: PageViewControllerDataSource?
    public var delegate: PageViewControllerDelegate?
    /// The private `_UIQueuingScrollView`: the pages sit in it side by side, one stride
    /// (page + spacing) apart; its bounds origin is the scroll position.
    public private(set) lazy var scrollView = View(simulation: simulation, className: "QueuingScrollView", name: "\(name).scrollView")
    /// The turn in flight (a swipe or an animated `setViewControllers`).
    var turn: PageTurn?
    /// The last `setViewControllers` call made during a turn, made when it ends (Q44):
    /// one at most, so a script cannot pile up work the host holds.
    var pending: (pages: [ViewController], direction: Direction, animated: Bool, completion: ((Bool) -> Void)?)?

    /// Q40: a whole page turns in 0.3 s (the rest of a released swipe in its share of it).
    public static let turnDuration = 0.3
    /// Q42: a release faster than this (points per second, along the turn) is a fling.
    public static let flingVelocity = 500.0

    /// The pages and the one a turn brings in count too (Q5b).
    public override var heldControllers: [ViewController] {
        super.heldControllers + viewControllers + (turn.map { t in t.spread.map { $0.from + $0.to } ?? [t.from, t.to] } ?? [])
            + (pending?.pages ?? [])
    }

    public override init(simulation: Simulation, className: String = "PageViewController", name: String? = nil) {
        super.init(simulation: simulation, className: className, name: name)
        // Like the other containers, it sends its pages' appearance callbacks itself.
        shouldAutomaticallyForwardAppearanceMethods = false
    }

    /// Refused once the view is loaded: the pages are laid out for these by then.
    public func configure(style: TransitionStyle? = nil, orientation: Orientation? = nil, spacing: Double? = nil) throws {
        guard !isViewLoaded else {
            throw ContainmentError.invalidArgument("Nestbox: \(objectDescription)'s transitionStyle, navigationOrientation and interPageSpacing are set before its view loads (UIKit takes them in init)")
        }
        if let style {
            try checkPages(style: style, spine: curlSpine)
            transitionStyle = style
        }
        if let orientation { navigationOrientation = orientation }
        if let spacing {
            guard spacing.isFinite, spacing >= 0, spacing <= 10_000 else {
                throw ContainmentError.invalidArgument("Nestbox: interPageSpacing must be a number from 0 to 10000, not \(formatNumber(spacing))")
            }
            interPageSpacing = spacing
        }
    }

    public var isTurning: Bool { turn != nil }
    var isHorizontal: Bool { navigationOrientation == .horizontal }
    var current: ViewController? { viewControllers.first }

    public override func loadView() {
        let v = View(simulation: simulation, className: "PageViewControllerContentView", name: "\(name).view", frame: simulation.screen.bounds)
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? setView(v)
    }

    public override class var actsOnCallbacks: Bool { true }

    public override func handle(_ hook: Hook) {
        if case .viewDidLoad = hook { installScrollView() }
        if case .viewWillLayoutSubviews = hook { layoutPages() }
        super.handle(hook)
    }

    public override func appearanceChildren() -> [ViewController] {
        guard turn == nil, let root = viewIfLoaded else { return [] }
        return visiblePages.filter { $0.viewIfLoaded?.isDescendant(of: root) == true }
    }

    public override func prepareForAppearance(_ appearing: Bool) {
        if appearing { installCurrent(); return }
        // Q44: a turn in flight when the page view controller starts to disappear (a
        // dismissal, a pop) ends at once, so that its pages disappear with it: completed
        // unless a finger still holds it.
        if let t = turn { endTurn(completed: t.isSettling || !t.interactive) }
    }

    /// A page set before the first display gets didMove after its viewDidAppear
    /// (L-SO48653763, the reference's §2.15), as a navigation controller's root does.
    public override func appearanceDidForward(_ appearing: Bool, ended: Bool) {
        guard appearing, ended else { return }
        for page in viewControllers where page.parent === self && page.parentage == .toParent { page.didMove(toParent: self) }
    }

    // MARK: - Geometry

    var pageSize: Size { viewIfLoaded?.bounds.size ?? simulation.screen.bounds.size }
    /// One page and the gap after it (Q43: page curl has no gap).
    var stride: Double {
        let gap = transitionStyle == .scroll ? interPageSpacing : 0
        return (isHorizontal ? pageSize.width : pageSize.height) + gap
    }
    /// The page view controller's bounds, one gap longer along the orientation.
    var scrollFrame: Rect {
        let s = pageSize, gap = stride - (isHorizontal ? s.width : s.height)
        return isHorizontal ? Rect(x: 0, y: 0, width: s.width + gap, height: s.height)
                            : Rect(x: 0, y: 0, width: s.width, height: s.height + gap)
    }
    /// Q74: right to left, a horizontal page view controller runs from the right: the page
    /// after is on the left and a swipe to the right turns forward, as current iOS does
    /// (its pages come from the view's layout direction; a script that wants the old
    /// order forces `semanticContentAttribute = "forceLeftToRight"`). The page curl's
    /// spine stays on the left.
    var isMirrored: Bool { isHorizontal && transitionStyle == .scroll && viewIfLoaded?.isRightToLeft == true }
    /// Slot 0 holds the page before, 1 the current one, 2 the page after.
    func pageFrame(slot: Double) -> Rect {
        let s = pageSize, d = (isMirrored ? 2 - slot : slot) * stride
        return Rect(x: isHorizontal ? d : 0, y: isHorizontal ? 0 : d, width: s.width, height: s.height)
    }
    /// The scroll view's bounds when it shows `position` (1 = at rest on the current page).
    func scrollBounds(position: Double) -> Rect {
        let d = (isMirrored ? 2 - position : position) * stride
        return Rect(origin: Point(x: isHorizontal ? d : 0, y: isHorizontal ? 0 : d), size: scrollView.bounds.size)
    }

    func installScrollView() {
        guard let v = viewIfLoaded else { return }
        scrollView.frame = scrollFrame
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        v.attach(scrollView, at: 0)
        let pan = PanGestureRecognizer(simulation: simulation, name: "\(name).scrollView.panGestureRecognizer")
        // Weak: the recognizer lives in this controller's view tree (a cycle otherwise).
        pan.onAction = { [weak self] g in self?.swipe(g) }
        scrollView.addGestureRecognizer(pan)
        installCurrent()
    }

    /// Puts the current page's view in its slot (loading it) and the scroll view at rest;
    /// any other page's view leaves.
    func installCurrent() {
        guard turn == nil, let v = viewIfLoaded, scrollView.superview === v else { return }
        if pagesPerTurn == 2 { installSpread(); return }
        for sub in scrollView.subviews where sub !== current?.viewIfLoaded && sub.owningViewController?.parent === self {
            sub.detach()
        }
        scrollView.bounds = scrollBounds(position: 1)
        guard let cur = current, cur.parent === self else { return }
        let pv = cur.view
        pv.frame = pageFrame(slot: 1)
        if pv.superview !== scrollView { scrollView.attach(pv, at: scrollView.subviews.count) }
    }

    /// The scroll view fills the bounds (plus one gap); the page sits in its slot, unless
    /// a turn is moving it.
    func layoutPages() {
        guard let v = viewIfLoaded, scrollView.superview === v else { return }
        let f = scrollFrame
        if scrollView.frame != f { scrollView.frame = f }
        guard turn == nil else { return }
        let rest = scrollBounds(position: 1)
        if scrollView.bounds != rest { scrollView.bounds = rest }
        for (i, page) in visiblePages.enumerated() {
            guard let pv = page.viewIfLoaded, pv.superview === scrollView else { continue }
            let f = pagesPerTurn == 2 ? spreadFrame(i) : pageFrame(slot: 1)
            if pv.frame != f { pv.frame = f }
        }
    }

    var isShowing: Bool {
        viewIfLoaded?.window?.isVisible == true && (appearanceState == .appeared || appearanceState == .appearing)
    }

    // MARK: - setViewControllers

    /// W20 for a count other than one. On screen the page turns (animated: slides in from
    /// the side `direction` names); off screen only the children change. No delegate
    /// calls: UIKit's are for gesture-driven turns. `completion(finished)` runs on the
    /// next run-loop turn when nothing animates (Q41).
    public func setViewControllers(_ list: [ViewController], direction: Direction, animated: Bool,
                                   completion: ((Bool) -> Void)? = nil) throws {
        let required = pagesPerTurn
        guard list.count == required else {
            throw ContainmentError.invalidArgument("The number of view controllers provided (\(list.count)) doesn't match the number required (\(required)) for the requested transition")
        }
        if required == 2, list[0] === list[1] {
            throw ContainmentError.invalidArgument("Nestbox: \(list[0].objectDescription) cannot be both pages of a spread")
        }
        if turn != nil {
            // Q44: UIKit's queuing scroll view can lose track of its pages here (W21);
            // Nestbox finishes the turn first, then makes the last change asked for. One
            // it replaces is not made: its completion gets false.
            for page in list { try checkAdoptable(page) }
            if let dropped = pending?.completion { simulation.clock.enqueue { dropped(false) } }
            pending = (list, direction, animated, completion)
            return
        }
        if required == 2 { try setSpread(list, direction: direction, animated: animated, completion: completion); return }
        let new = list[0]
        simulation.trace.record(.call, self, "setViewControllers",
                                [("_", .string(new.name)), ("direction", .string(direction.rawValue)), ("animated", .bool(animated))])
        let old = current
        if old !== new { try addChild(new) }
        viewControllers = [new]
        guard isShowing, let old, old !== new else {
            if let old, old !== new { release(old) }
            installCurrent()
            if isShowing, new.appearanceState == .disappeared {
                // The first page of a page view controller on screen: while the page view
                // controller is still appearing, its own end ends the page's and sends
                // didMove (appearanceDidForward); once it has appeared, here.
                new.containerBegin(true, animated: false)
                if appearanceState == .appeared {
                    new.containerEnd()
                    if new.parent === self, new.parentage == .toParent { new.didMove(toParent: self) }
                }
            }
            simulation.clock.enqueue { completion?(true) }
            return
        }
        beginTurn(PageTurn(from: old, to: new, direction: direction, interactive: false, completion: completion), animated: animated)
        if animated {
            settle(completing: true)
        } else {
            endTurn(completed: true)
        }
    }

    /// addChild's refusals (Q5, W4), checked before a queued change is accepted.
    func checkAdoptable(_ vc: ViewController) throws {
        if vc === self || isDescendant(of: vc) { throw ContainmentError.invalidArgument(Messages.childCycle(vc, self)) }
        if vc.holds(self) { throw ContainmentError.invalidArgument(Messages.mutualHold(vc, self, "add", "as a child of")) }
    }

    /// A page leaves: willMove(nil), its view out of the scroll view, removeFromParent.
    func release(_ page: ViewController) {
        guard page.parent === self else { return }
        page.willMove(toParent: nil)
        if let pv = page.viewIfLoaded, pv.superview === scrollView { pv.detach() }
        page.removeFromParent()
    }
}

/// What a script's page view controller data source answers (a Lua table in practice).
public protocol PageViewControllerDataSource: AnyObject {
    func viewController(_ pvc: PageViewController, before vc: ViewController) -> ViewController?
    func viewController(_ pvc: PageViewController, after vc: ViewController) -> ViewController?
    /// The answer could not become a page (addChild refused it): the data source's error.
    func refused(_ pvc: PageViewController, _ vc: ViewController, asked direction: PageViewController.Direction, _ error: ContainmentError)
}

/// What a script's page view controller delegate hears, for gesture-driven turns only
/// (Apple's documentation of both methods).
public protocol PageViewControllerDelegate: AnyObject {
    func willTransition(_ pvc: PageViewController, to pending: [ViewController])
    func didFinishAnimating(_ pvc: PageViewController, finished: Bool, previous: [ViewController], completed: Bool)
}
