/// UILabel: a view with text.
public final class Label: View {
    public var text: String?
    public var fontSize: Double = 17
    public var fontWeight = "regular"
    public var textAlignment = "natural"
    public var textColor: String?

    public init(simulation: Simulation, name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: "Label", name: name, frame: frame)
    }
}

/// UIButton: a view with a title and selection; its actions come with input handling.
public final class Button: View {
    public var title: String?
    public var isSelected = false
    public var isEnabled = true

    public init(simulation: Simulation, name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: "Button", name: name, frame: frame)
    }
}
