/// UISplitViewController, column style (iOS 14): docs/split.md, S45–S49, policies Q13
/// and Q45–Q48. Each column's controller is wrapped in a navigation controller, as
/// UIKit does; on a compact width the columns collapse into one navigation stack.
public final class SplitViewController: ViewController {
    public enum Style: String, CaseIterable, Sendable { case doubleColumn, tripleColumn }
    public enum Column: String, CaseIterable, Sendable { case primary, supplementary, secondary, compact }
    public enum DisplayMode: String, CaseIterable, Sendable {
        case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary, twoOverSecondary,
             twoDisplaceSecondary
    }
    public enum SplitBehavior: String, CaseIterable, Sendable { case automatic, tile, overlay, displace }

    /// Set at construction, as UIKit's init(style:) does (Q45: fixed once a column is set).
    public private(set) var style = Style.doubleColumn
    public var delegate: SplitViewControllerDelegate?
    /// What the script set per column, and the navigation controller that shows it.
    var columns: [Column: (set: ViewController, nav: NavigationController)] = [:]
    // The columns shown are taken before a preference changes: the ones it brings on
    // screen are told they appear (Q13).
    public var preferredDisplayMode = DisplayMode.automatic {
        willSet { arrangementBefore = shownNavs() }
        didSet { shownMode = nil; arrangementChanged() }
    }
    public var preferredSplitBehavior = SplitBehavior.automatic {
        willSet { arrangementBefore = shownNavs() }
        didSet { shownMode = nil; arrangementChanged() }
    }
    var arrangementBefore: [NavigationController]?
    /// nil is UIKit's automaticDimension: 320 points (Q48).
    public var preferredPrimaryColumnWidth: Double? { didSet { layoutColumns() } }
    public var preferredSupplementaryColumnWidth: Double? { didSet { layoutColumns() } }
    /// False until the split first appears on a compact width (Q47): UIKit collapses it
    /// then, asking the delegate for the top column.
    public internal(set) var isCollapsed: Bool
    /// While the split prepares to appear: its columns get their callbacks from its own
    /// forwarding, not from a collapse or expansion done then.
    var isPreparing = false
    /// The mode show(_:) or hide(_:) chose, until the size or a preference changes (Q46).
    var shownMode: DisplayMode?
    /// While collapsed: the column on top, and how many of the collapsed stack's
    /// controllers are the primary's own (the rest came from the other columns, Q47).
    var collapsedOwnCount = 0
    /// The size a size transition goes to, until its traits arrive (expand needs it).
    var transitionSize: Size?
    var collapsedMoves: [(column: Column, controllers: [ViewController])] = []

    static let automaticColumnWidth = 320.0

    public override var heldControllers: [ViewController] {
        super.heldControllers + Column.allCases.compactMap { columns[$0] }.flatMap { [$0.set, $0.nav] }
    }

    public override init(simulation: Simulation, className: String = "SplitViewController", name: String? = nil) {
        isCollapsed = false
        super.init(simulation: simulation, className: className, name: name)
        // It forwards appearance to the columns it shows, in column order (Q13).
        shouldAutomaticallyForwardAppearanceMethods = false
    }

    /// Q45: the style is UIKit's init(style:); once a column is set it cannot change.
    public func setStyle(_ s: Style) throws {
        guard s != style else { return }
        guard columns.isEmpty else {
            throw ContainmentError.invalidArgument("Nestbox: the style of \(objectDescription) is fixed once a column is set (UIKit's init(style:))")
        }
        style = s
    }

    /// The columns this style has (Q45): a double-column split has no supplementary one.
    public func hasColumn(_ c: Column) -> Bool { c != .supplementary || style == .tripleColumn }

    func checkColumn(_ c: Column) throws {
        guard hasColumn(c) else {
            throw ContainmentError.invalidArgument("Nestbox: a doubleColumn split view controller has no supplementary column (Q45)")
        }
    }

    /// "The corresponding child view controller object": the controller set, not the
    /// navigation controller wrapping it.
    public func viewController(for c: Column) -> ViewController? { columns[c]?.set }

    /// The navigation controller showing column `c` (the controller set, when it is one).
    public func navigationController(for c: Column) -> NavigationController? { columns[c]?.nav }

    /// UIKit's viewControllers: the columns' navigation controllers, expanded; collapsed,
    /// only the compact column's, or the primary's.
    public var viewControllers: [ViewController] {
        if isCollapsed { return (columns[.compact] ?? columns[.primary]).map { [$0.nav] } ?? [] }
        return [Column.primary, .supplementary, .secondary].compactMap { columns[$0]?.nav }
    }

