import Containment

/// A navigation controller's `toolbar` (scripts do not make one): its own type, so that
/// UIToolbar's members are refused on it rather than kept as fields of a plain view. Its
/// buttons are the top controller's `toolbarItems` (Q71).
enum ToolbarBinding {
    static let binding = LuaBinding(
        "Toolbar", Toolbar.self, doc: "A navigation controller's toolbar: the top controller's `toolbarItems` as buttons (Q71).")
}
