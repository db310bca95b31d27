/// UINavigationController (docs/containment.md, Navigation controllers; S18–S28, policies
/// Q9 and Q11).
public final class NavigationController: ViewController {
    public enum Operation: String, Sendable { case none, push, pop }

    /// The stack, bottom first. It changes at once; the views follow (next turn when
    /// not animated, Q9).
    public internal(set) var viewControllers: [ViewController] = []
    public var delegate: NavigationDelegate?
    public private(set) lazy var navigationBar = NavigationBar(navigationController: self)
    /// Set, the bar hides at once; `setNavigationBarHidden(_:animated:)` slides it (Q68).
    public var isNavigationBarHidden: Bool {
        get { navigationBarVisibility.isHidden }
        set { setBar(\.navigationBarVisibility, hidden: newValue) }
    }
    /// Q79: a hidden bar hands the status bar's style to the top.
    var navigationBarVisibility = BarVisibility(isHidden: false) {
        didSet { if navigationBarVisibility.isHidden != oldValue.isHidden { simulation.statusBarNeedsUpdate = true } }
    }
    /// Hidden by default (Q71); set, it hides or shows at once.
    public var isToolbarHidden: Bool {
        get { toolbarVisibility.isHidden }
        set { setBar(\.toolbarVisibility, hidden: newValue) }
    }
    var toolbarVisibility = BarVisibility(isHidden: true)
    public private(set) lazy var toolbar = Toolbar(navigationController: self)
    /// The controller whose view is in place (the top, once a transition is over).
    /// Q79: the top decides whether the status bar hides, so a new one asks again.
    public internal(set) var visibleTop: ViewController? {
        didSet { if visibleTop !== oldValue { simulation.statusBarNeedsUpdate = true } }
    }
    /// The leading-edge swipe that pops (UIKit's interactivePopGestureRecognizer): made
    /// when first read or when the view loads, which attaches it, so that reading it
    /// loads nothing and records nothing (Q22). Its closures hold this controller weakly.
    public private(set) lazy var interactivePopGestureRecognizer: GestureRecognizer = {
        let edge = ScreenEdgePanGestureRecognizer(simulation: simulation, name: "\(name).interactivePopGestureRecognizer")
        edge.leadingEdge = true
        edge.onAction = { [weak self] g in self?.edgeSwipe(g) }
        // UIKit's interactive pop refuses to begin with only the root, or mid-transition.
        edge.shouldBegin = { [weak self] in self.map { $0.viewControllers.count > 1 && !$0.isTransitioning } ?? false }
        return edge
    }()
    var isTransitioning = false
    /// The running transition is interactive: a cancel may still give its stack change
    /// back (Q11), so a push or pop started meanwhile waits for it whole (Q7).
    var isInteractive = false
    var pending: [() -> Void] = []
    /// A change made on screen without animation and not shown yet (Q9): on the next turn
    /// the views go from the controller then in place to whatever is on top by then, so
    /// a change made meanwhile joins it (two pushes before the turn show only the
    /// second), as UIKit's deferred update shows the stack as the layout pass finds it.
    var deferred: DeferredChange?
    struct DeferredChange {
        var from: ViewController?
        var operation: Operation
        var popped: [ViewController]
        var added: [ViewController]
        var quiet: ViewController?
        let token: Int
    }
    var deferredTokens = 0
    /// The built-in edge swipe's interactive pop, while the finger is down.
    var edgeInteraction: PercentDrivenInteractiveTransition?

    static let slideDuration = 0.35

    /// The stack and the controller in place count too (Q5b): a script can move one to
    /// another parent while the stack keeps it.
    public override var heldControllers: [ViewController] {
        super.heldControllers + viewControllers + (visibleTop.map { [$0] } ?? [])
    }

    public override init(simulation: Simulation, className: String = "NavigationController", name: String? = nil) {
        super.init(simulation: simulation, className: className, name: name)
        // It manages its children's appearance itself: a child added by hand gets no
        // appearance callbacks (a published log; Chameleon does the same).
        shouldAutomaticallyForwardAppearanceMethods = false
    }

    /// init(rootViewController:) "pushes the root without animation": willMove now,
    /// didMove after its first appearance (Q9).
    public convenience init(simulation: Simulation, className: String = "NavigationController", name: String? = nil,
                            root: ViewController) throws {
        self.init(simulation: simulation, className: className, name: name)
        try setRoot(root)
    }

    public func setRoot(_ root: ViewController) throws {
        guard viewControllers.isEmpty else { return }
        try adopt(root)
        viewControllers = [root]
    }

    public var topViewController: ViewController? { viewControllers.last }
    /// "Return modal view controller if it exists. Otherwise the top view controller"
    /// (UINavigationController.h): what this controller, an ancestor or the top presents.
    public var visibleViewController: ViewController? { topViewController?.presentedViewController ?? topViewController }

    public override func appearanceChildren() -> [ViewController] {
        guard let top = visibleTop, let v = top.viewIfLoaded, let root = viewIfLoaded, v.isDescendant(of: root) else { return [] }
        return [top]
    }

