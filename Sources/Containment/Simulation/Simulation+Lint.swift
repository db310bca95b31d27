/// Nestbox's lints (docs/lints.md): containment mistakes UIKit lets pass, each with an
/// L-number and the script position that made it. Off unless a host starts linting
/// (`nestbox lint`, `run --lint`, the REPL), so a normal run records nothing more and
/// its trace stays as it was.
public enum LintRule: Int, CaseIterable, Sendable {
    case addChildWithoutDidMove = 1, removeWithoutWillMove, childViewNeverAdded, childViewRemoved,
         viewWithoutAddChild, changeInLayout, beginWithoutEnd, directAppearanceCall,
         presentFromDetached, tabBarInNavigation, constructorKeyTypo, fieldTypo,
         loadViewWithoutView, idleInteraction, formerName, unmodelledMember, readTypo, initializerLabelField,
         viewPropertyOnController, fieldOfCopy, transitionNeverEnded, transitionEndedTwice,
         lateAlongside

    /// "L1", "L2", …: the heading in docs/lints.md.
    public var id: String { "L\(rawValue)" }
}

/// One lint: which rule, the object it is about, the message and where the script made
/// the mistake ("file:line"; nil when no script code was running).
public struct LintFinding: Equatable, Sendable {
    public let rule: LintRule
    public let object: String
    public let message: String
    public let location: String?

    public init(rule: LintRule, object: String, message: String, location: String?) {
        self.rule = rule; self.object = object; self.message = message; self.location = location
    }
}

/// The lint state machine, in the style of ViewController+Appearance.swift: each rule a
/// branch naming its L-number. Rules about a container's children only look at the
/// script's own containers: UIKit's (navigation, tab bar, split, page, the More list)
/// manage theirs.
public final class Linter {
    /// Findings kept; past it they are counted only (a loop can make millions).
    public static let maxFindings = 1_000
    /// Deferred checks kept (L1, L4, L7) and children remembered for L3; past it a
    /// mistake is not tracked, so a script cannot grow the host's memory through them.
    static let maxTracked = 100_000

    public private(set) var findings: [LintFinding] = []
    /// Findings past `maxFindings`.
    public private(set) var dropped = 0
    /// The innermost script position, "file:line" (the host's; Containment knows no Lua).
    /// A host that goes away before the simulation replaces it.
    public var locate: () -> String?

    struct Deferred {
        let rule: LintRule
        weak var child: ViewController?
        weak var parent: ViewController?
        let location: String?
    }
    /// Checks waiting for the end of a run-loop turn with no transition in flight.
    var deferred: [Deferred] = []
    /// Children added to a script's container, by identity: the addChild position (L3).
    var added: [ObjectIdentifier: Deferred] = [:]
    /// Containers with a transition(from:to:) under way, and how many.
    var transitions: [ObjectIdentifier: Int] = [:]
    /// Every transition context made, with where the script started it (L21).
    struct Started {
        weak var context: TransitionContext?
        let location: String?
    }
    var startedTransitions: [Started] = []
    /// > 0 inside viewWillLayoutSubviews, layoutSubviews or viewDidLayoutSubviews (L6).
    var layoutDepth = 0

    init(locate: @escaping () -> String?) { self.locate = locate }

    func add(_ rule: LintRule, _ object: String, _ message: String, at location: String?) {
        guard !isFull else { dropped += 1; return }
        findings.append(LintFinding(rule: rule, object: object, message: message, location: location))
    }

    /// Past `maxFindings` a lint is counted only: neither the report nor the trace
    /// holds it, so a loop of lints costs no memory.
    var isFull: Bool { findings.count >= Self.maxFindings }

    static func isScriptContainer(_ vc: ViewController?) -> Bool {
        guard let vc else { return false }
        return !(vc is NavigationController || vc is TabBarController || vc is SplitViewController
                 || vc is PageViewController || vc is MoreListController)
    }
}

extension Simulation {
    /// Starts linting: from now on the rules are checked and each finding carries the
    /// position `locate` answers with.
    public func startLinting(locate: @escaping () -> String?) {
        if linter == nil { linter = Linter(locate: locate) }
    }

    /// Records a Nestbox finding where UIKit is silent (a `lint` event); when linting,
    /// also a finding of `rule` at the script's position.
    public func lint(_ object: SimObject, _ message: String, rule: LintRule) {
        lint(name: object.name, message, rule: rule)
    }

