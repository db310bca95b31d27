/// The four appearance states (docs/containment.md, Appearance states).
public enum AppearanceState: String, Sendable {
    case disappeared, appearing, appeared, disappearing
}

/// UIViewController: a lazily loaded view, parent/children, and appearance.
open class ViewController: SimObject {
    public var title: String? {
        get { extras?.title }
        set {
            if newValue != nil || extras != nil { setExtras.title = newValue }
            if _navigationItem != nil || parent is NavigationController { navigationItemDidChange() }
        }
    }
    var _navigationItem: NavigationItem? {
        get { extras?.navigationItem }
        set { if newValue != nil || extras != nil { setExtras.navigationItem = newValue } }
    }
    var _toolbarItems: ToolbarItemList? {
        get { extras?.toolbarItems }
        set { if newValue != nil || extras != nil { setExtras.toolbarItems = newValue } }
    }
    var _tabBarItem: TabBarItem? {
        get { extras?.tabBarItem }
        set { if newValue != nil || extras != nil { setExtras.tabBarItem = newValue } }
    }
    /// The properties of this file that most controllers never set (ViewController+Extras.swift).
    private var extras: ControllerExtras?
    private var setExtras: ControllerExtras { extras(&extras) }
    var _view: View?

    /// Unretained, as UIKit's is: a script can drop a parent and keep a child. A link
    /// into the object table (Q56), not a weak reference, so controllers keep the
    /// runtime's fast reference counting. Cleared on removal and by the parent's deinit
    /// (which tells the child).
    public internal(set) var parent: ViewController? {
        get { objects.resolve(parentLink) }
        set { parentLink = objects.link(to: newValue) }
    }
    private var parentLink = ObjectLink<ViewController>()
    public internal(set) var children: [ViewController] = []

    /// Begin calls not yet matched by an end (docs/containment.md, Appearance states:
    /// counted, not re-sent).
    var appearanceDepth = 0
    /// > 0 while one of this controller's appearance callbacks runs.
    var appearanceCallbackDepth = 0
    // The one-byte fields from here on side by side: a class's fields are laid out in
    // the order written, each aligned (docs/performance.md).
    var isLoadingView = false
    /// Set by the window while this is its root.
    public internal(set) var isRootOfWindow = false
    public internal(set) var appearanceState = AppearanceState.disappeared
    var appearanceIsAppearing = false
    var appearanceAnimated = false
    /// A begin that UIKit answers with W1 only: its matching end delivers nothing.
    var appearanceRedundant = false
    var sentIsAppearing = false
    var parentage = Parentage.none

    enum Parentage { case none, toParent, fromParent }

