/// The methods a script's subclass overrides (UIKit's `override func`), in one ordered
/// list: a case's position is its ordinal, and its bit in `HostCache`; its raw value is
/// its name in a script; `count` is the list's length. Nothing else writes these down:
/// the binding's hook docs are keyed by case, and `HostCacheLayoutTests` checks the
/// positions against the list.
///
/// Delegate protocols (a table a script hands over) are not here: each is declared
/// next to the model type that calls it (`NavigationDelegate`, `ScrollViewDelegate`, …).
public enum Override: String, CaseIterable, Sendable {
    // A controller's lifecycle, containment, layout and memory
    case viewDidLoad, viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
    case viewWillLayoutSubviews, viewDidLayoutSubviews, viewSafeAreaInsetsDidChange
    case willMove, didMove, didReceiveMemoryWarning
    // A controller's size and trait messages
    case viewWillTransition, willTransition, traitCollectionDidChange, preferredContentSizeDidChange
    // A view's
    case layoutSubviews, didMoveToSuperview, didMoveToWindow, safeAreaInsetsDidChange
    // A scroll view's
    case adjustedContentInsetDidChange
    // Overrides that replace UIKit's work or answer for it (`ObjectHost.loadView`,
    // `ObjectHost.size(forChild:)`): asked, not told.
    case loadView, sizeForChildContentContainer
    // The status bar's questions (policy Q79; `ObjectHost.answer`)
    case preferredStatusBarStyle, prefersStatusBarHidden, childForStatusBarStyle, childForStatusBarHidden
    // The interface orientations' (policy Q82; `ObjectHost.answer` too)
    case supportedInterfaceOrientations, preferredInterfaceOrientationForPresentation
    // Bound methods the model itself calls, where UIKit's containers send them and a
    // subclass's override sees them (docs/api-conventions.md, Overrides; Q59):
    // asked, and the override replaces UIKit's implementation, which it reaches by a
    // super call (`ObjectHost.override`).
    case beginAppearanceTransition, endAppearanceTransition, popViewController, show, showDetailViewController

    /// The position in the list above: a payload-free enum is stored as its case's
    /// index in declaration order (Swift's type layout), so this is a load, not a switch.
    @inlinable
    public var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The script's name for it (the case's name).
    @inline(__always)
    public var name: String { rawValue }

    public static var count: Int { allCases.count }

    /// Whether it is a bound method's override (the list's last group), not a hook:
    /// set on an object, a method's name is refused (docs/api-conventions.md, Overrides).
    public var isMethod: Bool { ordinal >= Override.beginAppearanceTransition.ordinal }

    /// The override at `ordinal`, nil past the end.
    public init?(ordinal: Int) {
        guard ordinal >= 0, ordinal < Override.count else { return nil }
        self = Override.allCases[ordinal]
    }
}

/// A callback the model makes, with its arguments: one case per `Override` that is
/// told (not asked). `override` maps it to its place in the table.
public enum Hook {
    case viewDidLoad
    case viewWillAppear(animated: Bool)
    case viewIsAppearing(animated: Bool)
    case viewDidAppear(animated: Bool)
    case viewWillDisappear(animated: Bool)
    case viewDidDisappear(animated: Bool)
    case viewWillLayoutSubviews
    case viewDidLayoutSubviews
    case viewSafeAreaInsetsDidChange
    case willMove(toParent: ViewController?)
    case didMove(toParent: ViewController?)
    case didReceiveMemoryWarning
    case viewWillTransition(size: Size, coordinator: TransitionCoordinator)
    case willTransitionToTraits(TraitCollection, coordinator: TransitionCoordinator)
    case traitCollectionDidChange(previous: TraitCollection)
    case preferredContentSizeDidChange(container: ViewController)
    case layoutSubviews
    case didMoveToSuperview
    case didMoveToWindow
    case safeAreaInsetsDidChange
    case adjustedContentInsetDidChange

