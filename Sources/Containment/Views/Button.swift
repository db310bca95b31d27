/// UIButton: a view with a title and selection; its actions come with input handling.
public final class Button: View {
    public var title: String?
    public var isSelected = false
    public var isEnabled = true
    /// Built-in behaviour of system buttons (a bar's back button), after the host's.
    var builtInAction: ((ControlEvent) -> Void)?

    public override init(simulation: Simulation, className: String = "Button", name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: className, name: name, frame: frame)
    }
}
