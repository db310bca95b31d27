/// UILabel: a view with text.
public class Label: View {
    public var text: String?
    public var fontSize: Double = 17
    public var fontWeight = "regular"
    public var textAlignment = "natural"
    public var textColor: String?

    public override init(simulation: Simulation, className: String = "Label", name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: className, name: name, frame: frame)
    }
}
