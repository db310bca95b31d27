import Containment

/// The bound types, as `linit.c` lists its libraries: adding a type is one file and
/// one line here (docs/extending.md). A type's ID is its position; a parent (the
/// nearest bound Swift superclass) must come before its children, and a class may be
/// bound once: `BindingTables.problems` names any such mistake and the runtime refuses
/// to start.
enum LuaTypes {
    static let all: [LuaBinding] = [
        ViewControllerBinding.binding,
        ViewBinding.binding,
        LabelBinding.binding,
        ButtonBinding.binding,
        WindowBinding.binding,
        ScreenBinding.binding,
        ScrollViewBinding.binding,
        GestureBinding.binding,
        GestureBinding.tap,
        GestureBinding.pan,
        GestureBinding.screenEdgePan,
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
        TouchBinding.binding,
        PresentationControllerBinding.binding,
        PresentationControllerBinding.sheet,
        NavigationBarBinding.binding,
        SplitViewControllerBinding.binding,
        PageViewControllerBinding.binding,
        ToolbarBinding.binding,
    ]

    /// The function tables: `ui`, `ui.trace`, the globals, and the shared metamethods.
    static let namespaces: [LuaNamespace] = [
        UIFunctions.ui, AnimationFunctions.namespace, InputFunctions.namespace, SnapshotFunctions.namespace,
        ExploreFunctions.namespace, TraceFunctions.namespace, StatusBarBinding.namespace,
        UIFunctions.globals, UIFunctions.prelude, UIFunctions.metamethods,
    ]

    /// Tables of functions scripts supply that belong to no one bound type.
    static let protocols: [LuaProtocol] = [LuaAnimator.protocolDoc]

    /// The is-a bits of a bound class (0 for a class not bound).
    static func tag(of type: SimObject.Type) -> UInt32 {
        LuaRuntime.tables.typeIndex[ObjectIdentifier(type)].map { LuaRuntime.tables.tags[$0] } ?? 0
    }
}
