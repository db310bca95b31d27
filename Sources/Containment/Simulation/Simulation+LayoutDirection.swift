/// Right-to-left layout (docs/layout.md, Right-to-left; policy Q74): the trait
/// collection's `layoutDirection`, each view's `semanticContentAttribute`, and what the
/// built-in containers mirror (the tab bar's items, the navigation bar's items, the push
/// and pop slides).
extension Simulation {
    public static var layoutDirections: [String] { ["leftToRight", "rightToLeft"] }

    /// `ui.setLayoutDirection`: as when a user changes the language, the traits change
    /// (traitCollectionDidChange to the window's controllers, parent first) and every view
    /// on screen is laid out again in the new direction.
    public func setLayoutDirection(_ direction: String) throws {
        guard Self.layoutDirections.contains(direction) else {
            throw ContainmentError.invalidArgument("Nestbox: unknown layout direction '\(direction)' (leftToRight, rightToLeft)")
        }
        trace.record(.call, "ui", "setLayoutDirection", [("_", .string(direction))])
        guard direction != layoutDirection else { return }
        let old = traitCollection
        layoutDirection = direction
        guard window.isVisible, let root = window.rootViewController else { return }
        var pending: [View] = [window]
        var visited = 0
        while let v = pending.popLast(), visited < 1_000_000, !isInterrupted() {
            visited += 1
            v.needsLayout = true
            pending.append(contentsOf: v.subviews)
        }
        var tops: [ViewController] = [root]
        while let p = tops.last?.presentedViewController, !isInterrupted() { tops.append(p) }
        for vc in tops { vc.deliverTraitChange(previous: old) }
        window.layoutIfNeeded()
    }

    /// A world that starts in `direction` (a `--matrix` cell), before anything is shown.
    public func start(direction: String) -> Bool {
        guard Self.layoutDirections.contains(direction), trace.events.isEmpty else { return false }
        layoutDirection = direction
        return true
    }
}

extension View {
    /// UISemanticContentAttribute's cases, as scripts name them.
    public static var semanticContentAttributes: [String] { ["unspecified", "playback", "spatial", "forceLeftToRight", "forceRightToLeft"] }

    /// The direction this view's content is laid out in: its own attribute when it forces
    /// one (playback and spatial content stays left to right), else the direction its
    /// superviews pass down (a forced attribute applies below it too, as UIKit's trait
    /// collections carry it), else the trait collection's.
    public var effectiveUserInterfaceLayoutDirection: String {
        switch semanticContentAttribute {
        case "forceLeftToRight", "playback", "spatial": return "leftToRight"
        case "forceRightToLeft": return "rightToLeft"
        default: return inheritedLayoutDirection
        }
    }

    /// The direction the superviews pass down: the nearest forced one, else the traits'.
    var inheritedLayoutDirection: String {
        var v = superview
        var steps = 0
        while let cur = v, steps < 100_000 {
            if cur.semanticContentAttribute == "forceRightToLeft" { return "rightToLeft" }
            if cur.semanticContentAttribute == "forceLeftToRight" { return "leftToRight" }
            v = cur.superview
            steps += 1
        }
        return simulation.layoutDirection
    }

    var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == "rightToLeft" }
}