    /// The same for what is no object of the model (a script's class).
    public func lint(name: String, _ message: String, rule: LintRule) {
        if let linter, linter.isFull { linter.add(rule, name, message, at: nil); return }
        let location = linter?.locate()
        trace.record(.lint, name, "lint", message: message, location: location)
        linter?.add(rule, name, message, at: location)
    }

    /// A UIKit console message that is also a lint (W18, W19).
    func warn(_ object: SimObject, _ message: String, lint rule: LintRule) {
        guard let linter else { warn(object, message); return }
        // UIKit's message stays in the trace as in any run; only the lint is counted.
        if linter.isFull { warn(object, message); linter.add(rule, object.name, message, at: nil); return }
        let location = linter.locate()
        trace.record(.warning, object, "warning", message: message, location: location)
        linter.add(rule, object.name, message, at: location)
    }

    /// A lint at a position known earlier (a deferred check).
    func lint(_ object: SimObject, _ message: String, rule: LintRule, at location: String?) {
        if let linter, linter.isFull { linter.add(rule, object.name, message, at: nil); return }
        trace.record(.lint, object, "lint", message: message, location: location)
        linter?.add(rule, object.name, message, at: location)
    }

    // MARK: - The rules

    /// L1 and L3: a child added to a script's container owes didMove by the end of the
    /// turn, and its view belongs in the container's view.
    func lintAddedChild(_ child: ViewController, to parent: ViewController) {
        guard let linter, Linter.isScriptContainer(parent) else { return }
        let location = linter.locate()
        lintLayoutChange(parent, "addChild(\(child.objectDescription))", at: location)
        guard linter.deferred.count < Linter.maxTracked else { return }
        let entry = Linter.Deferred(rule: .addChildWithoutDidMove, child: child, parent: parent, location: location)
        linter.deferred.append(entry)
        if linter.added.count < Linter.maxTracked { linter.added[ObjectIdentifier(child)] = entry }
    }

    /// L2: removeFromParent sends didMove(nil); willMove(nil) is the container's to send.
    func lintRemoval(_ child: ViewController) {
        guard let linter, let parent = child.parent else { return }
        linter.added[ObjectIdentifier(child)] = nil
        guard Linter.isScriptContainer(parent) else { return }
        let location = linter.locate()
        lintLayoutChange(parent, "removeFromParent of \(child.objectDescription)", at: location)
        if child.parentage != .fromParent {
            lint(child, "\(child.objectDescription) was removed from \(parent.objectDescription) without willMove(toParent: nil) first", rule: .removeWithoutWillMove, at: location)
        }
    }

    /// L4: a child's view leaving its container's view while the child stays; checked
    /// when the turn ends, by which time a removal in progress has removed the child.
    func lintViewLeaving(_ view: View) {
        guard let linter else { return }
        if let s = view.superview, s.window != nil {
            lintLayoutChange(s.nearestViewController ?? s, "removeFromSuperview of \(view.objectDescription)", at: linter.locate())
        }
        guard let child = view.owningViewController, let parent = child.parent, Linter.isScriptContainer(parent),
              linter.deferred.count < Linter.maxTracked else { return }
        linter.deferred.append(Linter.Deferred(rule: .childViewRemoved, child: child, parent: parent, location: linter.locate()))
    }

    /// L6: the view tree changing while it is laid out. Only trees in the window count:
    /// a view loading inside a layout callback builds its own, detached tree.
    func lintViewAdded(to superview: View) {
        guard let linter, linter.layoutDepth > 0, superview.window != nil else { return }
        lintLayoutChange(superview.nearestViewController ?? superview, "a subview added to \(superview.objectDescription)", at: linter.locate())
    }

    private func lintLayoutChange(_ object: SimObject, _ what: String, at location: String?) {
        guard let linter, linter.layoutDepth > 0 else { return }
        lint(object, "\(what) inside a layout callback: layout should place views, not change the hierarchy", rule: .changeInLayout, at: location)
    }

    /// L7: a begin the script sent by hand (manual forwarding) owes its end.
    func lintManualBegin(_ vc: ViewController) {
        guard let linter, linter.deferred.count < Linter.maxTracked else { return }
        linter.deferred.append(Linter.Deferred(rule: .beginWithoutEnd, child: vc, parent: nil, location: linter.locate()))
    }