    // Presentation (a relation apart from parent/children: docs/containment.md, Two relations).
    /// What this controller itself presents (it holds it). Scripts read
    /// `presentedViewController`, which also answers for an ancestor's presentation.
    public internal(set) var presentedHere: ViewController? {
        get { extras?.presentedHere }
        set { if newValue != nil || extras != nil { setExtras.presentedHere = newValue } }
    }
    /// The controller presented by this one or by its nearest ancestor that presents,
    /// as Apple documents `presentedViewController`: a child inside a presenting tab bar
    /// controller answers with what the tab bar controller presents. The walk is bounded
    /// by the nesting limit (5,000 levels).
    public var presentedViewController: ViewController? {
        var vc: ViewController? = self
        while let c = vc {
            if let p = c.presentedHere { return p }
            vc = c.parent
        }
        return nil
    }
    /// Weak: the presenter holds what it presents, never the reverse.
    public internal(set) var presentingViewController: ViewController? {
        get { extras?.presentingViewController }
        set {
            if newValue != nil || extras != nil { setExtras.presentingViewController = newValue }
            extras?.systemPresentationController?.ownershipMayHaveChanged()     // anchored while presented
        }
    }
    public var modalPresentationStyle = ModalPresentationStyle.automatic
    public var modalTransitionStyle = ModalTransitionStyle.coverVertical
    /// Whether a context presentation from this controller or below it covers this
    /// controller's view (Q67).
    public var definesPresentationContext = false
    /// Whether a tab bar controller's bar leaves while this controller is in the
    /// selected navigation stack (Q68).
    public var hidesBottomBarWhenPushed = false
    /// Whether a context presentation this controller covers uses its
    /// modalTransitionStyle instead of the presented controller's.
    public var providesPresentationContextTransitionStyle = false
    /// The transition style this controller was presented with (and is dismissed with).
    var presentedTransitionStyle = ModalTransitionStyle.coverVertical
    /// The presentation style it was presented with: a later change of
    /// modalPresentationStyle does not change how it is dismissed, as in UIKit.
    var presentedStyle = ModalPresentationStyle.pageSheet
    /// The style that places and dismisses this controller: the one it was presented
    /// with while it is presented, its modalPresentationStyle otherwise.
    var activeStyle: ModalPresentationStyle { presentingViewController != nil ? presentedStyle : modalPresentationStyle.resolved }
    /// Where a context presentation put this controller's view: over its context (Q67).
    var contextPlace: ContextPlace? {
        get { extras?.contextPlace }
        set { if newValue != nil || extras != nil { setExtras.contextPlace = newValue } }
    }
    /// Added to the root view's safe area (a new layout pass delivers the change).
    public var additionalSafeAreaInsets: EdgeInsets {
        get { extras?.additionalSafeAreaInsets ?? .zero }
        set {
            let old = additionalSafeAreaInsets
            if newValue != old { setExtras.additionalSafeAreaInsets = newValue }
            guard old != newValue, let v = viewIfLoaded else { return }
            v.safeAreaNeedsUpdate = true
            v.setNeedsLayout()
        }
    }
    /// UIContentContainer's preferred size: what the controller asks its container for,
    /// zero until set. A change tells the container (ViewController+ContentSize.swift);
    /// the same size again tells no one (policy Q78).
    public var preferredContentSize: Size {
        get { extras?.preferredContentSize ?? .zero }
        set {
            guard newValue != preferredContentSize else { return }
            setExtras.preferredContentSize = newValue
            preferredContentSizeChanged()
        }
    }
    /// The edges a container's translucent bars may cover: all by default, as in UIKit.
    public var edgesForExtendedLayout = RectEdge.all { didSet { parent?.childLayoutDidChange() } }
    public var extendedLayoutIncludesOpaqueBars = false { didSet { parent?.childLayoutDidChange() } }
    public var transitioningDelegate: PresentationAnimators? {
        get { extras?.transitioningDelegate }
        set { if newValue != nil || extras != nil { setExtras.transitioningDelegate = newValue } }
    }
    /// Held strongly during a `.custom` presentation, as UIKit's presented controller
    /// holds its presentation controller; released when the dismissal completes.
    public internal(set) var presentationController: PresentationController? {
        get { extras?.presentationController }
        set { if newValue != nil || extras != nil { setExtras.presentationController = newValue } }
    }
    /// The presentation controller UIKit made for this controller (Q81, PresentationController+Sheet.swift).
    var systemPresentationControllerIfMade: PresentationController? {
        get { extras?.systemPresentationController }
        set { if newValue != nil || extras != nil { setExtras.systemPresentationController = newValue } }
    }
    /// UIKit's `isModalInPresentation`: a sheet showing this controller, or a parent of
    /// it, does not go with a swipe down (UIViewController.h; Q81).
    public var isModalInPresentation: Bool {
        get { extras?.isModalInPresentation ?? false }
        set { if newValue || extras != nil { setExtras.isModalInPresentation = newValue } }
    }
    // Q79: a presentation's start, and a dismissal's start and end, may give the status
    // bar to another controller; their ends, the interface's orientation (Q82).
    public internal(set) var isBeingPresented = false {
        didSet {
            guard isBeingPresented != oldValue else { return }
            simulation.statusBarNeedsUpdate = true
            simulation.orientationNeedsUpdate = true     // Q82
            if !isBeingPresented { simulation.orientationPresentationEnded = true }
        }
    }
    public internal(set) var isBeingDismissed = false {
        didSet {
            guard isBeingDismissed != oldValue else { return }
            simulation.controllersBeingDismissed += isBeingDismissed ? 1 : -1
            simulation.statusBarNeedsUpdate = true
            simulation.orientationNeedsUpdate = true     // Q82
        }
    }
    /// Whether, presented other than full screen, it decides the status bar (Apple's
    /// page for the property; Q79).
    public var modalPresentationCapturesStatusBarAppearance: Bool {
        get { extras?.capturesStatusBar ?? false }
        set {
            if newValue || extras != nil { setExtras.capturesStatusBar = newValue }
            simulation.statusBarNeedsUpdate = true
        }
    }
    var isPresentationTransitioning = false
    /// The coordinator of a transition this controller takes part in (Q80).
    var vendedCoordinator: TransitionCoordinator? {
        get { extras?.transitionCoordinator }
        set { if newValue != nil || extras != nil { setExtras.transitionCoordinator = newValue } }
    }

