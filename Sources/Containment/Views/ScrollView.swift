/// UIScrollViewDelegate, the part Nestbox models. A finger's drag is bracketed by
/// willBeginDragging (once it passes the slop, before the first offset change) and
/// didEndDragging when it lifts or is cancelled; Nestbox does not decelerate, so
/// `willDecelerate` is always false (docs/layout.md).
public protocol ScrollViewDelegate: AnyObject {
    func didScroll(_ scrollView: ScrollView)
    func willBeginDragging(_ scrollView: ScrollView)
    func didEndDragging(_ scrollView: ScrollView, willDecelerate: Bool)
}

extension ScrollViewDelegate {
    public func willBeginDragging(_ scrollView: ScrollView) {}
    public func didEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {}
}

/// UIScrollView: the bounds origin is the content offset; changing it, by code or by a
/// finger, tells the delegate (`didScroll`).
public class ScrollView: View {
    public var contentSize = Size.zero
    /// Strong, unlike UIKit's weak delegate: what a host sets here is its bridge, which
    /// holds the scroll view weakly (the script's table lives with the scroll view).
    public var delegate: ScrollViewDelegate?

    public override init(simulation: Simulation, className: String = "ScrollView", name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: className, name: name, frame: frame)
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

    /// Whether a finger is dragging the content (UIScrollView.isDragging).
    public private(set) var isDragging = false

    /// A finger passed the slop on this scroll view.
    func beginDragging() {
        isDragging = true
        simulation.trace.record(.delegate, self, "willBeginDragging")
        delegate?.willBeginDragging(self)
    }

    /// The finger that dragged lifted (or the system took it away).
    func endDragging() {
        guard isDragging else { return }
        isDragging = false
        simulation.trace.record(.delegate, self, "didEndDragging", "willDecelerate", .bool(false))
        delegate?.didEndDragging(self, willDecelerate: false)
    }

    /// The offsets a finger can reach: 0 … contentSize - bounds.
    func clamped(_ p: Point) -> Point {
        Point(x: min(max(0, contentSize.width - bounds.size.width), max(0, p.x)),
              y: min(max(0, contentSize.height - bounds.size.height), max(0, p.y)))
    }
}