    /// setViewController(_:for:): a controller that is not a navigation controller is
    /// wrapped in one, as UIKit does; nil empties the column (Q45).
    public func setViewController(_ vc: ViewController?, for c: Column) throws {
        try checkColumn(c)
        if let vc, let other = Column.allCases.first(where: { o in columns[o].map { $0.set === vc || $0.nav === vc } ?? false }) {
            if other == c { return }
            throw ContainmentError.invalidArgument("Nestbox: \(vc.objectDescription) is already the view controller of the \(other.rawValue) column")
        }
        simulation.trace.record(.call, self, "setViewController", [("_", .ref(vc)), ("column", .string(c.rawValue))])
        let wrapper: NavigationController?
        if let vc {
            if let nav = vc as? NavigationController {
                wrapper = nav
            } else {
                // Named after what it wraps: a column replaced keeps names apart in the trace.
                let nav = NavigationController(simulation: simulation, name: "\(vc.name).nav")
                try nav.setRoot(vc)
                wrapper = nav
            }
        } else {
            wrapper = nil
        }
        let shownBefore = shownNavs()
        if isCollapsed { dropMoved(c) }
        // The old column leaves before the new one comes, as a tab bar controller's
        // setViewControllers drops the old children first.
        if let old = columns[c] {
            columns[c] = nil
            removeColumn(old.nav, shownBefore: shownBefore)
        }
        if let wrapper, let vc {
            try addChild(wrapper)
            columns[c] = (vc, wrapper)
            wrapper.didMove(toParent: self)
        }
        rearrange(from: shownBefore, tell: false)
    }

    /// The old navigation controller leaves: off screen first (if shown), then the parent.
    func removeColumn(_ nav: NavigationController, shownBefore: [NavigationController]) {
        let visible = isShowing && shownBefore.contains { $0 === nav }
        if visible { nav.beginAppearance(false, animated: false) }
        nav.willMove(toParent: nil)
        nav.viewIfLoaded?.removeFromSuperview()
        if visible { nav.endAppearance() }
        nav.removeFromParent()
    }

    public override func appearanceChildren() -> [ViewController] {
        guard let root = viewIfLoaded else { return [] }
        return shownNavs().filter { $0.viewIfLoaded?.isDescendant(of: root) == true }
    }

    public override func prepareForAppearance(_ appearing: Bool) {
        guard appearing else { return }
        isPreparing = true
        followSizeClass()
        isPreparing = false
        installShown()
    }

    public override class var actsOnCallbacks: Bool { true }

    public override func handle(_ hook: Hook) {
        switch hook {
        case .viewDidLoad:
            followSizeClass()
            installShown()
        case .viewWillLayoutSubviews: layoutColumns()
        case .viewWillTransition(let size, let coordinator):
            sizeWillChange(to: size)
            coordinator.animate(alongside: nil, completion: { [weak self] in self?.transitionSize = nil })
        case .willTransitionToTraits(let traits, _):
            let compact = traits.horizontalSizeClass == "compact"
            if compact != isCollapsed { compact ? collapse() : expand() }
        default: break
        }
        super.handle(hook)
    }

    public override func size(forChildContentContainer child: ViewController, parentSize: Size) -> Size {
        columnSize(for: child, parentSize: parentSize)
    }

    /// Collapses on a compact width, expands on a regular one, before the view is first
    /// filled and whenever the split appears: the device may have changed while it was
    /// off screen (Q47).
    func followSizeClass() {
        let compact = simulation.traitCollection.horizontalSizeClass == "compact"
        if compact != isCollapsed { compact ? collapse() : expand() }
    }

    var isShowing: Bool {
        !isPreparing && viewIfLoaded?.window?.isVisible == true && (appearanceState == .appeared || appearanceState == .appearing)
    }

    func tellDelegate(_ event: String, column c: Column) {
        guard let delegate else { return }
        simulation.trace.record(.delegate, self, event, [("column", .string(c.rawValue))])
        if event == "willShow" { delegate.willShow(self, column: c) } else { delegate.willHide(self, column: c) }
    }
}

/// What a script's split view controller delegate answers (all optional, as in UIKit).
public protocol SplitViewControllerDelegate: AnyObject {
    func topColumnForCollapsing(_ svc: SplitViewController, proposed: SplitViewController.Column) -> SplitViewController.Column?
    func displayModeForExpanding(_ svc: SplitViewController, proposed: SplitViewController.DisplayMode) -> SplitViewController.DisplayMode?
    func willShow(_ svc: SplitViewController, column: SplitViewController.Column)
    func willHide(_ svc: SplitViewController, column: SplitViewController.Column)
    func didCollapse(_ svc: SplitViewController)
    func didExpand(_ svc: SplitViewController)
}

extension ViewController {
    /// The nearest split view controller above.
    public var splitViewController: SplitViewController? {
        var p = parent
        while let cur = p {
            if let s = cur as? SplitViewController { return s }
            p = cur.parent
        }
        return nil
    }
}
