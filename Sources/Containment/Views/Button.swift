/// UIButton: a view with a title and selection; its actions come with input handling.
public final class Button: View {
    public var title: String?
    public var isSelected = false
    public var isEnabled = true
    /// Built-in behaviour of system buttons (a bar's back button), after the host's.
    var builtInAction: ((ControlEvent) -> Void)?

    public init(simulation: Simulation, name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: "Button", name: name, frame: frame)
    }
}