    func lintLayout(_ entering: Bool) {
        linter?.layoutDepth += entering ? 1 : -1
    }

    func lintTransition(in container: ViewController, started: Bool) {
        guard let linter else { return }
        let key = ObjectIdentifier(container)
        let n = (linter.transitions[key] ?? 0) + (started ? 1 : -1)
        linter.transitions[key] = n > 0 ? n : nil
    }

    /// The end of a run-loop turn: the deferred checks whose objects have no transition
    /// in flight are done now, the others wait for a later turn. Nothing is checked
    /// while an animation runs, an interactive transition waits for its finger or a
    /// finger is down: a container driven by a touch (a pan that began a switch) balances
    /// its calls when the touch ends, so only what is unbalanced once the world rests is
    /// a mistake (docs/lints.md).
    func lintTurnEnded() {
        guard let linter, !linter.deferred.isEmpty, animator.active.isEmpty, heldTouch?.isActive != true else { return }
        var waiting: [Linter.Deferred] = []
        for d in linter.deferred {
            if let p = d.parent ?? d.child?.parent, linter.transitions[ObjectIdentifier(p)] != nil {
                waiting.append(d)
            } else {
                check(d)
            }
        }
        linter.deferred = waiting
    }

    /// The end of the run (and the REPL's `:lint`): every deferred check, whatever is in
    /// flight, then L3 for children whose view never entered their container's view.
    public func lintEndOfRun() {
        guard let linter else { return }
        let all = linter.deferred
        linter.deferred = []
        for d in all { check(d) }
        let added = linter.added.values.sorted { ($0.child?.name ?? "") < ($1.child?.name ?? "") }
        linter.added = [:]
        for d in added {
            guard let child = d.child, let parent = d.parent, child.parent === parent, !child.viewIsInParent else { continue }
            lint(child, "the view of \(child.objectDescription), a child of \(parent.objectDescription), was never added to its view", rule: .childViewNeverAdded, at: d.location)
        }
        // L21: an animator that never called completeTransition leaves its container in
        // transition for good. One an interaction still drives may be waiting for the
        // gesture the run ended in.
        let started = linter.startedTransitions
        linter.startedTransitions = []
        for t in started {
            guard let ctx = t.context, !ctx.isComplete, ctx.interaction?.isSettled ?? true else { continue }
            lint(ctx, "\(ctx.transitionName) never ended: its animator never called completeTransition(_:)", rule: .transitionNeverEnded, at: t.location)
        }
    }

    /// L21: remembered with the script's position, for the end of the run.
    func lintTransitionStarted(_ ctx: TransitionContext) {
        guard let linter else { return }
        if linter.startedTransitions.count >= Linter.maxTracked {
            linter.startedTransitions.removeAll { $0.context?.isComplete ?? true }
            guard linter.startedTransitions.count < Linter.maxTracked else { return }
        }
        linter.startedTransitions.append(Linter.Started(context: ctx, location: linter.locate()))
    }

    private func check(_ d: Linter.Deferred) {
        guard let child = d.child else { return }
        switch d.rule {
        case .addChildWithoutDidMove:
            // L1: still the parent's child, and willMove(toParent:) is the last word.
            guard let parent = d.parent, child.parent === parent, child.parentage == .toParent else { return }
            lint(child, "\(child.objectDescription) was added to \(parent.objectDescription) without didMove(toParent:) by the end of the run-loop turn", rule: .addChildWithoutDidMove, at: d.location)
        case .childViewRemoved:
            guard let parent = d.parent, child.parent === parent, !child.viewIsInParent else { return }
            linter?.added[ObjectIdentifier(child)] = nil
            lint(child, "the view of \(child.objectDescription) was removed from \(parent.objectDescription)'s view while it stays a child", rule: .childViewRemoved, at: d.location)
        case .beginWithoutEnd:
            guard child.appearanceDepth > 0 else { return }
            lint(child, "beginAppearanceTransition on \(child.objectDescription) has no endAppearanceTransition", rule: .beginWithoutEnd, at: d.location)
        default:
            return
        }
    }
}

extension ViewController {
    /// Whether this controller's view sits inside its parent's view tree.
    var viewIsInParent: Bool {
        guard let v = _view, let root = parent?._view else { return false }
        return v.isDescendant(of: root)
    }
}
