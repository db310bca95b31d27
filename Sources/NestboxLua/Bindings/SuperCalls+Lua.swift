import CLua
import Containment

/// The bound methods of the hooks that had none: a hook's super call
/// (`ui.ViewController.viewWillTransition(self, size, coordinator)`, Swift's
/// `super.viewWillTransition(to:with:)`) must find a method, and from the hook it does
/// nothing more (`SimObject.isSuperCall`, policy Q76). Called anywhere else, a hook
/// without arguments runs as a direct call of `viewDidLoad` does; one whose arguments
/// only the model makes (a coordinator, the previous traits) is refused. The two hooks
/// the model asks rather than tells answer as UIKit's implementation does: `loadView`'s
/// super call makes the class's view, and `sizeForChildContentContainer` gives the
/// class's size (the parent's), or, called elsewhere, the hook's answer first.
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
        LuaMethod("loadView", "()", doc: "From the hook itself, its super call: UIKit's `loadView`, a plain view (Q76); called elsewhere, refused.") { a in
            let vc = try a.object(1, ViewController.self, "ViewController")
            guard vc.isSuperCall(of: .loadView) else {
                throw LuaFailure.message("ViewController:loadView is UIKit's to call: read `view` or call `loadViewIfNeeded()`; from the hook loadView it is the super call (policy Q76)")
            }
            vc.loadView()
            return 0
        },
        LuaMethod("sizeForChildContentContainer", "(child: ViewController, parentSize: Size) -> Size",
                  doc: "The size `child` gets in a rotation: the hook's answer, else UIKit's (the parent's size); from the hook itself, UIKit's (Q76).") { a in
            let vc = try a.object(1, ViewController.self, "ViewController")
            let child = try a.object(2, ViewController.self, "ViewController")
            let v = try a.fields(3, positional: ["width", "height"], "size")
            let size = Size(width: v[0], height: v[1])
            a.rt.push(vc.isSuperCall(of: .sizeForChildContentContainer)
                      ? vc.size(forChildContentContainer: child, parentSize: size)
                      : vc.sizeAsked(forChild: child, parentSize: size))
            return 1
        },
        direct(.viewSafeAreaInsetsDidChange, ViewController.self, "ViewController"),
        // S36: UIKit tells the children inside its own implementation, which a hook
        // reaches by its super call; a container may instead forward by hand while the
        // transition is announced.
        LuaMethod("viewWillTransition", "(size: Size, coordinator: TransitionCoordinator)",
                  doc: "From the hook itself, its super call: the children are told (S36, Q76); from elsewhere while a size transition is announced, the change forwarded by hand to this controller.") { a in
            let vc = try a.object(1, ViewController.self, "ViewController")
            let v = try a.fields(2, positional: ["width", "height"], "size")
            let coordinator = try a.object(3, TransitionCoordinator.self, "TransitionCoordinator")
            let size = Size(width: v[0], height: v[1])
            if vc.isSuperCall(of: .viewWillTransition) { _ = vc.superViewWillTransition(to: size); return 0 }
            guard coordinator.isQueueing else { throw LuaFailure.message(forwardedLate("viewWillTransition")) }
            vc.deliverViewWillTransition(to: size, coordinator: coordinator)
            return 0
        },
        LuaMethod("willTransition", "(traits: TraitCollection, coordinator: TransitionCoordinator)",
                  doc: "From the hook itself, its super call: the children are told (Q76); from elsewhere while a trait transition is announced, the change forwarded by hand to this controller.") { a in
            let vc = try a.object(1, ViewController.self, "ViewController")
            let coordinator = try a.object(3, TransitionCoordinator.self, "TransitionCoordinator")
            if vc.isSuperCall(of: .willTransition) { _ = vc.superWillTransition(); return 0 }
            guard coordinator.isQueueing, let traits = vc.simulation.traitsComing else {
                throw LuaFailure.message(forwardedLate("willTransition"))
            }
            vc.deliverWillTransition(to: traits, coordinator: coordinator)
            return 0
        },
        only(.traitCollectionDidChange, "(previous: TraitCollection?)", "ViewController"),
        LuaMethod("preferredContentSizeDidChange", "(container: ViewController)",
                  doc: "Runs the hook (UIKit's part does nothing on an iPhone: Q78); from the hook itself, its super call: nothing more (Q76).") { a in
            let vc = try a.object(1, ViewController.self, "ViewController")
            let container = try a.object(2, ViewController.self, "ViewController")
            if !vc.isSuperCall(of: .preferredContentSizeDidChange) { vc.handle(.preferredContentSizeDidChange(container: container)) }
            return 0
        },
    ]

    /// A manual forward made when no transition is being announced.
    static func forwardedLate(_ name: String) -> String {
        "ViewController:\(name) is UIKit's to call: a container forwards it by hand only while the transition is announced (from a viewWillTransition or willTransition hook) (policy Q76)"
    }

    static let view: [LuaMethod] = [
        direct(.didMoveToSuperview, View.self, "View"),
        direct(.didMoveToWindow, View.self, "View"),
        direct(.safeAreaInsetsDidChange, View.self, "View"),
    ]

    static let scrollView: [LuaMethod] = [
        direct(.adjustedContentInsetDidChange, ScrollView.self, "ScrollView"),
    ]
}
