/// UIScrollViewDelegate, the part Nestbox models, in UIKit's order (docs/layout.md,
/// Scroll views): a drag is bracketed by willBeginDragging (once the finger passes the
/// slop, before the first offset change) and willEndDragging then didEndDragging when
/// it lifts; if the content goes on moving, willBeginDecelerating and
/// didEndDecelerating bracket that; an animated setContentOffset ends with
/// didEndScrollingAnimation.
public protocol ScrollViewDelegate: AnyObject {
    func didScroll(_ scrollView: ScrollView)
    func willBeginDragging(_ scrollView: ScrollView)
    /// `velocity` in points per millisecond, as UIKit gives it; returns a new target
    /// offset, or nil to keep `target`.
    func willEndDragging(_ scrollView: ScrollView, velocity: Point, target: Point) -> Point?
    func didEndDragging(_ scrollView: ScrollView, willDecelerate: Bool)
    func willBeginDecelerating(_ scrollView: ScrollView)
    func didEndDecelerating(_ scrollView: ScrollView)
    func didEndScrollingAnimation(_ scrollView: ScrollView)
    func didChangeAdjustedContentInset(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func willBeginDragging(_ scrollView: ScrollView) {}
    public func willEndDragging(_ scrollView: ScrollView, velocity: Point, target: Point) -> Point? { nil }
    public func didEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {}
    public func willBeginDecelerating(_ scrollView: ScrollView) {}
    public func didEndDecelerating(_ scrollView: ScrollView) {}
    public func didEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func didChangeAdjustedContentInset(_ scrollView: ScrollView) {}
}

/// UIScrollView: the bounds origin is the content offset; changing it, by code or by a
/// finger, tells the delegate (`didScroll`). Dragging, deceleration and paging are in
/// ScrollView+Scrolling.swift.
public class ScrollView: View {
    /// UIScrollView.ContentInsetAdjustmentBehavior.
    public enum ContentInsetAdjustmentBehavior: String, CaseIterable, Sendable {
        case automatic, scrollableAxes, never, always
    }

    /// UIScrollView.DecelerationRate's two values: how much of its speed the content
    /// keeps each millisecond.
    public static let normalDecelerationRate = 0.998
    public static let fastDecelerationRate = 0.99

    public var contentSize = Size.zero { didSet { updateAdjustedContentInset() } }
    public var contentInset = EdgeInsets.zero { didSet { updateAdjustedContentInset() } }
    public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
        didSet { updateAdjustedContentInset() }
    }
    /// contentInset plus the safe area on the edges the behaviour adjusts (Q63).
    public private(set) var adjustedContentInset = EdgeInsets.zero
    public var alwaysBounceVertical = false { didSet { updateAdjustedContentInset() } }
    public var alwaysBounceHorizontal = false { didSet { updateAdjustedContentInset() } }
    /// Whether a drag may pull the content past its edges (it springs back).
    public var bounces = true
    public var isPagingEnabled = false
    public var decelerationRate = ScrollView.normalDecelerationRate
    /// Strong, unlike UIKit's weak delegate: what a host sets here is its bridge, which
    /// holds the scroll view weakly (the script's table lives with the scroll view).
    public var delegate: ScrollViewDelegate?

    /// Whether a finger is down on the content (it may not have moved yet).
    public internal(set) var isTracking = false
    /// Whether a finger is dragging the content.
    public internal(set) var isDragging = false
    /// Whether the content moves on after the finger lifted.
    public internal(set) var isDecelerating = false
    /// The frame-by-frame motion in flight (deceleration, bounce-back, paging or an
    /// animated setContentOffset), stopped by a new touch or offset.
    var motion: ScrollMotion?

    private var scrollEnabled = true
    /// UIKit's isScrollEnabled is its pan recognizer's isEnabled: either turns the other.
    public var isScrollEnabled: Bool {
        get { ownPan?.isEnabled ?? scrollEnabled }
        set { scrollEnabled = newValue; ownPan?.isEnabled = newValue }
    }
    private var ownPan: PanGestureRecognizer?
    /// The scroll view's own pan recognizer, made when first asked for (most scroll
    /// views never are): first in `gestureRecognizers`, as UIKit adds it at init.
    public var panGestureRecognizer: PanGestureRecognizer {
        if let g = ownPan { return g }
        let g = PanGestureRecognizer(simulation: simulation, name: nil)
        g.isScrollViewPan = true
        g.isEnabled = scrollEnabled
        ownPan = g
        gestureRecognizers.insert(g, at: 0)
        g.view = self
        g.ownershipMayHaveChanged()
        return g
    }
    var panIfMade: PanGestureRecognizer? { ownPan }

