/// show(_:sender:) and showDetailViewController(_:sender:): a controller asks to display
/// another without knowing its container (Apple's pages for both methods and for
/// targetViewController(forAction:sender:); docs/containment.md, Showing; policy Q61).
public enum ShowAction: String, CaseIterable, Sendable {
    case show, showDetailViewController

    var override: Override { self == .show ? .show : .showDetailViewController }
}

extension ViewController {
    /// UIKit's targetViewController(forAction:sender:): this controller if it handles
    /// the action (a navigation controller shows by pushing; a split view controller
    /// shows and shows details; a script's subclass that overrides the method), else
    /// the answer of its parent, or of its presenter when it has no parent; nil at the
    /// top. `skipping` is left out (a super call from the override searches above it).
    public func targetViewController(for action: ShowAction, skipping: ViewController? = nil) -> ViewController? {
        var vc: ViewController? = self
        var steps = 0
        while let c = vc, steps < 100_000 {
            if c !== skipping, c.handles(action) { return c }
            vc = c.parent ?? c.presentingViewController
            steps += 1
        }
        return nil
    }

    func handles(_ action: ShowAction) -> Bool {
        switch action {
        case .show: if self is NavigationController || self is SplitViewController { return true }
        case .showDetailViewController: if self is SplitViewController { return true }
        }
        return host?.hasOverride(action.override, on: self) ?? false
    }

    /// The default implementation: the target's own, else a modal presentation from the
    /// window's root view controller (Apple: "uses the window's root view controller to
    /// present vc modally"). From a script's override, the super call searches above
    /// the overriding controller: its own override answered already.
    public func show(_ vc: ViewController, action: ShowAction = .show) throws {
        simulation.trace.record(.call, self, action.rawValue, "_", .ref(vc))
        let skipping = overriding == action.override ? self : nil
        guard let target = targetViewController(for: action, skipping: skipping) else {
            guard let root = viewIfLoaded?.window?.rootViewController ?? simulation.window.rootViewController else {
                simulation.warn(self, "Nestbox: \(action.rawValue) of \(vc.objectDescription) found no controller to show it and no window root to present it")
                return
            }
            try root.present(vc, animated: true, completion: nil)
            return
        }
        try target.perform(action, vc)
    }

    /// The target's implementation of `action`: a script's override, else UIKit's.
    func perform(_ action: ShowAction, _ vc: ViewController) throws {
        if runsOverride(action == .show ? .show(vc) : .showDetailViewController(vc)) { return }
        switch self {
        case let nav as NavigationController where action == .show:
            // UINavigationController.show pushes (Apple's page for show(_:sender:)).
            try nav.pushViewController(vc, animated: true)
        case let split as SplitViewController:
            try split.showInColumns(vc, action)
        default:
            // A controller that handles the action only by a script's override, which
            // declined (it has none now): UIKit's default from here.
            try show(vc, action: action)
        }
    }
}

extension SplitViewController {
    /// Expanded, showDetailViewController installs `vc` as the secondary column's and
    /// show pushes it on the primary column's stack; collapsed, both push it on the
    /// stack shown (Apple: "in a compact environment ... calls show(_:sender:)") (Q61).
    func showInColumns(_ vc: ViewController, _ action: ShowAction) throws {
        if action == .showDetailViewController && !isCollapsed {
            try setViewController(vc, for: .secondary)
            return
        }
        guard let nav = shownNavs().first ?? navigationController(for: .primary) else {
            try setViewController(vc, for: action == .show ? .primary : .secondary)
            return
        }
        try nav.pushViewController(vc, animated: true)
    }
}
