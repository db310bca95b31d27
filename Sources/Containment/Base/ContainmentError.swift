/// A UIKit exception (or a Nestbox one where UIKit is silent), thrown by a call a
/// script can make. The call has done nothing when it throws (docs/uikit-messages.md).
public struct ContainmentError: Error, Equatable, CustomStringConvertible {
    public var exception: String
    public var reason: String

    public init(_ exception: String, _ reason: String) {
        self.exception = exception; self.reason = reason
    }

    /// `NSInvalidArgumentException: Children view controllers …`
    public var description: String { "\(exception): \(reason)" }

    static func invalidArgument(_ reason: String) -> ContainmentError {
        ContainmentError("NSInvalidArgumentException", reason)
    }
    static func hierarchy(_ reason: String) -> ContainmentError {
        ContainmentError("UIViewControllerHierarchyInconsistency", reason)
    }
}

/// UIKit's message texts (docs/uikit-messages.md), in one place.
enum Messages {
    static func unbalanced(_ x: SimObject) -> String {
        "Unbalanced calls to begin/end appearance transitions for \(x.objectDescription)."
    }
    static func shouldHaveParent(_ c: ViewController, expected: ViewController?, actual: ViewController) -> String {
        "child view controller:\(c.objectDescription) should have parent view controller:\(expected?.objectDescription ?? "(null)") but actual parent is:\(actual.objectDescription)"
    }
    static func requestedParent(_ c: ViewController, current: ViewController, requested: ViewController) -> String {
        "child view controller:\(c.objectDescription) should have parent view controller:\(current.objectDescription) but requested parent is:\(requested.objectDescription)"
    }
    static func rootAsChild(_ x: ViewController, parent: ViewController) -> String {
        "adding a root view controller \(x.objectDescription) as a child of view controller:\(parent.objectDescription)"
    }
    static func viewOwnedTwice(_ v: View, owner: ViewController, other: ViewController) -> String {
        "A view can only be associated with at most one view controller at a time! View \(v.objectDescription) is associated with \(owner.objectDescription). Clear this association before associating this view with \(other.objectDescription)."
    }
    static var addSelfAsSubview: String { "Can't add self as subview" }
    /// Q82: a full-screen controller's preferred orientation is not one it supports.
    static func unsupportedPreferredOrientation(_ owner: ViewController) -> String {
        "preferredInterfaceOrientationForPresentation must return a supported interface orientation! (\(owner.objectDescription))"
    }
    /// Q82: the controller asked supports none of the app's orientations.
    static func noCommonOrientation(_ owner: ViewController) -> String {
        "Supported orientations has no common orientation with the application, and [\(owner.objectDescription) shouldAutorotate] is returning YES"
    }
    /// W23 (Nestbox's text: UIKit's header names the condition, not the message).
    static func transitionUnderManualForwarding(_ parent: SimObject) -> String {
        "Nestbox: \(parent.objectDescription) forwards appearance callbacks to its children itself (shouldAutomaticallyForwardAppearanceMethods is false), so -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:] fails (UIViewController.h)"
    }
    /// Q2: UIKit puts to's view in from's view's superview; Nestbox's text.
    static func transitionFromNowhere(_ from: ViewController, _ to: ViewController) -> String {
        "Nestbox: transition(from:to:) needs \(from.objectDescription)'s view in a view hierarchy: \(to.objectDescription)'s view goes into its superview, and it has none"
    }
    static func directAppearanceCall(_ selector: String, _ x: ViewController) -> String {
        "[ViewController] Calling -\(selector): directly on a view controller is not supported, and may result in out-of-order callbacks and other inconsistent behavior. Use the -beginAppearanceTransition:animated: and -endAppearanceTransition APIs on UIViewController to manually drive appearance callbacks instead. Make a symbolic breakpoint at UIViewControllerAlertForAppearanceCallbackMisuse to catch this in the debugger. View controller: \(x.objectDescription)"
    }
    // Nestbox's own texts where UIKit has none (policy Q5): clearly not UIKit's.
    static func childCycle(_ child: ViewController, _ parent: ViewController) -> String {
        "Nestbox: cannot add \(child.objectDescription) as a child of \(parent.objectDescription): it is that controller or one of its ancestors"
    }
    static func mutualHold(_ vc: ViewController, _ other: ViewController, _ verb: String, _ relation: String) -> String {
        "Nestbox: cannot \(verb) \(vc.objectDescription) \(relation) \(other.objectDescription): \(vc.objectDescription) already holds \(other.objectDescription), and the two would hold each other"
    }
    static func windowPlacement(_ w: Window, _ place: String) -> String {
        "Nestbox: \(w.objectDescription) cannot be \(place): the window is the root of every view hierarchy"
    }
    static func presentedAsChild(_ vc: ViewController, presenter: ViewController, parent: ViewController) -> String {
        "Nestbox: cannot add \(vc.objectDescription) as a child of \(parent.objectDescription): it is presented by \(presenter.objectDescription); dismiss it first"
    }
    static func viewCycle(_ v: View, _ superview: View) -> String {
        "Nestbox: cannot add \(v.objectDescription) as a subview of \(superview.objectDescription): it is one of its ancestors"
    }
}
