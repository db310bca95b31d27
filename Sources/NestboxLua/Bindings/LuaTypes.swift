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
        ScrollViewBinding.binding,
        GestureBinding.binding("TapGestureRecognizer", .tap),
        GestureBinding.binding("PanGestureRecognizer", .pan),
        GestureBinding.binding("ScreenEdgePanGestureRecognizer", .screenEdgePan),
        TransitionContextBinding.binding,
        InteractionBinding.binding,
        CoordinatorBinding.binding,
        NavigationBinding.binding,
        TabBarControllerBinding.binding,
        TabBarBinding.binding,
        TabBarItemBinding.binding,
        NavigationItemBinding.binding,
        BarButtonItemBinding.binding,
        TableViewBinding.binding,
        NavigationBarBinding.binding,
    ]

    static let viewController = 0, view = 1, label = 2, button = 3, window = 4, screen = 5, scrollView = 6
    static let tap = 7, pan = 8, edgePan = 9, context = 10, interaction = 11, coordinator = 12
    static let navigation = 13, tabBarController = 14, tabBar = 15, tabBarItem = 16, navigationItem = 17
    static let barButtonItem = 18, tableView = 19, navigationBar = 20

    /// The most specific binding for an object made in Swift.
    static func typeID(of obj: SimObject) -> Int {
        switch obj {
        case is Window: return window
        case is NavigationController: return navigation
        case is TabBarController: return tabBarController
        case is TabBar: return tabBar
        case is NavigationBar: return navigationBar
        case is TabBarItem: return tabBarItem
        case is NavigationItem: return navigationItem
        case is BarButtonItem: return barButtonItem
        case is TableView: return tableView
        case is ScrollView: return scrollView
        case let g as GestureRecognizer: return g.kind == .tap ? tap : g.kind == .pan ? pan : edgePan
        case is TransitionContext: return context
        case is PercentDrivenInteractiveTransition: return interaction
        case is TransitionCoordinator: return coordinator
        case is Label: return label
        case is Button: return button
        case is View: return view
        case is Screen: return screen
        default: return viewController
        }
    }
}
