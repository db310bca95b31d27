/// The interface orientations a controller supports (policy Q82 in docs/policies.md):
/// when the device turns, UIKit asks "the root view controller or the topmost modal view
/// controller that fills the window" (Apple's page for supportedInterfaceOrientations)
/// and rotates the window only to an orientation it supports, with the app's.

/// UIInterfaceOrientationMask, with UIKit's bit values.
public struct InterfaceOrientationMask: OptionSet, Sendable, Equatable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    // Computed, as every static in the model is (Q55: no shared state).
    public static var portrait: Self { Self(rawValue: 1 << 1) }
    public static var portraitUpsideDown: Self { Self(rawValue: 1 << 2) }
    public static var landscapeRight: Self { Self(rawValue: 1 << 3) }
    public static var landscapeLeft: Self { Self(rawValue: 1 << 4) }
    public static var landscape: Self { [.landscapeLeft, .landscapeRight] }
    public static var all: Self { [.portrait, .portraitUpsideDown, .landscape] }
    public static var allButUpsideDown: Self { [.portrait, .landscape] }

    /// One orientation each (UIInterfaceOrientation's names, as `ui.rotate` takes them),
    /// in `Simulation.orientations`' order: a mask is read back in it.
    public static var orientationNames: [(String, Self)] {
        [("portrait", .portrait), ("portraitUpsideDown", .portraitUpsideDown),
         ("landscapeLeft", .landscapeLeft), ("landscapeRight", .landscapeRight)]
    }
    /// Every member of UIInterfaceOrientationMask, the unions too: what a script may name.
    public static var names: [(String, Self)] {
        orientationNames + [("landscape", .landscape), ("all", .all), ("allButUpsideDown", .allButUpsideDown)]
    }

    /// The mask of one orientation's name; empty for another string.
    public init(orientation: String) {
        self = Self.orientationNames.first { $0.0 == orientation }?.1 ?? []
    }

    public var orientations: [String] { Self.orientationNames.filter { contains($0.1) }.map(\.0) }

    /// A view controller's default (Apple: all for the iPad idiom, all but upside down
    /// for the iPhone idiom), which is also, by Q82, what the app supports: the Info.plist
    /// of Xcode's template for the idiom.
    static func idiomDefault(_ idiom: String) -> Self { idiom == "pad" ? .all : .allButUpsideDown }

    /// The orientation taken when neither the device's nor the current one is supported
    /// (Q82): portrait first, then landscape with the home indicator on the right.
    var fallback: String? {
        ["portrait", "landscapeRight", "landscapeLeft", "portraitUpsideDown"].first { contains(Self(orientation: $0)) }
    }
}

extension ViewController {
    // UIKit's own answers, which a script's override reaches by its super call (Q76).

    /// The idiom's default. A navigation or tab bar controller answers its delegate's
    /// answer, else the same: it does not ask its children, so a container that lets a
    /// child decide says so in its own override or its delegate (Q82).
    public var uikitSupportedInterfaceOrientations: InterfaceOrientationMask {
        delegateSupportedOrientations ?? .idiomDefault(simulation.device.idiom)
    }

    /// "The current orientation of the status bar": the interface's, unless a container's
    /// delegate answers.
    public var uikitPreferredInterfaceOrientationForPresentation: String {
        delegatePreferredOrientation ?? simulation.screen.orientation
    }

    /// A navigation or tab bar controller's delegate's answers (its
    /// navigationControllerSupportedInterfaceOrientations, …), nil without one.
    private var delegateSupportedOrientations: InterfaceOrientationMask? {
        switch self {
        case let nav as NavigationController: nav.delegate?.supportedInterfaceOrientations(nav)
        case let tabs as TabBarController: tabs.delegate?.supportedInterfaceOrientations(tabs)
        default: nil
        }
    }

    private var delegatePreferredOrientation: String? {
        switch self {
        case let nav as NavigationController: nav.delegate?.preferredInterfaceOrientationForPresentation(nav)
        case let tabs as TabBarController: tabs.delegate?.preferredInterfaceOrientationForPresentation(tabs)
        default: nil
        }
    }

    // The answers in effect: the script's override, else UIKit's.

    public var supportedInterfaceOrientations: InterfaceOrientationMask {
        if case .orientations(let m)? = answer(.supportedInterfaceOrientations) { return m }
        return uikitSupportedInterfaceOrientations
    }

