/// UIRectEdge, for `edgesForExtendedLayout`.
public struct RectEdge: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = RectEdge(rawValue: 1 << 0)
    public static let left = RectEdge(rawValue: 1 << 1)
    public static let bottom = RectEdge(rawValue: 1 << 2)
    public static let right = RectEdge(rawValue: 1 << 3)
    public static let all: RectEdge = [.top, .left, .bottom, .right]

    public static var names: [(String, RectEdge)] { [("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right)] }
}

extension EdgeInsets {
    /// Edge by edge, the larger inset.
    func union(_ o: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: max(top, o.top), left: max(left, o.left), bottom: max(bottom, o.bottom), right: max(right, o.right))
    }

    func adding(_ o: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: top + o.top, left: left + o.left, bottom: bottom + o.bottom, right: right + o.right)
    }

    /// What of `frame` (in a superview's bounds space) lies past the superview's safe
    /// edges, on the edges where the superview has an inset, clamped to the frame (Q16).
    func overlap(of frame: Rect, in bounds: Rect) -> EdgeInsets {
        let h = frame.size.height, w = frame.size.width
        func clamp(_ inset: Double, _ v: Double, _ limit: Double) -> Double { inset > 0 && v > 0 ? min(v, limit) : 0 }
        return EdgeInsets(top: clamp(top, bounds.minY + top - frame.minY, h),
                          left: clamp(left, bounds.minX + left - frame.minX, w),
                          bottom: clamp(bottom, frame.maxY - (bounds.maxY - bottom), h),
                          right: clamp(right, frame.maxX - (bounds.maxX - right), w))
    }
}

/// Safe areas (docs/layout.md, Safe area; policy Q16). A view's insets are the part of
/// its bounds its superview's unsafe region covers; a controller's root view adds what
/// its container's bars cover and the controller's additionalSafeAreaInsets. The value
/// is computed on demand (walking up) and, for the layout pass, top-down from the
/// superview's: nothing is stored per view but the last value delivered.
extension View {
    /// UIView.safeAreaInsets: zero outside a window, as in UIKit.
    public var safeAreaInsets: EdgeInsets { insetsAndWindow.insets }

    /// The insets, and whether the view is in a window. Recursive up to 64 levels (no
    /// allocation: a layout pass asks this for each view that enters the window), then
    /// along an explicit chain, as a tree may be 20,000 deep.
    var insetsAndWindow: (insets: EdgeInsets, inWindow: Bool) {
        if let r = insets(budget: 64) { return r }
        var chain: [View] = []
        var v: View? = self
        while let cur = v {
            chain.append(cur)
            v = cur.superview
        }
        guard let window = chain.last as? Window else { return (.zero, false) }
        var insets = window.windowSafeAreaInsets
        for child in chain.dropLast().reversed() {
            insets = child.safeAreaInsets(inheriting: insets)
        }
        return (insets, true)
    }

    private func insets(budget: Int) -> (insets: EdgeInsets, inWindow: Bool)? {
        guard let s = superview else {
            guard let w = self as? Window else { return (.zero, false) }
            return (w.windowSafeAreaInsets, true)
        }
        guard budget > 0, let parent = s.insets(budget: budget - 1) else { return nil }
        return parent.inWindow ? (safeAreaInsets(inheriting: parent.insets, in: s), true) : (.zero, false)
    }

    /// The insets this view has when its superview's are `parent` (a walk down the tree,
    /// as the renderer's for a report's inspector, computes each view's from its parent's).
    package func safeAreaInsets(inheriting parent: EdgeInsets) -> EdgeInsets {
        guard let s = superview else { return .zero }
        return safeAreaInsets(inheriting: parent, in: s)
    }

    func safeAreaInsets(inheriting parent: EdgeInsets, in s: View) -> EdgeInsets {
        var insets = parent == .zero ? .zero : parent.overlap(of: frame, in: s._bounds)
        if let vc = owningViewController {
            // The controller of the superview is the container whose bars may cover
            // this view (a container's children's views are in its own view).
            if let container = s.owningViewController { insets = insets.union(container.safeAreaInsets(addedFor: vc)) }
            insets = insets.adding(vc.additionalSafeAreaInsets)
        }
        return insets
    }

    /// Q16: during a layout pass, before the view's own layout, a view whose insets
    /// changed hears safeAreaInsetsDidChange, then its controller
    /// viewSafeAreaInsetsDidChange, and the view is laid out. A controller being
    /// dismissed keeps its insets while its view slides away: the value it ends with is
    /// the one it had on screen.
    func updateSafeArea(_ insets: EdgeInsets) -> EdgeInsets {
        if let vc = owningViewController, vc.isBeingDismissed { return lastSafeAreaInsets }
        guard insets != lastSafeAreaInsets else { return insets }
        lastSafeAreaInsets = insets
        needsLayout = true
        notify(.safeAreaInsetsDidChange)
        owningViewController?.deliverSafeAreaChange()
        return insets
    }
}

extension Window {
    /// The screen's insets for the device and orientation.
    package var windowSafeAreaInsets: EdgeInsets { simulation.screen.safeAreaInsets }
}

extension ViewController {
    func deliverSafeAreaChange() {
        // No arguments (the view's safeAreaInsets has the value): one of these per
        // controller on screen, and a tree of 100,000 must stay within the memory limit.
        simulation.trace.record(.viewSafeAreaInsetsDidChange, self)
        notify(.viewSafeAreaInsetsDidChange)
    }

    /// The trait collection of the window's size and the device (UITraitEnvironment).
    public var traitCollection: TraitCollection { simulation.traitCollection }
}

extension View {
    /// The window's traits, with the layout direction this view's place in the tree and
    /// its own forced attribute give it (Q74).
    public var traitCollection: TraitCollection {
        var t = simulation.traitCollection
        switch semanticContentAttribute {
        case "forceRightToLeft": t.layoutDirection = "rightToLeft"
        case "forceLeftToRight": t.layoutDirection = "leftToRight"
        default: t.layoutDirection = inheritedLayoutDirection
        }
        return t
    }
}
