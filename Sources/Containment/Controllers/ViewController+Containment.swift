/// addChild, removeFromParent, willMove, didMove (docs/containment.md, willMove and didMove).
extension ViewController {
    /// Nestbox's own bound: appearance forwarding recurses per level.
    static let maxNesting = 5_000

    /// Adds `child`, calling `child.willMove(toParent: self)`; the caller owes didMove.
    public func addChild(_ child: ViewController) throws {
        // Q5: itself or an ancestor would make a cycle. The same walk counts the levels.
        var levels = 0
        var p: ViewController? = self
        while let cur = p {
            if cur === child { throw ContainmentError.invalidArgument(Messages.childCycle(child, self)) }
            levels += 1
            p = cur.parent
        }
        if levels + 1 > Self.maxNesting {
            throw ContainmentError.invalidArgument("Nestbox: controllers nested deeper than \(Self.maxNesting) levels are not supported")
        }
        // Q5b: a controller must not become a child of what it holds (what it presents,
        // or a container's former child still in its list): the two would hold each
        // other, and nothing could free them.
        if child.holds(self) {
            throw ContainmentError.invalidArgument(Messages.mutualHold(child, self, "add", "as a child of"))
        }
        if child.isRootOfWindow {
            throw ContainmentError.hierarchy(Messages.rootAsChild(child, parent: self))
        }
        // Q5d: a presented controller's view sits in the window, outside any parent's
        // view tree (W3), and `present` refuses a child the other way round.
        if let presenter = child.presentingViewController {
            throw ContainmentError.invalidArgument(Messages.presentedAsChild(child, presenter: presenter, parent: self))
        }
        // W4: the child's view must not sit in another controller's view tree.
        if let current = child.viewIfLoaded?.superview?.nearestViewController, current !== self {
            throw ContainmentError.hierarchy(Messages.requestedParent(child, current: current, requested: self))
        }
        simulation.trace.record(.addChild, self, ref: child)
        if child.parent === self {
            // Q4: re-adding to the same parent only repeats willMove.
            child.willMove(toParent: self)
            return
        }
        // Q4: a child of another parent is removed first (didMove(nil)), then moved.
        // UIKit removes it itself: not the old container's missing willMove(nil) (L2).
        if child.parent != nil { child.leaveParent() }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
        child.ownershipMayHaveChanged()
        if simulation.linter != nil { simulation.lintAddedChild(child, to: self) }
    }

    /// Whether this controller holds `target`, directly or through those it holds. A new
    /// controller holds none, so the common case does not walk at all.
    func holds(_ target: ViewController) -> Bool {
        var pending = heldControllers
        var seen = Set<ObjectIdentifier>()
        while let cur = pending.popLast() {
            if cur === target { return true }
            guard seen.insert(ObjectIdentifier(cur)).inserted else { continue }
            pending.append(contentsOf: cur.heldControllers)
        }
        return false
    }

    /// Removes self from its parent and calls didMove(toParent: nil). No parent: no-op (Q6).
    public func removeFromParent() {
        guard parent != nil else { return }
        if simulation.linter != nil { simulation.lintRemoval(self) }
        leaveParent()
    }

    func leaveParent() {
        guard parent != nil else { return }
        simulation.trace.record(.removeFromParent, self)
        detachFromParent()
        didMove(toParent: nil)
    }

    /// Leaves the parent with no notification: what UIKit does to the top a navigation
    /// controller's setViewControllers drops (S26).
    func detachFromParent() {
        guard let p = parent else { return }
        if let i = p.children.firstIndex(where: { $0 === self }) { p.children.remove(at: i) }
        parent = nil
        ownershipMayHaveChanged()
    }

    /// A notification: records the move, keeps isMovingTo/FromParent's bookkeeping,
    /// then runs the hook. It never changes `parent`.
    public func willMove(toParent p: ViewController?) {
        simulation.trace.record(.willMove, self, ref: p)
        parentage = p == nil ? .fromParent : .toParent
        notify(.willMove(toParent: p))
    }

    public func didMove(toParent p: ViewController?) {
        simulation.trace.record(.didMove, self, ref: p)
        parentage = .none
        notify(.didMove(toParent: p))
    }

    /// Whether `self` is `vc` or below it in the controller tree.
    public func isDescendant(of vc: ViewController) -> Bool {
        var p: ViewController? = self
        while let cur = p {
            if cur === vc { return true }
            p = cur.parent
        }
        return false
    }
}
