/// UIScrollView: the bounds origin is the content offset; changing it, by code or by a
/// finger, tells the delegate (`didScroll`).
public class ScrollView: View {
    public var contentSize = Size.zero

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
            handle(.didScroll)
        }
    }

    /// The offsets a finger can reach: 0 … contentSize - bounds.
    func clamped(_ p: Point) -> Point {
        Point(x: min(max(0, contentSize.width - bounds.size.width), max(0, p.x)),
              y: min(max(0, contentSize.height - bounds.size.height), max(0, p.y)))
    }
}