    public override func loadView() {
        let v = View(simulation: simulation, className: "LayoutContainerView", name: "\(name).view", frame: simulation.screen.bounds)
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? setView(v)
    }

    /// S18: loading the navigation controller's view loads and places its top's.
    public override func safeAreaInsets(addedFor child: ViewController) -> EdgeInsets { barInsets(for: child) }

    public override class var actsOnCallbacks: Bool { true }

    public override func handle(_ hook: Hook) {
        if case .viewDidLoad = hook { installChrome() }
        if case .viewWillLayoutSubviews = hook { layoutChrome() }
        super.handle(hook)
    }

    public override func appearanceDidForward(_ appearing: Bool, ended: Bool) {
        guard appearing, let top = visibleTop else { return }
        if !ended {
            tellDelegate(willShow: top, animated: appearanceAnimated)
        } else {
            // The root (or a top pushed off screen) gets didMove on first display (Q9).
            if top.parentage == .toParent { top.didMove(toParent: self) }
            tellDelegate(didShow: top, animated: appearanceAnimated)
        }
    }

    public override func prepareForAppearance(_ appearing: Bool) {
        // A push made off screen (S21) shows when the navigation controller appears.
        if appearing, visibleTop !== topViewController { installTop() }
    }

    // MARK: - Stack operations

    public func pushViewController(_ vc: ViewController, animated: Bool) throws {
        if vc is NavigationController {
            throw ContainmentError.invalidArgument("Pushing a navigation controller is not supported")
        }
        if viewControllers.contains(where: { $0 === vc }) {
            throw ContainmentError.invalidArgument("\(objectDescription) is pushing the same view controller instance (\(vc.objectDescription)) more than once which is not supported and is most likely an error in the application : nestbox")
        }
        simulation.trace.record(.call, self, "pushViewController", [("_", .ref(vc)), ("animated", .bool(animated))])
        // W10 is for a transition under way; a change that waits for its turn is joined (Q9).
        if isTransitioning, deferred == nil { simulation.warn(self, "nested push animation can result in corrupted navigation bar") }
        if waitsForInteraction({ nav in
            // W7 were it made now (the cancel it waited for gave `vc` back): no caller is
            // left to raise it to, so the push is dropped.
            guard !nav.viewControllers.contains(where: { $0 === vc }) else { return }
            try nav.push(vc, animated: animated)
        }) {
            simulation.warn(vc, Messages.unbalanced(vc))   // Q7: W1 for the incoming controller, as `show` sends it
            return
        }
        try push(vc, animated: animated)
    }

    /// The push itself: the stack at once, the views now or behind the running
    /// transition (Q9, Q7).
    func push(_ vc: ViewController, animated: Bool) throws {
        try adopt(vc)
        let from = topViewController
        viewControllers.append(vc)
        show(from: from, operation: .push, animated: animated, popped: [], added: [vc])
    }

