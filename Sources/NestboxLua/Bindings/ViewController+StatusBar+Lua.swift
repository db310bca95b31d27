import CLua
import Containment

/// The status bar's questions and `ui.statusBar()` (policy Q79): a script's controller
/// answers by overriding `preferredStatusBarStyle`, `prefersStatusBarHidden`,
/// `childForStatusBarStyle` or `childForStatusBarHidden` (methods, as every override is);
/// the same names called as methods give the answer in effect, and from the override
/// itself UIKit's (its super call, Q76).
enum StatusBarBinding {
    static func vc(_ a: Args) throws -> ViewController { try a.object(1, ViewController.self, "ViewController") }

    /// The answer in effect, or UIKit's from the override of the same name.
    static func answer(_ question: Override, _ signature: StaticString, _ doc: StaticString,
                       _ push: @escaping (Args, ViewController, Bool) -> Void) -> LuaMethod {
        LuaMethod(question.name, signature, doc: doc) { a in
            let c = try vc(a)
            push(a, c, c.isSuperCall(of: question))
            return 1
        }
    }

    static let methods: [LuaMethod] = [
        answer(.preferredStatusBarStyle, "() -> string", "The style in effect: the override's, else UIKit's (`default`); from the override itself, UIKit's.") { a, c, uikit in
            a.L.push((uikit ? c.uikitPreferredStatusBarStyle : c.preferredStatusBarStyle).rawValue)
        },
        answer(.prefersStatusBarHidden, "() -> boolean", "Whether it prefers the bar hidden: the override's answer, else UIKit's (true when vertically compact).") { a, c, uikit in
            a.L.push(uikit ? c.uikitPrefersStatusBarHidden : c.prefersStatusBarHidden)
        },
        answer(.childForStatusBarStyle, "() -> ViewController?", "The child that decides the style: the override's, else UIKit's (a tab bar controller's selected one; a navigation controller's top once its bar is hidden).") { a, c, uikit in
            a.rt.push(uikit ? c.uikitChildForStatusBarStyle : c.childForStatusBarStyle)
        },
        answer(.childForStatusBarHidden, "() -> ViewController?", "The child that decides hiding: the override's, else UIKit's (the selected tab; the navigation stack's top).") { a, c, uikit in
            a.rt.push(uikit ? c.uikitChildForStatusBarHidden : c.childForStatusBarHidden)
        },
        LuaMethod("setNeedsStatusBarAppearanceUpdate", "()",
                  doc: "Asks the status bar's questions again now (inside `ui.animate`, the change is part of the animation's turn); call it when an answer changes.") { a in
            try vc(a).setNeedsStatusBarAppearanceUpdate(); return 0
        },
    ]

    static let properties: [LuaProperty] = [
        LuaProperty("modalPresentationCapturesStatusBarAppearance", "boolean",
                    doc: "Presented other than full screen, it decides the status bar all the same (default false).",
                    get: { c in c.L.push(try c.receiver(ViewController.self).modalPresentationCapturesStatusBarAppearance); return 1 },
                    set: { c, i in try c.receiver(ViewController.self).modalPresentationCapturesStatusBarAppearance = try c.args.boolean(i) }),
    ]

    static let hooks: [LuaHook] = [
        LuaHook(.preferredStatusBarStyle, "() -> string", doc: "`default`, `lightContent` or `darkContent`, asked of the controller that decides the style (Q79)."),
        LuaHook(.prefersStatusBarHidden, "() -> boolean", doc: "Whether the status bar hides, asked of the controller that decides it (Q79)."),
        LuaHook(.childForStatusBarStyle, "() -> ViewController?", doc: "The child that decides the style instead; nil for this controller (Q79)."),
        LuaHook(.childForStatusBarHidden, "() -> ViewController?", doc: "The child that decides hiding instead; nil for this controller (Q79)."),
    ]

    static let namespace = LuaNamespace(path: "ui", doc: "The status bar.", functions: [
        LuaMethod("statusBar", "() -> {style: string, hidden: boolean}",
                  doc: "What the status bar shows, as last asked: at the end of a turn in which what decides may have changed, or at `setNeedsStatusBarAppearanceUpdate()` (Q79).") { a in
            let s = a.rt.simulation.statusBar
            a.L.newTable(hash: 2)
            a.L.push(s.style.rawValue)
            a.L.setRawField(-2, "style")
            a.L.push(s.isHidden)
            a.L.setRawField(-2, "hidden")
            return 1
        },
    ])
}
