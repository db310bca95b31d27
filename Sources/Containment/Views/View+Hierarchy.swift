/// Adding and removing subviews. A controller's view entering or leaving the visible
/// window drives that controller's appearance callbacks (docs/containment.md, Who sends
/// appearance callbacks, item 3).
extension View {
    public func addSubview(_ view: View) throws {
        try move(view, to: subviews.count) { trace.record(.addSubview, self, ref: view) }
    }

    public func insertSubview(_ view: View, at index: Int) throws {
        try move(view, to: max(0, index)) { trace.record(.view, self, "insertSubview", [("_", .ref(view)), ("at", .number(Double(index)))]) }
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) throws {
        let index = subviews.firstIndex { $0 === sibling } ?? subviews.count
        try move(view, to: index) { trace.record(.view, self, "insertSubview", [("_", .ref(view)), ("belowSubview", .ref(sibling))]) }
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) throws {
        let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
        try move(view, to: index) { trace.record(.view, self, "insertSubview", [("_", .ref(view)), ("aboveSubview", .ref(sibling))]) }
    }

    public func bringSubviewToFront(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
        setNeedsLayout()
    }

    public func sendSubviewToBack(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
        setNeedsLayout()
    }

    public func removeFromSuperview() {
        guard let old = superview else { return }
        if simulation.linter != nil { simulation.lintViewLeaving(self) }
        trace.record(.removeFromSuperview, self)
        let leaving = old.window?.isVisible == true
        let mayHoldControllers = owningViewController != nil || !subviews.isEmpty
        let targets = leaving && mayHoldControllers
            ? View.appearanceTargets(topmostControllers(), owner: old.nearestViewController, appearing: false) : ControllerList()
        // Q1: the callbacks are synchronous, around the change itself.
        for c in targets { c.beginAppearance(false, animated: false) }
        detach()
        for c in targets { c.endAppearance() }
    }

    // MARK: - Internals

    /// `announce` records the event: the trace's own call for each (one argument, an
    /// object, takes no argument array).
    func move(_ view: View, to index: Int, announce: () -> Void) throws {
        if view === self { throw ContainmentError.invalidArgument(Messages.addSelfAsSubview) }
        // Q5c: the window is the root of every hierarchy; inside a view, installing a
        // root controller or presenting would put it inside itself.
        if let w = view as? Window { throw ContainmentError.invalidArgument(Messages.windowPlacement(w, "a subview of \(objectDescription)")) }
        // One walk up answers the cycle check, the depth bound and the window: each step
        // loads a weak superview, and deep trees made these walks quadratic.
        let up = ancestry(containing: view)
        if up.contains { throw ContainmentError.invalidArgument(Messages.viewCycle(view, self)) }
        // Nestbox's own bound: view work recurses per level (deinit, appearance), and a
        // script must not be able to overflow the host's stack.
        if up.depth + 1 > View.maxDepth {
            throw ContainmentError.invalidArgument("Nestbox: a view hierarchy deeper than \(View.maxDepth) levels is not supported")
        }
        // A subtree without controllers needs none of the controller bookkeeping.
        let mayHoldControllers = view.owningViewController != nil || !view.subviews.isEmpty
        // The controllers whose views top the subtree: found once for the checks below
        // (a containment cycle would otherwise walk the subtree four times).
        let tops = mayHoldControllers ? view.topmostControllers() : ControllerList()
        // The controller that owns the spot: the checks, the lint and the appearance
        // targets below all ask for it.
        let owner = mayHoldControllers ? nearestViewController : nil
        if mayHoldControllers { try checkControllerConsistency(tops, owner: owner) }
        announce()
        if simulation.linter != nil { simulation.lintViewAdded(to: self) }
        if view.superview === self {
            // Reordering among siblings: the window does not change, no callbacks.
            if let i = subviews.firstIndex(where: { $0 === view }) { subviews.remove(at: i) }
            subviews.insert(view, at: min(index, subviews.count))
            setNeedsLayout()
            return
        }
        if mayHoldControllers { lintUncontainedControllers(tops, owner: owner) }
        let newVisible = (up.root as? Window)?.isVisible == true
        let oldVisible = view.window?.isVisible == true
        var targets = ControllerList()
        if mayHoldControllers {
            if newVisible && !oldVisible { targets = View.appearanceTargets(tops, owner: owner, appearing: true) }
            if oldVisible && !newVisible, let old = view.superview {
                targets = View.appearanceTargets(tops, owner: old.nearestViewController, appearing: false)
            }
        }
        let appearing = newVisible && !oldVisible
        for c in targets { c.beginAppearance(appearing, animated: false) }
        attach(view, at: index)
        if newVisible && !oldVisible {
            // viewIsAppearing: after the view is in the hierarchy and laid out (Apple's
            // documentation of viewIsAppearing), also for a controller already appearing
            // through a transition whose animator adds the view itself.
            let appearingHere = mayHoldControllers ? view.topmostControllers().filter { $0.appearanceState == .appearing } : ControllerList()
            if appearing || !appearingHere.isEmpty { view.layoutIfNeeded() }
            for c in targets { c.deliverIsAppearing() }
            for c in appearingHere { c.deliverIsAppearing() }
        }
        for c in targets { c.endAppearance() }
    }

