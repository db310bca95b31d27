import CLua
import Containment

/// The bound methods of the hooks that had none: a hook's super call
/// (`ui.ViewController.viewWillTransition(self, size, coordinator)`, Swift's
/// `super.viewWillTransition(to:with:)`) must find a method, and from the hook it does
/// nothing more (`SimObject.isSuperCall`, policy Q76). Called anywhere else, a hook
/// without arguments runs as a direct call of `viewDidLoad` does; one whose arguments
/// only the model makes (a coordinator, the previous traits) is refused.
enum SuperCalls {
    /// A hook with no arguments: called directly, UIKit's part and then the hook.
    static func direct<T: SimObject>(_ hook: Hook, _ type: T.Type, _ name: String) -> LuaMethod {
        LuaMethod(hook.override.name, "()", doc: "Runs the hook; from the hook itself, its super call: nothing more (Q76).") { a in
            let o = try a.object(1, T.self, name)
            if !o.isSuperCall(of: hook.override) { o.handle(hook) }
            return 0
        }
    }

    /// A hook whose arguments only the model makes: its super call alone. Elsewhere the
    /// declared arguments are checked (`check`) before the refusal, as every method's are.
    static func only(_ hook: Override, _ signature: StaticString, _ type: String,
                     check: @escaping (Args) throws -> Void = { _ in }) -> LuaMethod {
        LuaMethod(hook.name, signature, doc: "From the hook itself, its super call: nothing more (Q76); called elsewhere, refused.") { a in
            if try a.object(1, SimObject.self, type).isSuperCall(of: hook) { return 0 }
            try check(a)
            throw LuaFailure.message("\(type):\(hook.name) is UIKit's to call: Nestbox models it as the super call from the hook \(hook.name) only (policy Q76)")
        }
    }

    static let viewController: [LuaMethod] = [
        direct(.viewSafeAreaInsetsDidChange, ViewController.self, "ViewController"),
        only(.viewWillTransition, "(size: Size, coordinator: TransitionCoordinator)", "ViewController") { a in
            _ = try a.fields(2, positional: ["width", "height"], "size")
            _ = try a.object(3, TransitionCoordinator.self, "TransitionCoordinator")
        },
        only(.willTransition, "(traits: TraitCollection, coordinator: TransitionCoordinator)", "ViewController") { a in
            _ = try a.object(3, TransitionCoordinator.self, "TransitionCoordinator")
        },
        only(.traitCollectionDidChange, "(previous: TraitCollection?)", "ViewController"),
    ]

    static let view: [LuaMethod] = [
        direct(.didMoveToSuperview, View.self, "View"),
        direct(.didMoveToWindow, View.self, "View"),
        direct(.safeAreaInsetsDidChange, View.self, "View"),
    ]

    static let scrollView: [LuaMethod] = [
        direct(.adjustedContentInsetDidChange, ScrollView.self, "ScrollView"),
    ]
}
