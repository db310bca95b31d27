/// The status bar's appearance on an iPhone with view-controller-based appearance (the
/// default; policy Q79 in docs/policies.md): one controller decides its style and one its
/// hiding, each found from the window's root by the childFor… overrides. UIKit asks again
/// when a controller calls setNeedsStatusBarAppearanceUpdate() and when what decides may
/// have changed; Nestbox asks at the end of that run-loop turn (`Simulation.turn`).
public enum StatusBarStyle: String, CaseIterable, Sendable {
    case `default`, lightContent, darkContent
}

/// What the status bar shows: its style, and whether it is hidden.
public struct StatusBarAppearance: Equatable, Sendable {
    public var style = StatusBarStyle.default
    public var isHidden = false
}

/// A script's answer to one of the questions UIKit asks a controller (`ObjectHost.answer`):
/// the status bar's (Q79) and the interface orientations' (Q82).
public enum ControllerAnswer {
    case style(StatusBarStyle)
    case hidden(Bool)
    case child(ViewController?)
    case orientations(InterfaceOrientationMask)
    case orientation(String)
}

extension ViewController {
    // UIKit's own answers: the class's implementation, which a script's override reaches
    // by its super call (Q76).

    /// A tab bar controller lets its selected controller decide; a navigation controller
    /// decides the style itself while its bar shows (from the bar's style) and lets its
    /// top decide once the bar is hidden (Q79); other controllers decide themselves.
    public var uikitChildForStatusBarStyle: ViewController? {
        switch self {
        case let tabs as TabBarController: tabs.selectedViewController
        case let nav as NavigationController: nav.isNavigationBarHidden ? nav.topViewController : nil
        default: nil
        }
    }

    /// Hiding follows the selected tab and the navigation stack's top (Q79).
    public var uikitChildForStatusBarHidden: ViewController? {
        switch self {
        case let tabs as TabBarController: tabs.selectedViewController
        case let nav as NavigationController: nav.topViewController
        default: nil
        }
    }

    /// `.default` (dark content on a light background), as UIKit's.
    public var uikitPreferredStatusBarStyle: StatusBarStyle { .default }

    /// False, except in a vertically compact environment (an iPhone in landscape), as
    /// Apple documents for apps linked against iOS 8 or later.
    public var uikitPrefersStatusBarHidden: Bool { traitCollection.verticalSizeClass == "compact" }

    // The answers in effect: the script's override, else UIKit's.

    public var childForStatusBarStyle: ViewController? {
        if case .child(let c)? = answer(.childForStatusBarStyle) { return c }
        return uikitChildForStatusBarStyle
    }

    public var childForStatusBarHidden: ViewController? {
        if case .child(let c)? = answer(.childForStatusBarHidden) { return c }
        return uikitChildForStatusBarHidden
    }

    public var preferredStatusBarStyle: StatusBarStyle {
        if case .style(let s)? = answer(.preferredStatusBarStyle) { return s }
        return uikitPreferredStatusBarStyle
    }

    public var prefersStatusBarHidden: Bool {
        if case .hidden(let h)? = answer(.prefersStatusBarHidden) { return h }
        return uikitPrefersStatusBarHidden
    }

    /// The override's answer to `question`, nil without one (or with a wrong one).
    func answer(_ question: Override) -> ControllerAnswer? {
        running(question) { host?.answer(question, of: self) }
    }

    /// UIKit's request to ask again, answered at once (an animation block around the call
    /// animates the change in UIKit); from inside the questions themselves, at the end
    /// of the turn.
    public func setNeedsStatusBarAppearanceUpdate() {
        simulation.trace.record(.call, self, "setNeedsStatusBarAppearanceUpdate")
        simulation.statusBarNeedsUpdate = true
        simulation.updateStatusBar()
    }
}