    static let maxDepth = 20_000

    /// One walk up from this view: the levels above it, the view at the top, and
    /// whether `view` is this view or one of its ancestors.
    func ancestry(containing view: View) -> (depth: Int, root: View, contains: Bool) {
        var n = 0
        var contains = self === view
        var top: View = self
        while let s = top.superview {
            n += 1
            if s === view { contains = true }
            top = s
        }
        return (n, top, contains)
    }

    /// Puts `view` under `self` with no appearance work: the window's root install
    /// and the moves above use it.
    /// A view moved from another superview is not removed on the way (UIKit's
    /// `addSubview(_:)`): it gets one `didMoveToSuperview`, under its new superview, and
    /// `didMoveToWindow` only when its window changes, after it (policy Q77).
    func attach(_ view: View, at index: Int) {
        let old = view.superview
        let oldWindow = old == nil ? nil : view.window
        if let old { view.unlink(from: old) }
        subviews.insert(view, at: min(index, subviews.count))
        view.superview = self
        view.ownershipMayHaveChanged()
        view.safeAreaNeedsUpdate = true
        view.setNeedsLayout()
        setNeedsLayout()
        view.notify(.didMoveToSuperview)
        let newWindow = window
        if oldWindow !== newWindow {
            trace.record(.moveToWindow, view, ref: newWindow)
            view.notifyWindowChange()
        }
    }

    /// A removal: the window goes first, then the superview (UIKit sends
    /// `didMoveToWindow` before `didMoveToSuperview` when a view leaves; policy Q77).
    func detach() {
        guard let old = superview else { return }
        let hadWindow = window != nil
        unlink(from: old)
        if hadWindow {
            trace.record(.moveToWindow, self, ref: nil)
            notifyWindowChange()
        }
        notify(.didMoveToSuperview)
    }

    /// Out of the superview's subviews, with no callbacks: a removal's or a move's first half.
    @inline(__always) private func unlink(from old: View) {
        if let i = old.subviews.firstIndex(where: { $0 === self }) { old.subviews.remove(at: i) }
        superview = nil
        old.setNeedsLayout()
        ownershipMayHaveChanged()
    }

    func notifyWindowChange() {
        notify(.didMoveToWindow)
        // A view with no subviews (a leaf controller's view) needs no walk, and no array.
        guard !subviews.isEmpty else { return }
        var stack: [View] = subviews.reversed()
        while let v = stack.popLast() {
            v.notify(.didMoveToWindow)
            stack.append(contentsOf: v.subviews.reversed())
        }
    }

    /// Controllers whose root views are the topmost ones in this subtree.
    func topmostControllers() -> ControllerList {
        if let vc = owningViewController { return ControllerList(vc) }     // the common case: a controller's view
        var found = ControllerList()
        collectTopmostControllers(into: &found)
        return found
    }

    private func collectTopmostControllers(into found: inout ControllerList) {
        var stack: [View] = [self]
        while let v = stack.popLast() {
            if let vc = v.owningViewController { found.append(vc); continue }
            stack.append(contentsOf: v.subviews.reversed())
        }
    }

    /// The controllers that get appearance callbacks when this subtree enters or leaves
    /// the window under `superview`: children of the controller that owns the spot,
    /// when it forwards automatically and is itself on screen (docs/containment.md, Who sends
    /// appearance callbacks; policies Q3 and Q10). `owner`: that superview's nearest
    /// controller.
    static func appearanceTargets(_ tops: ControllerList, owner: ViewController?, appearing: Bool) -> ControllerList {
        tops.filter { c in
            guard let parent = c.parent, parent === owner,
                  parent.shouldAutomaticallyForwardAppearanceMethods else { return false }
            if appearing {
                return parent.appearanceState == .appeared || parent.appearanceState == .appearing
            }
            return c.appearanceState == .appeared || c.appearanceState == .appearing
        }
    }

    /// W3: a child's view must land inside its parent's view tree. `tops` are the
    /// topmost controllers of the subtree being added; `owner` this view's nearest controller.
    func checkControllerConsistency(_ tops: ControllerList, owner: ViewController?) throws {
        for c in tops {
            guard let parent = c.parent else { continue }
            if owner === parent { continue }
            if owner == nil && window == nil { continue }   // a detached subtree, checked when it lands
            throw ContainmentError.hierarchy(Messages.shouldHaveParent(c, expected: owner, actual: parent))
        }
    }

    /// Policy Q10: a controller's view placed in another controller's view without
    /// addChild gets no appearance callbacks; Nestbox says so.
    func lintUncontainedControllers(_ tops: ControllerList, owner: ViewController?) {
        guard let owner else { return }
        for c in tops where c.parent == nil && !c.isRootOfWindow {
            simulation.lint(c, "\(c.view.objectDescription) of \(c.objectDescription) was added to the view of \(owner.objectDescription) without addChild: UIKit sends it no appearance callbacks", rule: .viewWithoutAddChild)
        }
    }
}