    /// Evaluated at each forwarding, as UIKit reads the override each time
    /// (docs/containment.md, Who sends appearance callbacks).
    public var shouldAutomaticallyForwardAppearanceMethods = true

    public override init(simulation: Simulation, className: String = "ViewController", name: String? = nil) {
        super.init(simulation: simulation, className: className, name: name)
    }

    deinit {
        // The presentation controller UIKit made outlives it only in Lua (Q81).
        extras?.systemPresentationController?.ownershipMayHaveChanged()
        // Let the view find out that it lost its owner (the host may release its
        // script state); its own deinit takes its tree down without recursion.
        if let v = _view {
            v.owningViewController = nil
            v.ownershipMayHaveChanged()
        }
        var pending: [ViewController] = []
        swap(&pending, &children)
        ViewController.tearDown(&pending, presented: self)
    }

    /// Takes down what a dying controller held, without recursion: nesting goes 5,000
    /// deep and a chain of presentations has no bound, and each level's deinit would
    /// otherwise run inside the one above it. Every controller in `pending` (and the one
    /// `owner` presented) loses its parent or presenter and hears of it; one that nothing
    /// else holds gives up its own children and presented controller here, so that its
    /// deinit, when the loop lets it go, has none left to recurse into.
    static func tearDown(_ pending: inout [ViewController], presented owner: ViewController) {
        func adopt(_ owner: ViewController, into pending: inout [ViewController]) {
            if let p = owner.presentedHere {
                owner.presentedHere = nil
                p.presentingViewController = nil
                p.ownershipMayHaveChanged()
                pending.append(p)
            }
        }
        for c in pending {
            c.parent = nil
            c.ownershipMayHaveChanged()
        }
        adopt(owner, into: &pending)
        while var vc = pending.popLast() {
            guard isKnownUniquelyReferenced(&vc) else { continue }
            var next: [ViewController] = []
            swap(&next, &vc.children)
            for c in next {
                c.parent = nil
                c.ownershipMayHaveChanged()
            }
            pending.append(contentsOf: next)
            adopt(vc, into: &pending)
        }
    }

    open override var isOwned: Bool { parent != nil || isRootOfWindow || presentingViewController != nil }

    // MARK: - The view (docs/containment.md, Loading the view)

    /// The root view, loaded on first read: loadView, then viewDidLoad, once.
    public var view: View {
        loadViewIfNeeded()
        if let v = _view { return v }
        // loadView left no view (or the view is read while it loads): UIKit would
        // crash; we give it a plain one so the script can go on.
        let v = makeDefaultView()
        try? setView(v)
        return v
    }

    public var viewIfLoaded: View? { _view }
    public var isViewLoaded: Bool { _view != nil }

    public func loadViewIfNeeded() {
        guard _view == nil, !isLoadingView else { return }
        let sim = simulation
        isLoadingView = true
        sim.trace.record(.lifecycle, self, "loadView")
        if running(.loadView, { host?.loadView(for: self) }) != true { loadView() }
        isLoadingView = false
        if _view == nil {
            sim.lint(self, "loadView of \(objectDescription) did not set a view; a plain View was used", rule: .loadViewWithoutView)
            try? setView(makeDefaultView())
        }
        sim.trace.record(.lifecycle, self, "viewDidLoad")
        notify(.viewDidLoad)
    }

    /// The default loadView: a plain view named after the controller.
    open func loadView() {
        try? setView(makeDefaultView())
    }