    /// The override's (or a container's delegate's) answer, nil without one: only an
    /// implementation asks for a rotation at the end of a presentation (Apple: "If you do
    /// not implement this method, the system presents the view controller using the
    /// current orientation").
    var overriddenPreferredOrientation: String? {
        if case .orientation(let o)? = answer(.preferredInterfaceOrientationForPresentation) { return o }
        return delegatePreferredOrientation
    }

    public var preferredInterfaceOrientationForPresentation: String {
        if case .orientation(let o)? = answer(.preferredInterfaceOrientationForPresentation) { return o }
        return uikitPreferredInterfaceOrientationForPresentation
    }

    /// iOS 16's request to ask again, answered at once (the rotation it causes animates),
    /// or once a size transition or full-screen transition under way has ended (Q82).
    public func setNeedsUpdateOfSupportedInterfaceOrientations() throws {
        simulation.trace.record(.call, self, "setNeedsUpdateOfSupportedInterfaceOrientations")
        try simulation.updateInterfaceOrientation(asked: true)
    }
}

extension Simulation {
    /// What the app supports (its Info.plist): Xcode's template for the idiom (Q82).
    var appOrientations: InterfaceOrientationMask { .idiomDefault(device.idiom) }

    /// The controller asked: the window's root, or the last controller presented in turn
    /// that fills the window and whose presentation has ended; it stays the one asked until
    /// its dismissal ends.
    func orientationOwner() -> ViewController? { orientationChain().owner }

    /// Whether a controller that fills the window is being presented or dismissed: the
    /// interface, turned for it at `present`, holds still until the transition ends (a
    /// device turned meanwhile is followed then), as UIKit holds autorotation during one.
    var fillingTransitionUnderway: Bool { orientationChain().underway }

    /// One walk of the presentation chain from the root for both answers above.
    private func orientationChain() -> (owner: ViewController?, underway: Bool) {
        guard let root = window.rootViewController else { return (nil, false) }
        var owner = root, vc = root, steps = 0, underway = false
        while let next = vc.presentedHere, steps < Self.statusBarWalk {
            steps += 1
            if next.activeStyle.fillsWindow {
                if !next.isBeingPresented { owner = next }
                if next.isBeingPresented || next.isBeingDismissed { underway = true }
            }
            vc = next
        }
        return (owner, underway)
    }

    /// `owner`'s orientations with the app's, asked as an answer is (a rotation from the
    /// answer refused, a request from it kept for the end of the turn).
    func askOrientations(allowedBy owner: ViewController?) -> Result<InterfaceOrientationMask, Error> {
        updatingOrientation = true
        defer { updatingOrientation = false }
        return Result { try orientations(allowedBy: owner) }
    }

    /// The orientations the interface may take under `owner`: its answer with the app's.
    /// None in common is UIKit's UIApplicationInvalidInterfaceOrientation exception. On a
    /// pad nothing is asked: the template's app supports multitasking, and Apple's page
    /// says the system then does not call supportedInterfaceOrientations.
    func orientations(allowedBy owner: ViewController?) throws -> InterfaceOrientationMask {
        guard let owner, device.idiom != "pad" else { return appOrientations }
        let mask = owner.supportedInterfaceOrientations.intersection(appOrientations)
        guard mask.isEmpty else { return mask }
        throw ContainmentError("UIApplicationInvalidInterfaceOrientation", Messages.noCommonOrientation(owner))
    }