    /// Exhaustive, no default: a new case does not compile until it has its place.
    @inline(__always)
    public var override: Override {
        switch self {
        case .viewDidLoad: .viewDidLoad
        case .viewWillAppear: .viewWillAppear
        case .viewIsAppearing: .viewIsAppearing
        case .viewDidAppear: .viewDidAppear
        case .viewWillDisappear: .viewWillDisappear
        case .viewDidDisappear: .viewDidDisappear
        case .viewWillLayoutSubviews: .viewWillLayoutSubviews
        case .viewDidLayoutSubviews: .viewDidLayoutSubviews
        case .viewSafeAreaInsetsDidChange: .viewSafeAreaInsetsDidChange
        case .willMove: .willMove
        case .didMove: .didMove
        case .didReceiveMemoryWarning: .didReceiveMemoryWarning
        case .viewWillTransition: .viewWillTransition
        case .willTransitionToTraits: .willTransition
        case .traitCollectionDidChange: .traitCollectionDidChange
        case .preferredContentSizeDidChange: .preferredContentSizeDidChange
        case .layoutSubviews: .layoutSubviews
        case .didMoveToSuperview: .didMoveToSuperview
        case .didMoveToWindow: .didMoveToWindow
        case .safeAreaInsetsDidChange: .safeAreaInsetsDidChange
        case .adjustedContentInsetDidChange: .adjustedContentInsetDidChange
        }
    }

    public var name: String { override.name }
}

/// A bound method the model calls on an object whose script's class may override it:
/// one case per method `Override` lists, with its arguments.
public enum MethodCall {
    case beginAppearanceTransition(Bool, animated: Bool)
    case endAppearanceTransition
    case popViewController(animated: Bool)
    case show(ViewController)
    case showDetailViewController(ViewController)

    /// Exhaustive, no default, as `Hook.override`.
    public var override: Override {
        switch self {
        case .beginAppearanceTransition: .beginAppearanceTransition
        case .endAppearanceTransition: .endAppearanceTransition
        case .popViewController: .popViewController
        case .show: .show
        case .showDetailViewController: .showDetailViewController
        }
    }
}

/// A target-action message: what a control or a gesture recognizer sends to the
/// targets registered on it. Not a delegate protocol: UIKit keeps a control's targets in
/// the control (`addTarget(_:action:for:)`), so they are the sender's own, and the host
/// that keeps the sender's script state runs them.
public enum TargetAction: Equatable {
    /// A control's event (`UIControl.sendActions(for:)`).
    case control(ControlEvent)
    /// A gesture recognizer's state change, or a bar button item's tap.
    case action
}

/// What an embedding attaches to an object. The core calls it after doing UIKit's
/// own work, so a hook never replaces the base behaviour (README.md, The Lua API).
public protocol ObjectHost: AnyObject {
    /// Runs the script's hook for `hook`, whose override the caller has worked out.
    func run(_ hook: Hook, _ override: Override, on object: SimObject)
    /// Runs a replacing `loadView` if the script defines one; returns false if not.
    func loadView(for controller: ViewController) -> Bool
    /// A replacing `sizeForChildContentContainer`, if the script defines one.
    func size(forChild child: ViewController, of parent: ViewController, parentSize: Size) -> Size?
    /// The script's answer to one of the questions UIKit asks a controller (the status
    /// bar's, Q79; the interface orientations', Q82) about `controller`; nil when its
    /// class has no override, or the answer was wrong (which the host reports): UIKit's
    /// answer is used then.
    func answer(_ question: Override, of controller: ViewController) -> ControllerAnswer?
    /// UIKit's exception about `controller`'s answer to `question`, raised where no call
    /// of the script's is running (the end of a turn): the host's error, as a failing
    /// hook's is; false when the host leaves it to the model (a warning).
    func raise(_ error: ContainmentError, from question: Override, of controller: ViewController) -> Bool
    func send(_ action: TargetAction, from sender: SimObject)
    /// Runs the script's override of `call` on `object`; false when it has none (the
    /// model then runs UIKit's implementation itself).
    func override(_ call: MethodCall, on object: SimObject) -> Bool
    /// Whether the script's class of `object` overrides the method (a look-up, no call:
    /// targetViewController(forAction:sender:) asks it).
    func hasOverride(_ override: Override, on object: SimObject) -> Bool
    func ownershipChanged(of object: SimObject, owned: Bool)
}

extension ObjectHost {
    /// A host without overrides of bound methods (the model's tests' hosts).
    public func override(_ call: MethodCall, on object: SimObject) -> Bool { false }
    public func hasOverride(_ override: Override, on object: SimObject) -> Bool { false }
    public func answer(_ question: Override, of controller: ViewController) -> ControllerAnswer? { nil }
    public func raise(_ error: ContainmentError, from question: Override, of controller: ViewController) -> Bool { false }
}
