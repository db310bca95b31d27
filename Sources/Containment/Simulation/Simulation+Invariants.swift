/// Model invariants (docs/development.md, Tests), checked as swift-collections checks `_checkInvariants`:
/// what any sequence of API calls must leave true between two calls. The model keeps
/// each one where the relation changes (W3, W4, W6, Q5, the appearance state machine);
/// a message here names a path that skipped it. The tests run the check after every
/// model and binding test, the fuzzer after every program.
extension Simulation {
    /// Set by a test's scope: every Simulation made inside reports to it when it ends.
    @TaskLocal package static var observer: (any SimulationObserver)?

    /// The violations among the window and everything connected to it (views, their
    /// controllers, children, parents, presented and presenting controllers), one line
    /// each, naming the objects. Empty when the model is consistent.
    package func checkInvariants() -> [String] { checkInvariants(from: []) }

    /// The same, walking from `roots` as well: objects outside the window.
    package func checkInvariants(from roots: [SimObject]) -> [String] {
        var check = InvariantCheck(windowRoot: createdWindow?.rootViewController)
        // The walk pops what was reached last: the window's objects come first, then
        // each root's in the order given (messages are compared exactly).
        for r in roots.reversed() { check.reach(r) }
        if let w = createdWindow { check.reach(w) }
        check.walk()
        check.checkViews()
        check.checkControllers()
        check.checkPlacement()
        return check.violations
    }
}

/// Told when a Simulation ends, before its objects go (the tests' invariant trait).
/// Called from the deinit: it may read the simulation but must not keep it.
package protocol SimulationObserver: AnyObject, Sendable {
    func simulationWillEnd(_ simulation: Simulation)
}

/// One check: the objects found, then each invariant over them. Every walk is a loop
/// with its own stack, never recursion: a script can nest views 20,000 deep.
struct InvariantCheck {
    let windowRoot: ViewController?
    private(set) var violations: [String] = []
    private var views: [View] = []
    private var controllers: [ViewController] = []
    private var seen = Set<ObjectIdentifier>()
    private var pending: [SimObject] = []
    /// Views their superview lists, controllers their parent lists.
    private var listedByOwner = Set<ObjectIdentifier>()
    /// Per view: the nearest controller whose view is it or an ancestor, and whether
    /// its topmost ancestor is a window (what W3 reads).
    private var places: [ObjectIdentifier: (owner: ViewController?, inWindow: Bool)] = [:]
    private var parentChainDone = Set<ObjectIdentifier>()

    init(windowRoot: ViewController?) { self.windowRoot = windowRoot }

    mutating func reach(_ object: SimObject?) {
        guard let object, seen.insert(ObjectIdentifier(object)).inserted else { return }
        pending.append(object)
    }

    /// Collects everything connected to the roots, depth first, children in order.
    mutating func walk() {
        while let o = pending.popLast() {
            if let v = o as? View {
                views.append(v)
                for s in v.subviews.reversed() { reach(s) }
                reach(v.owningViewController)
                reach(v.superview)
                if let w = v as? Window { reach(w.rootViewController) }
            } else if let c = o as? ViewController {
                controllers.append(c)
                reach(c._view)
                for k in c.children.reversed() { reach(k) }
                // A container's lists hold its children, and what a script removed from them.
                if let nav = c as? NavigationController { for k in nav.viewControllers.reversed() { reach(k) } }
                if let tbc = c as? TabBarController { for k in tbc.viewControllers.reversed() { reach(k) } }
                reach(c.presentedHere)
                reach(c.parent)
                reach(c.presentingViewController)
            }
        }
    }

    /// superview/subviews symmetric, a view in one subviews list at most, a view's
    /// controller holding it as its view (W6), recognizers on the view they name.
    mutating func checkViews() {
        for v in views {
            checkList(v.subviews, of: v, "subviews", "superview") { $0.superview }
            if let o = v.owningViewController, o._view !== v {
                violations.append("\(v.objectDescription) names \(o.objectDescription) as its controller, but that controller's view is \(describe(o._view))")
            }
            for g in v.gestureRecognizers where g.view !== v {
                violations.append("\(g.objectDescription) is among the gesture recognizers of \(v.objectDescription), but its view is \(describe(g.view))")
            }
        }
        for v in views {
            checkListed(v, by: v.superview, "subviews", "superview")
            climbSuperviews(from: v)
        }
    }

