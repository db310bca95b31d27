import CLua
import Containment

/// The interface orientations' questions (policy Q82): a script's controller answers by
/// overriding `supportedInterfaceOrientations` or
/// `preferredInterfaceOrientationForPresentation` (methods, as every override is); the
/// same names called as methods give the answer in effect, and from the override itself
/// UIKit's (its super call, Q76).
enum OrientationBinding {
    static let methods: [LuaMethod] = [
        StatusBarBinding.answer(.supportedInterfaceOrientations, "() -> string[]", "The orientations it supports, in effect: the override's, else UIKit's (all but upside down on a phone, all on a pad); from the override itself, UIKit's.") { a, c, uikit in
            a.rt.push(names: (uikit ? c.uikitSupportedInterfaceOrientations : c.supportedInterfaceOrientations).orientations)
        },
        StatusBarBinding.answer(.preferredInterfaceOrientationForPresentation, "() -> string", "The orientation it is presented in, full screen: the override's, else UIKit's (the interface's now).") { a, c, uikit in
            a.L.push(uikit ? c.uikitPreferredInterfaceOrientationForPresentation : c.preferredInterfaceOrientationForPresentation)
        },
        LuaMethod("setNeedsUpdateOfSupportedInterfaceOrientations", "()",
                  doc: "Asks the interface's orientations again now: the interface turns to the device's orientation, or away from one no longer supported (Q82).") { a in
            try StatusBarBinding.vc(a).setNeedsUpdateOfSupportedInterfaceOrientations(); return 0
        },
    ]

    static let hooks: [LuaHook] = [
        LuaHook(.supportedInterfaceOrientations, "() -> string|string[]",
                doc: "A mask's name (`portrait`, `landscape`, `allButUpsideDown`, `all`, …) or a list of them, asked of the root or the full-screen controller presented last when the device turns (Q82)."),
        LuaHook(.preferredInterfaceOrientationForPresentation, "() -> string",
                doc: "The orientation to turn to when presented full screen, if supported (Q82)."),
    ]
}