    /// Q82: brings the interface to where the controller asked wants it, after a change of
    /// that controller (at the end of a turn) or a request to ask again (`asked`): the first
    /// it supports of the device's orientation and the current one, the current first for
    /// a controller whose presentation has just ended in the orientation it prefers
    /// (`present` turned to it) unless the device turned since; else the fallback.
    func updateInterfaceOrientation(asked: Bool = false) throws {
        orientationNeedsUpdate = false
        // Asked from a size change's announcement, from an answer (an override that asks
        // again) or while a turn or a full-screen transition runs: asked again, as
        // requested, once it is over.
        guard !announcingSizeChange, !updatingOrientation, sizeTransitionsRunning == 0, !fillingTransitionUnderway else {
            orientationNeedsUpdate = true
            orientationRecheck = orientationRecheck || asked
            return
        }
        let forced = asked || orientationRecheck
        orientationRecheck = false
        guard window.isVisible else { return }
        let owner = orientationOwner()
        let changed = owner !== orientationOwnerAsked
        let presented = changed && orientationPresentationEnded && !orientationDeviceTurned
        orientationPresentationEnded = false
        orientationDeviceTurned = false
        guard forced || changed else { return }
        orientationOwnerAsked = owner
        updatingOrientation = true
        defer { updatingOrientation = false }
        let allowed = try orientations(allowedBy: owner)
        // One presented in the orientation it prefers keeps it until the device turns
        // (Apple: "although it can later be rotated"); one presented in the current
        // orientation follows the device now.
        let keepCurrent = presented && owner?.overriddenPreferredOrientation != nil
        let order = keepCurrent ? [screen.orientation, screen.deviceOrientation] : [screen.deviceOrientation, screen.orientation]
        let target = order.first { allowed.contains(InterfaceOrientationMask(orientation: $0)) } ?? allowed.fallback ?? screen.orientation
        guard target != screen.orientation else { return }
        updatingOrientation = false
        trace.record(.view, "interface", "rotate", [("_", .string(target))])
        turnInterface(to: target)
    }

    /// Before `vc`, which will fill the window, is presented: the interface turns to its
    /// preferred orientation if its class overrides it, else stays if it may, else the
    /// device's, else the fallback (Apple: without an override the system presents "using
    /// the current orientation"). True when it turned. A preferred orientation it does not
    /// support is UIKit's exception, raised by `present`.
    func turnBeforePresenting(_ vc: ViewController) throws -> Bool {
        let style = vc.modalPresentationStyle.resolved
        guard style.fillsWindow, device.idiom != "pad", window.isVisible,
              !announcingSizeChange, !updatingOrientation, sizeTransitionsRunning == 0 else { return false }
        updatingOrientation = true
        defer { updatingOrientation = false }
        let allowed = try orientations(allowedBy: vc)
        let preferred = vc.overriddenPreferredOrientation
        if let preferred, !allowed.contains(InterfaceOrientationMask(orientation: preferred)) {
            throw ContainmentError("UIApplicationInvalidInterfaceOrientation", Messages.unsupportedPreferredOrientation(vc))
        }
        var target = preferred ?? allowed.fallback ?? screen.orientation
        if preferred == nil {
            if allowed.contains(InterfaceOrientationMask(orientation: screen.orientation)) { return false }
            if allowed.contains(InterfaceOrientationMask(orientation: screen.deviceOrientation)) { target = screen.deviceOrientation }
        }
        guard target != screen.orientation else { return false }
        updatingOrientation = false
        trace.record(.view, "interface", "rotate", [("_", .string(target))])
        turnInterface(to: target)
        // Asked again once it is over: the presentation may not start after all (the
        // turn's callbacks ran the script).
        orientationNeedsUpdate = true
        orientationRecheck = true
        return true
    }

    /// The end of a turn's request (a presentation's or dismissal's end, a new root):
    /// UIKit's exception there is the host's error (a script error, as UIKit's crash),
    /// else a warning; the interface stays.
    func updateInterfaceOrientationAtTurnEnd() {
        do { try updateInterfaceOrientation() } catch let error as ContainmentError {
            raiseAtTurnEnd(error, on: orientationOwnerAsked)
        } catch {}
    }

    /// UIKit's exception where no script call is running to throw it (W25: the preferred
    /// orientation is read only by `present`, which throws its own): the host makes it the
    /// run's error, at the override's line when there is one (`ObjectHost.raise`).
    func raiseAtTurnEnd(_ error: ContainmentError, on owner: ViewController?) {
        if let owner, owner.host?.raise(error, from: .supportedInterfaceOrientations, of: owner) == true { return }
        warn(owner ?? window, "\(error)")
    }

    /// The window is shown: an orientation the root does not support is replaced before
    /// anything appears, without a size transition (an app launches in one it supports).
    func launchOrientation() {
        guard let owner = orientationOwner() else { return }
        orientationOwnerAsked = owner
        let asked = askOrientations(allowedBy: owner)
        guard case .success(let allowed) = asked else {
            if case .failure(let error as ContainmentError) = asked { raiseAtTurnEnd(error, on: owner) }
            return
        }
        guard !allowed.contains(InterfaceOrientationMask(orientation: screen.orientation)),
              let target = allowed.fallback else { return }
        screen.orientation = target
        window.frame = screen.bounds
    }
}