    /// parent/children symmetric, a controller in one children list at most, its view
    /// naming it, presentation links symmetric, the window's root, the appearance
    /// state agreeing with the begin/end depth (docs/containment.md, Appearance states),
    /// and a navigation controller's stack agreeing with its children.
    mutating func checkControllers() {
        for c in controllers {
            checkList(c.children, of: c, "children", "parent") { $0.parent }
            if let v = c._view, v.owningViewController !== c {
                violations.append("the view \(v.objectDescription) of \(c.objectDescription) names \(describe(v.owningViewController)) as its controller")
            }
            if let p = c.presentedHere, p.presentingViewController !== c {
                violations.append("\(c.objectDescription) presents \(p.objectDescription), whose presenting controller is \(describe(p.presentingViewController))")
            }
            if let q = c.presentingViewController, q.presentedHere !== c {
                violations.append("\(c.objectDescription) names \(q.objectDescription) as its presenting controller, which presents \(describe(q.presentedHere))")
            }
            checkRoot(c)
            checkAppearance(c)
            if let nav = c as? NavigationController { checkStack(nav) }
        }
        for c in controllers {
            checkListed(c, by: c.parent, "children", "parent")
            climbParents(from: c)
        }
    }

    /// A holder's list (`subviews`, `children`) against its members' back-pointer: each
    /// member listed once and naming the holder, which `listedByOwner` then records.
    private mutating func checkList<Member: SimObject>(_ list: [Member], of holder: SimObject, _ noun: String,
                                                       _ relation: String, back: (Member) -> SimObject?) {
        var listed = Set<ObjectIdentifier>()
        for m in list {
            if !listed.insert(ObjectIdentifier(m)).inserted {
                violations.append("\(m.objectDescription) appears twice among the \(noun) of \(holder.objectDescription)")
            } else if back(m) === holder {
                listedByOwner.insert(ObjectIdentifier(m))
            } else {
                violations.append("\(m.objectDescription) is among the \(noun) of \(holder.objectDescription), but its \(relation) is \(describe(back(m)))")
            }
        }
    }

    /// The other way: a member naming a holder is in that holder's list. Run once every
    /// list was checked (the walk reaches each holder named).
    private mutating func checkListed(_ member: SimObject, by holder: SimObject?, _ noun: String, _ relation: String) {
        guard let holder, !listedByOwner.contains(ObjectIdentifier(member)) else { return }
        violations.append("\(member.objectDescription) has \(relation) \(holder.objectDescription), which does not list it among its \(noun)")
    }

    private mutating func checkRoot(_ c: ViewController) {
        let isRoot = windowRoot === c
        if c.isRootOfWindow != isRoot {
            violations.append(isRoot ? "\(c.objectDescription) is the window's root controller but not marked as such"
                                     : "\(c.objectDescription) is marked as the window's root controller, but the window's root is \(describe(windowRoot))")
        }
        if c.isRootOfWindow, let p = c.parent {
            violations.append("\(c.objectDescription) is the window's root controller but has parent \(p.objectDescription)")
        }
    }

    /// A navigation controller at rest (no transition running or waiting, Q7): its stack
    /// and its children in the same order (docs/containment.md, Navigation controllers:
    /// its `children` are its `viewControllers`, root first), and on screen the top in
    /// place (Q9). Only the controllers in both lists are compared: the list keeps an entry
    /// a script took out with removeFromParent (the walk's note), and a child a script
    /// added by hand is in no stack.
    private mutating func checkStack(_ nav: NavigationController) {
        guard !nav.isTransitioning, nav.pending.isEmpty else { return }
        let stack = nav.viewControllers.filter { $0.parent === nav }
        let kids = nav.children.filter { k in nav.viewControllers.contains { $0 === k } }
        if !stack.elementsEqual(kids, by: { $0 === $1 }) {
            violations.append("the stack of \(nav.objectDescription) is \(stack.map(\.objectDescription).joined(separator: ", ")), but its children are \(kids.map(\.objectDescription).joined(separator: ", "))")
        }
        if nav.isShowing, let top = nav.topViewController, nav.visibleTop !== top {
            violations.append("\(nav.objectDescription) is on screen with top \(top.objectDescription), but shows \(describe(nav.visibleTop))")
        }
    }