extension Simulation {
    /// The controller the status bar asks first: the window's root, or the last of the
    /// controllers it presents in turn that is full screen or captures the status bar's
    /// appearance (Apple's page for modalPresentationCapturesStatusBarAppearance: control
    /// passes to a presented controller only then), from the start of its presentation
    /// to the start of its dismissal.
    func statusBarOwner() -> ViewController? {
        guard let root = window.rootViewController else { return nil }
        // From the last controller presented down (`presentationTop`), so that a chain
        // of presentations made one per turn is not walked whole each turn; a top no
        // longer presented (collected, or taken down another way) is found from the root.
        var vc = presentationTop
        if vc.map({ $0 !== root && $0.presentingViewController == nil }) ?? true {
            vc = root
            var steps = 0
            while let next = vc?.presentedHere, steps < Self.statusBarWalk { vc = next; steps += 1 }
        }
        // Up to the first that decides; a presenter that is not presented itself (a
        // context inside a presented controller) goes on from its nearest presented
        // ancestor. Past `statusBarWalk` steps the root decides.
        var steps = 0
        while let p = vc, steps < Self.statusBarWalk {
            steps += 1
            if let presenter = p.presentingViewController {
                if !p.isBeingDismissed, p.activeStyle == .fullScreen || p.modalPresentationCapturesStatusBarAppearance { return p }
                vc = presenter
                continue
            }
            var ancestor = p.parent
            while let a = ancestor, a.presentingViewController == nil, steps < Self.statusBarWalk { ancestor = a.parent; steps += 1 }
            vc = ancestor
        }
        return root
    }

    /// The most steps the owner's search takes (a bound on a loop a script lengthens).
    static let statusBarWalk = 1_000

    /// Follows `next` from `start` to the controller that decides: the first that names
    /// no other. A chain that comes back to a controller already asked would recurse
    /// without end in UIKit; here it stops there, with a warning.
    func decider(from start: ViewController, _ question: String, _ next: (ViewController) -> ViewController?) -> ViewController {
        var current = start
        var seen: [ObjectIdentifier] = [ObjectIdentifier(start)]
        while let n = next(current) {
            if seen.contains(ObjectIdentifier(n)) || seen.count >= 64 {
                warn(current, "Nestbox: \(question) goes round or past 64 controllers (at \(n.objectDescription)): UIKit would ask without end; \(current.objectDescription) decides")
                break
            }
            seen.append(ObjectIdentifier(n))
            current = n
        }
        return current
    }

    /// Asks again (Q79): records the new appearance when it changed, and lays the window
    /// out again when hiding changed the safe area (a device whose top inset is the
    /// status bar's alone).
    func updateStatusBar() {
        // Asked again from inside a question (a hook that changes the root, or calls
        // setNeedsStatusBarAppearanceUpdate): asked once this one is done.
        if updatingStatusBar { statusBarNeedsUpdate = true; return }
        statusBarNeedsUpdate = false
        guard window.isVisible else { return }
        var new = StatusBarAppearance()     // with no root, the app's default
        if let owner = statusBarOwner() {
            updatingStatusBar = true
            defer { updatingStatusBar = false }
            new.style = decider(from: owner, "childForStatusBarStyle") { $0.childForStatusBarStyle }.preferredStatusBarStyle
            new.isHidden = decider(from: owner, "childForStatusBarHidden") { $0.childForStatusBarHidden }.prefersStatusBarHidden
        }
        guard new != statusBar else { return }
        let hidingChanged = new.isHidden != statusBar.isHidden
        statusBar = new
        trace.record(.view, "statusBar", "update", [("style", .string(new.style.rawValue)), ("hidden", .bool(new.isHidden))])
        guard hidingChanged else { return }
        // The window's views are brought up to date from the new inset in this turn's
        // layout: each of its subviews compares what it had with what it gets (a view
        // laid out before the window's first pass has a value the window never had).
        window.safeAreaNeedsUpdate = true
        for v in window.subviews { v.safeAreaNeedsUpdate = true }
        window.setNeedsLayout()
        statusBarMovedInsets = true
        // A sheet sits below the status bar's inset (Q17's frames).
        var vc = window.rootViewController?.presentedViewController
        var steps = 0
        while let p = vc, steps < Self.statusBarWalk {
            p.resizePresentedView()
            vc = p.presentedViewController
            steps += 1
        }
    }
}
