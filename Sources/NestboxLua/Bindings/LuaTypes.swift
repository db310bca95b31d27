import Containment

/// The bound types, as `linit.c` lists its libraries: adding a type is one file
/// and one line here. Parents come before their children.
enum LuaTypes {
    static let all: [LuaBinding] = [
        ViewControllerBinding.binding,
        ViewBinding.binding,
        LabelBinding.binding,
        ButtonBinding.binding,
        WindowBinding.binding,
        ScreenBinding.binding,
    ]

    static let viewController = 0, view = 1, label = 2, button = 3, window = 4, screen = 5

    /// The most specific binding for an object made in Swift.
    static func typeID(of obj: SimObject) -> Int {
        switch obj {
        case is Window: return window
        case is Label: return label
        case is Button: return button
        case is View: return view
        case is Screen: return screen
        default: return viewController
        }
    }
}