    /// Depth 0: settled (appeared or disappeared). Depth > 0: in flight in the open
    /// transition's direction, or still settled there when the begin was redundant (W1,
    /// S14). Window membership is not checked: policy Q3 lets a container forward by
    /// hand to a child off screen, so `appeared` does not imply being in the window.
    private mutating func checkAppearance(_ c: ViewController) {
        let depth = c.appearanceDepth, state = c.appearanceState
        if depth < 0 {
            violations.append("\(c.objectDescription) has appearance depth \(depth)")
        } else if depth == 0 {
            if state == .appearing || state == .disappearing {
                violations.append("\(c.objectDescription) has appearance state \(state.rawValue) with no appearance transition open")
            }
        } else {
            let towards = c.appearanceIsAppearing
            let expected: AppearanceState = c.appearanceRedundant ? (towards ? .appeared : .disappeared)
                                                                  : (towards ? .appearing : .disappearing)
            if state != expected {
                let kind = (c.appearanceRedundant ? "redundant " : "") + (towards ? "appearing" : "disappearing")
                violations.append("\(c.objectDescription) has appearance state \(state.rawValue) with an open \(kind) transition (depth \(depth))")
            }
        }
    }

    /// W3: a child's view, when in a superview, is in its parent's view tree (no other
    /// controller's view between), or in a tree outside any window and controller, which
    /// W3 checks when it lands. A navigation controller's `visibleTop` and a tab's
    /// unselected child only ever take their views out, so they need no exception.
    mutating func checkPlacement() {
        for c in controllers {
            for k in c.children where k.parent === c {
                guard let kv = k._view, let s = kv.superview else { continue }
                let place = places[ObjectIdentifier(s)] ?? climbSuperviews(from: s)
                if place.owner === c || (place.owner == nil && !place.inWindow) { continue }
                if let owner = place.owner {
                    violations.append("\(kv.objectDescription), the view of \(k.objectDescription), is in the view tree of \(owner.objectDescription), not of its parent \(c.objectDescription)")
                } else {
                    violations.append("\(kv.objectDescription), the view of \(k.objectDescription), is in the window outside the view tree of its parent \(c.objectDescription)")
                }
            }
        }
    }

    /// Fills `places` for `v` and its ancestors (each view once over the whole check),
    /// reporting a superview cycle.
    @discardableResult
    private mutating func climbSuperviews(from v: View) -> (owner: ViewController?, inWindow: Bool) {
        var path: [View] = []
        var onPath = Set<ObjectIdentifier>()
        var above: (owner: ViewController?, inWindow: Bool) = (nil, false)
        var cur: View? = v
        while let x = cur {
            if let known = places[ObjectIdentifier(x)] { above = known; break }
            if !onPath.insert(ObjectIdentifier(x)).inserted {
                violations.append("\(x.objectDescription) is its own ancestor through its superviews")
                break
            }
            path.append(x)
            cur = x.superview
            if cur == nil { above = (nil, x is Window) }
        }
        for x in path.reversed() {
            above = (x.owningViewController ?? above.owner, above.inWindow)
            places[ObjectIdentifier(x)] = above
        }
        return above
    }

    /// Walks up the parents from `c` (each controller once over the whole check),
    /// reporting a parent cycle.
    private mutating func climbParents(from c: ViewController) {
        var onPath = Set<ObjectIdentifier>()
        var cur: ViewController? = c
        while let x = cur, !parentChainDone.contains(ObjectIdentifier(x)) {
            if !onPath.insert(ObjectIdentifier(x)).inserted {
                violations.append("\(x.objectDescription) is its own ancestor through its parents")
                break
            }
            cur = x.parent
        }
        parentChainDone.formUnion(onPath)
    }

    private func describe(_ object: SimObject?) -> String { object?.objectDescription ?? "nil" }
}