    /// The back button: UIKit sends `popViewController(animated:)`, which a subclass's
    /// override sees.
    func backButtonTapped() {
        if runsOverride(.popViewController(animated: true)) { return }
        popViewController(animated: true)
    }

    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1, topViewController != nil else { return nil }
        simulation.trace.record(.call, self, "popViewController", "animated", .bool(animated))
        if isTransitioning, deferred == nil { simulation.warn(self, "nested pop animation can result in corrupted navigation bar") }
        // Q7: behind an interactive pop, which top this pops is not known yet: none now.
        if waitsForInteraction({ _ = $0.popTop(animated: animated) }) { return nil }
        return popTop(animated: animated)
    }

    @discardableResult
    func popTop(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1, let top = topViewController else { return nil }
        top.willMove(toParent: nil)
        viewControllers.removeLast()
        show(from: top, operation: .pop, animated: animated, popped: [top], added: [])
        return top
    }

    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController] {
        guard let root = viewControllers.first else { return [] }
        return (try? pop(to: root, animated: animated, call: "popToRootViewController")) ?? []
    }

    @discardableResult
    public func popToViewController(_ vc: ViewController, animated: Bool) throws -> [ViewController] {
        guard viewControllers.contains(where: { $0 === vc }) else {
            throw ContainmentError("NSInternalInconsistencyException", "Tried to pop to a view controller that doesn't exist.")
        }
        return try pop(to: vc, animated: animated, call: "popToViewController")
    }

    func pop(to vc: ViewController, animated: Bool, call: String) throws -> [ViewController] {
        guard let i = viewControllers.firstIndex(where: { $0 === vc }), i < viewControllers.count - 1,
              topViewController != nil else { return [] }
        simulation.trace.record(.call, self, call, "animated", .bool(animated))
        if isTransitioning, deferred == nil { simulation.warn(self, "nested pop animation can result in corrupted navigation bar") }
        // Q7: behind an interactive pop, what this pops is not known yet: nothing now.
        if waitsForInteraction({ _ = $0.popStack(to: vc, animated: animated) }) { return [] }
        return popStack(to: vc, animated: animated)
    }

    @discardableResult
    func popStack(to vc: ViewController, animated: Bool) -> [ViewController] {
        guard let i = viewControllers.firstIndex(where: { $0 === vc }), i < viewControllers.count - 1,
              let top = topViewController else { return [] }
        let popped = Array(viewControllers[(i + 1)...])
        top.willMove(toParent: nil)      // only the visible one (Q9)
        viewControllers.removeSubrange((i + 1)...)
        show(from: top, operation: .pop, animated: animated, popped: popped, added: [])
        return popped
    }

    /// Push-style when the new top was not in the stack, pop-style when it was
    /// (UINavigationController.h). The old top gets no willMove/didMove (Apple bug
    /// report 18002763).
    public func setViewControllers(_ list: [ViewController], animated: Bool) throws {
        for vc in list where vc is NavigationController {
            throw ContainmentError.invalidArgument("Pushing a navigation controller is not supported")
        }
        // W24: a controller listed twice would be the stack's child twice.
        if list.indices.contains(where: { i in list[..<i].contains { $0 === list[i] } }) {
            throw ContainmentError("NSInternalInconsistencyException",
                                   "All view controllers in a navigation controller must be distinct ((\(list.map(\.objectDescription).joined(separator: ", "))))")
        }
        simulation.trace.record(.call, self, "setViewControllers",
                                [("_", .string(list.map(\.name).joined(separator: ", "))), ("animated", .bool(animated))])
        // Q7: behind an interactive transition the replacement waits for its outcome whole,
        // as a push does.
        if waitsForInteraction({ try $0.replaceStack(list, animated: animated) }) { return }
        // An emptied stack has no controller to show behind an animated transition still
        // running: it waits for that transition's end whole, as Q7's operations do.
        if list.isEmpty, isTransitioning, deferred == nil {
            pending.append { [weak self] in try? self?.replaceStack([], animated: animated) }
            return
        }
        try replaceStack(list, animated: animated)
    }

    /// The replacement itself: the stack at once, the views now or behind the running
    /// transition (Q7).
    func replaceStack(_ list: [ViewController], animated: Bool) throws {
        let old = viewControllers
        let from = topViewController
        let added = list.filter { vc in !old.contains { $0 === vc } }
        let removed = old.filter { vc in !list.contains { $0 === vc } }
        for vc in added { try adopt(vc) }
        viewControllers = list
        // A navigation controller's children are its stack, in its order (docs/containment.md,
        // Navigation controllers; UIKit's childViewControllers is viewControllers): a
        // reordering moves them too. The dropped ones stay children until released.
        children = list.filter { $0.parent === self } + children.filter { c in !list.contains { $0 === c } }
        let newTopWasThere = list.last.map { top in old.contains { $0 === top } } ?? false
        let droppedTop = from.flatMap { top in removed.first { $0 === top } }
        show(from: from, operation: newTopWasThere ? .pop : .push, animated: animated, popped: removed, added: added,
             quiet: droppedTop)
    }

    /// Q7 (W10): an operation started while a transition runs waits for it. Behind an
    /// animated push or pop the stack changes at once and only the views wait (`show`):
    /// that transition's stack change is final. An interactive one's is not: a cancel
    /// gives it back (Q11), so the operation waits whole and is made on the stack the
    /// transition leaves. False when nothing interactive runs: the caller goes on.
    func waitsForInteraction(_ operation: @escaping (NavigationController) throws -> Void) -> Bool {
        guard isInteractive else { return false }
        // Weak, as `show`'s queued transitions. An error (W4 for a view moved meanwhile)
        // has no caller left to reach: the operation is dropped.
        pending.append { [weak self] in if let self { try? operation(self) } }
        return true
    }

    /// addChild for stack entries (the W4/Q5 checks included).
    func adopt(_ vc: ViewController) throws {
        if vc is TabBarController {
            // Q12b: Apple's documentation of push says unsupported, apps do it, UIKit has no
            // exception text.
            simulation.lint(self, "\(vc.objectDescription) in a navigation controller: UIKit's documentation says a tab bar controller cannot be pushed", rule: .tabBarInNavigation)
        }
        try addChild(vc)
    }
}

/// What a script's navigation delegate answers (a Lua table in practice).
public protocol NavigationDelegate: AnyObject {
    func willShow(_ nav: NavigationController, _ vc: ViewController, animated: Bool)
    func didShow(_ nav: NavigationController, _ vc: ViewController, animated: Bool)
    func animationController(_ nav: NavigationController, operation: NavigationController.Operation,
                             from: ViewController, to: ViewController) -> TransitionAnimator?
    func interactionController(_ nav: NavigationController, animator: TransitionAnimator) -> PercentDrivenInteractiveTransition?
    /// navigationControllerSupportedInterfaceOrientations and …PreferredInterfaceOrientationForPresentation
    /// (Q82): nil where the delegate has no answer.
    func supportedInterfaceOrientations(_ nav: NavigationController) -> InterfaceOrientationMask?
    func preferredInterfaceOrientationForPresentation(_ nav: NavigationController) -> String?
}

extension NavigationDelegate {
    public func supportedInterfaceOrientations(_ nav: NavigationController) -> InterfaceOrientationMask? { nil }
    public func preferredInterfaceOrientationForPresentation(_ nav: NavigationController) -> String? { nil }
}