    /// The children this controller forwards its own appearance to, parent first: by
    /// default, with automatic forwarding on, those whose views are loaded and inside
    /// this controller's view (docs/containment.md, Who sends appearance callbacks).
    /// Containers that manage appearance themselves (navigation, tab bar) forward to
    /// the child they show.
    open func appearanceChildren() -> [ViewController] {
        shouldAutomaticallyForwardAppearanceMethods ? forwardableChildren() : []
    }

    /// Every controller this one holds strongly: its children and the one it presents.
    /// Containers add the controllers they list (a navigation stack, the tabs), which a
    /// script can move to another parent while the list keeps them.
    open var heldControllers: [ViewController] {
        presentedHere.map { children + [$0] } ?? children
    }

    /// Called at the start of each appearance transition, before the callbacks: a
    /// container puts the view of the child it shows in place here.
    open func prepareForAppearance(_ appearing: Bool) {}

    /// Called once this controller and its children got a begin (`ended` false) or an
    /// end (`ended` true): a navigation controller tells its delegate here.
    open func appearanceDidForward(_ appearing: Bool, ended: Bool) {}

    /// UIKit's default sizeForChildContentContainer: a child gets the parent's size.
    open func size(forChildContentContainer child: ViewController, parentSize: Size) -> Size { parentSize }

    /// The size `child` gets in a rotation: the script's override, if it answers, else
    /// UIKit's (the class's) implementation, which the override reaches by its super call
    /// (Q76).
    public func sizeAsked(forChild child: ViewController, parentSize: Size) -> Size {
        running(.sizeForChildContentContainer, { host?.size(forChild: child, of: self, parentSize: parentSize) })
            ?? size(forChildContentContainer: child, parentSize: parentSize)
    }

    /// A child's extended-layout settings changed: a container lays it out again.
    func childLayoutDidChange() { viewIfLoaded?.setNeedsLayout() }

    /// What this container's bars cover of `child`'s view, in the child's view's space
    /// (docs/layout.md, Safe area); none by default.
    open func safeAreaInsets(addedFor child: ViewController) -> EdgeInsets { .zero }

    /// UIKit's loadView makes a view with the screen's bounds that resizes with its
    /// superview (flexible width and height).
    func makeDefaultView() -> View {
        let v = View(simulation: simulation, className: "View", partOf: self, part: .view)
        v.frame = simulation.screen.bounds
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        return v
    }

    /// Assigns the root view. A view belongs to at most one controller (W6).
    public func setView(_ newView: View?) throws {
        // Q5c: the window is the root of every hierarchy; as a controller's view it
        // would be installed inside itself.
        if let w = newView as? Window { throw ContainmentError.invalidArgument(Messages.windowPlacement(w, "the view of \(objectDescription)")) }
        if let v = newView, let other = v.owningViewController, other !== self {
            throw ContainmentError.hierarchy(Messages.viewOwnedTwice(v, owner: other, other: self))
        }
        if let old = _view, old !== newView {
            old.owningViewController = nil
            _view = nil
            old.ownershipMayHaveChanged()
        }
        _view = newView
        newView?.owningViewController = self
        newView?.ownershipMayHaveChanged()
    }

    // MARK: - Delivery

    /// Records a lifecycle event, then runs the hook with the appearance flags set.
    func deliverAppearance(_ hook: Hook, _ site: TraceSite, animated: Bool) {
        simulation.trace.record(site, self, animated)
        appearanceCallbackDepth += 1
        notify(hook)
        appearanceCallbackDepth -= 1
    }

    func deliverLayout(will: Bool) {
        simulation.trace.record(will ? .viewWillLayoutSubviews : .viewDidLayoutSubviews, self)
        notify(will ? .viewWillLayoutSubviews : .viewDidLayoutSubviews)
    }

    /// `isMovingToParent`: inside an appearance callback between willMove(toParent: p)
    /// and didMove(toParent: p) (docs/policies.md, Other choices).
    public var isMovingToParent: Bool { appearanceCallbackDepth > 0 && parentage == .toParent }
    public var isMovingFromParent: Bool { appearanceCallbackDepth > 0 && parentage == .fromParent }
}
