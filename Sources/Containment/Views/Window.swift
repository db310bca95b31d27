/// UIWindow: the root of the visible view tree. Installing a root controller's view
/// in a visible window drives its appearance (docs/scenarios.md, S01).
public final class Window: View {
    public private(set) var isVisible = false
    public private(set) var rootViewController: ViewController?

    init(simulation: Simulation, frame: Rect) {
        super.init(simulation: simulation, className: "Window", name: "window", frame: frame)
    }

    public override var isOwned: Bool { true }

    public func setRootViewController(_ vc: ViewController?) throws {
        if vc === rootViewController { return }
        if let vc, let parent = vc.parent {
            throw ContainmentError.hierarchy(Messages.shouldHaveParent(vc, expected: nil, actual: parent))
        }
        trace.record(.call, self, "setRootViewController", "_", ref: vc)
        let old = rootViewController
        if isVisible, let old, old.appearanceState != .disappeared {
            old.beginAppearance(false, animated: false)
            old.viewIfLoaded?.detach()
            rootViewController = nil
            old.endAppearance()
        } else {
            old?.viewIfLoaded?.detach()
            rootViewController = nil
        }
        old?.isRootOfWindow = false
        old?.ownershipMayHaveChanged()
        rootViewController = vc
        simulation.presentationTop = nil     // Q79: found again from the new root
        vc?.isRootOfWindow = true
        vc?.ownershipMayHaveChanged()
        // Q79: another controller decides the status bar, asked before its view is
        // installed, so that its first layout has the safe area that goes with it.
        // A question's hook may set another root meanwhile, which that set installs.
        if isVisible { simulation.updateStatusBar() }
        simulation.orientationNeedsUpdate = true     // Q82: asked at the end of the turn
        if isVisible, let vc, rootViewController === vc { install(vc) }
    }

    public func makeKeyAndVisible() {
        guard !isVisible else { return }
        trace.record(.call, self, "makeKeyAndVisible")
        // Q82: the app starts in an orientation its root supports, before anything appears.
        simulation.launchOrientation()
        isVisible = true
        let root = rootViewController
        simulation.updateStatusBar()
        if let vc = rootViewController, vc === root { install(vc) }
    }

    /// S01: viewWillAppear (loading the view first), the view enters the window and is
    /// laid out, viewIsAppearing, viewDidAppear, all with animated = false.
    func install(_ vc: ViewController) {
        vc.beginAppearance(true, animated: false)
        let v = vc.view
        v.frame = bounds
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        attach(v, at: subviews.count)
        v.layoutIfNeeded()
        vc.deliverIsAppearing()
        vc.endAppearance()
    }
}