    public override init(simulation: Simulation, className: String = "ScrollView", name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: className, name: name, frame: frame)
        // UIScrollView clips to its bounds unless told not to: content scrolled out of
        // view is not drawn (a peeking pager turns it off).
        clipsToBounds = true
    }

    public var contentOffset: Point {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds = Rect(origin: newValue, size: bounds.size)
            simulation.trace.record(.delegate, self, "didScroll",
                                    [("contentOffset", .string("(\(formatNumber(newValue.x)) \(formatNumber(newValue.y)))"))])
            delegate?.didScroll(self)
        }
    }

    public override class var actsOnCallbacks: Bool { true }

    /// The safe area is brought up to date during layout (Q16); UIKit's own
    /// safeAreaInsetsDidChange adjusts the content inset before a subclass's runs.
    /// A layout may have changed the bounds' size, and with it which axes scroll.
    public override func handle(_ hook: Hook) {
        switch hook {
        case .safeAreaInsetsDidChange, .layoutSubviews: updateAdjustedContentInset()
        default: break
        }
        super.handle(hook)
    }

    /// Whether the content scrolls along an axis (UIKit's "scrollable axes": the
    /// content is larger than the frame, or the scroll view always bounces that way).
    var scrollsVertically: Bool { alwaysBounceVertical || contentSize.height > bounds.size.height }
    var scrollsHorizontally: Bool { alwaysBounceHorizontal || contentSize.width > bounds.size.width }

    /// Q63: the safe area is added on the edges UIKit's behaviour names. `automatic`
    /// is `scrollableAxes`, and also adjusts the top and bottom of a controller's root
    /// scroll view inside a navigation controller, scrollable or not.
    func updateAdjustedContentInset() {
        let safe = lastSafeAreaInsets
        var vertical = false, horizontal = false
        switch contentInsetAdjustmentBehavior {
        case .never: break
        case .always: vertical = true; horizontal = true
        case .scrollableAxes, .automatic:
            vertical = scrollsVertically
            horizontal = scrollsHorizontally
            if contentInsetAdjustmentBehavior == .automatic, owningViewController?.navigationController != nil { vertical = true }
        }
        let new = EdgeInsets(top: contentInset.top + (vertical ? safe.top : 0), left: contentInset.left + (horizontal ? safe.left : 0),
                             bottom: contentInset.bottom + (vertical ? safe.bottom : 0), right: contentInset.right + (horizontal ? safe.right : 0))
        guard new != adjustedContentInset else { return }
        let old = adjustedContentInset
        adjustedContentInset = new
        simulation.trace.record(.delegate, self, "didChangeAdjustedContentInset",
                                [("adjustedContentInset", .string(new.description))])
        notify(.adjustedContentInsetDidChange)
        delegate?.didChangeAdjustedContentInset(self)
        // Q63: content resting at its top (or leading) edge stays there as the inset
        // changes, so a table that appears under a bar starts below it.
        var offset = contentOffset
        // `0 - x`, not `-x`: a zero inset rests at 0, not at -0.
        if offset.y == 0 - old.top { offset.y = 0 - new.top }
        if offset.x == 0 - old.left { offset.x = 0 - new.left }
        if motion == nil, !isDragging { contentOffset = offset }
    }

    /// The offsets the content rests at: from minus the adjusted inset to the far edge
    /// of the content plus its inset.
    var offsetRange: (min: Point, max: Point) {
        let a = adjustedContentInset
        let lo = Point(x: 0 - a.left, y: 0 - a.top)
        return (lo, Point(x: max(lo.x, contentSize.width + a.right - bounds.size.width),
                          y: max(lo.y, contentSize.height + a.bottom - bounds.size.height)))
    }

    /// The resting offset nearest `p`.
    func clamped(_ p: Point) -> Point {
        let r = offsetRange
        return Point(x: min(r.max.x, max(r.min.x, p.x)), y: min(r.max.y, max(r.min.y, p.y)))
    }
}

extension EdgeInsets: CustomStringConvertible {
    public var description: String {
        "(\(formatNumber(top)) \(formatNumber(left)) \(formatNumber(bottom)) \(formatNumber(right)))"
    }
}
