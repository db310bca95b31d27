/// Size classes and the rest of UITraitCollection that Nestbox models.
public struct TraitCollection: Equatable, Sendable {
    public var horizontalSizeClass: String
    public var verticalSizeClass: String
    public var idiom: String
    public var displayScale: Double
    /// `leftToRight` or `rightToLeft` (UITraitCollection.layoutDirection).
    public var layoutDirection = "leftToRight"

    /// Phones are compact wide (the Plus and Pro Max regular in landscape); tall in
    /// portrait, compact in landscape. iPads are regular both ways.
    static func of(_ device: Device, size: Size, direction: String = "leftToRight") -> TraitCollection {
        if device.idiom == "pad" {
            return TraitCollection(horizontalSizeClass: "regular", verticalSizeClass: "regular", idiom: "pad",
                                   displayScale: device.scale, layoutDirection: direction)
        }
        let landscape = size.width > size.height
        return TraitCollection(horizontalSizeClass: landscape && device.regularWidthInLandscape ? "regular" : "compact",
                               verticalSizeClass: landscape ? "compact" : "regular",
                               idiom: device.idiom, displayScale: device.scale, layoutDirection: direction)
    }
}

extension Simulation {
    /// UIKit's rotation duration on a phone.
    static let rotationDuration = 0.3

    /// UIInterfaceOrientation's cases, as `ui.rotate` names them.
    public static var orientations: [String] { ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"] }

    public var traitCollection: TraitCollection {
        traitsInTransition ?? TraitCollection.of(device, size: window.bounds.size, direction: layoutDirection)
    }

    /// `ui.rotate`: the device turns. The interface follows if the controller asked
    /// supports the orientation (Q82); then the window takes the new size,
    /// viewWillTransition travels down the tree (S36), then willTransition(to:with:) where
    /// the traits change, the coordinator's alongside animations run with the resize, and
    /// traitCollectionDidChange follows (policy Q8).
    public func rotate(to orientation: String) throws {
        try refuseWhileAnnouncing("ui.rotate")
        try refuseWhileAsking("ui.rotate")
        guard Self.orientations.contains(orientation) else {
            throw ContainmentError.invalidArgument(
                "Nestbox: unknown orientation '\(orientation)' (\(Self.orientations.joined(separator: ", ")))")
        }
        trace.record(.input, "input", "rotate", [("_", .string(orientation))])
        // The device already held that way: it sends nothing, and nothing is asked (an
        // answer changed without setNeedsUpdateOfSupportedInterfaceOrientations stays unheard).
        guard orientation != screen.deviceOrientation else { return }
        screen.deviceOrientation = orientation
        // A full-screen presentation or dismissal under way holds the interface still; it
        // follows the device once the transition ends.
        if fillingTransitionUnderway {
            orientationNeedsUpdate = true
            orientationRecheck = true
            orientationDeviceTurned = true
            return ignored("rotate", "a full-screen presentation or dismissal is under way: the interface follows the device once it ends (Q82)")
        }
        let owner = orientationOwner()
        // Set before asking, so that an answer that asks again (setNeedsUpdate…) is asked
        // again at the end of the turn, not taken for a change of the controller asked.
        orientationOwnerAsked = owner
        let allowed = askOrientations(allowedBy: owner)
        guard try allowed.get().contains(InterfaceOrientationMask(orientation: orientation)) else {
            let who = owner.map { "\($0.objectDescription) supports" } ?? "the app supports"
            let names = try allowed.get().orientations.joined(separator: ", ")
            return ignored("rotate", "\(who) \(names): the interface stays \(screen.orientation) (Q82)")
        }
        turnInterface(to: orientation)
    }

    /// The interface takes `orientation`: the window's size transition (Q8).
    func turnInterface(to orientation: String) {
        let oldTraits = traitCollection
        let base = device.size
        let portrait = orientation.hasPrefix("portrait")
        let size = portrait ? base : Size(width: base.height, height: base.width)
        screen.orientation = orientation
        changeSize(to: size, from: oldTraits)
    }

    /// A rotation asked for while the controller asked answers (from its
    /// supportedInterfaceOrientations override) would ask it again without end.
    func refuseWhileAsking(_ call: String) throws {
        guard updatingOrientation else { return }
        throw ContainmentError.invalidArgument("Nestbox: \(call) while the interface's orientations are being asked (from a supportedInterfaceOrientations or preferredInterfaceOrientationForPresentation override) is not modelled")
    }

    /// A world that starts in `orientation` (a `--matrix` cell), set before the window is
    /// made, so nothing rotates and no callback is sent. False once the window exists.
    public func start(in orientation: String) -> Bool {
        guard Self.orientations.contains(orientation) else { return false }
        if let w = createdWindow {
            // Made (the runtime hands it to scripts) but empty and not shown yet.
            guard w.rootViewController == nil, w.subviews.isEmpty, !w.isVisible, trace.events.isEmpty else { return false }
            screen.orientation = orientation
            w.frame = screen.bounds
        } else {
            screen.orientation = orientation
        }
        screen.deviceOrientation = orientation
        return true
    }

    /// `ui.setDevice`: a new preset; on screen it is a size transition like a rotation,
    /// and a trait transition when the size classes, idiom or scale change.
    public func setDevice(_ newDevice: Device) throws {
        try refuseWhileAnnouncing("ui.setDevice")
        trace.record(.call, "ui", "setDevice", [("_", .string(newDevice.name))])
        let oldTraits = traitCollection
        let landscape = screen.orientation.hasPrefix("landscape")
        device = newDevice
        let size = landscape ? Size(width: newDevice.size.height, height: newDevice.size.width) : newDevice.size
        changeSize(to: size, from: oldTraits)
        // Q82: another idiom's app supports other orientations (a phone's no upside down).
        orientationRecheck = true
        orientationNeedsUpdate = true
    }

    /// A size change asked for from a hook that hears of one (viewWillTransition,
    /// willTransition): the change being announced would be half told; not modelled.
    func refuseWhileAnnouncing(_ call: String) throws {
        guard announcingSizeChange else { return }
        throw ContainmentError.invalidArgument("Nestbox: \(call) while a size change is being announced (from a viewWillTransition or willTransition hook) is not modelled")
    }

    /// Q8: the size transition goes to the root's tree, then to each presented controller
    /// in turn; where the traits change, willTransition(to:with:) follows the same way.
    /// The window, every presented view (Q17) and, through autoresizing and the
    /// containers' layout, everything on screen take the new size in one animation.
    func changeSize(to size: Size, from oldTraits: TraitCollection) {
        guard window.isVisible, let root = window.rootViewController, size != window.bounds.size else {
            window.frame = Rect(origin: .zero, size: size)
            return
        }
        let coordinator = TransitionCoordinator(simulation: self, duration: Self.rotationDuration)
        let windowBounds = Rect(origin: .zero, size: size)
        var tops: [ViewController] = [root]
        var next = root.presentedViewController
        while let p = next, !isInterrupted() {
            tops.append(p)
            next = p.presentedViewController
        }
        let newTraits = TraitCollection.of(device, size: size, direction: layoutDirection)
        announcingSizeChange = true
        for vc in tops {
            let vcSize = vc === root ? size : vc.modalFrame(in: windowBounds, traits: newTraits).size
            vc.deliverViewWillTransition(to: vcSize, coordinator: coordinator)
        }
        let traitsChange = newTraits != oldTraits
        traitsInTransition = oldTraits
        if traitsChange {
            traitsComing = newTraits
            for vc in tops { vc.deliverWillTransition(to: newTraits, coordinator: coordinator) }
            traitsComing = nil
        }
        announcingSizeChange = false
        sizeTransitionsRunning += 1
        animator.animate(duration: Self.rotationDuration, animations: {
            coordinator.isQueueing = false
            self.traitsInTransition = nil
            self.window.frame = windowBounds
            // Q79: the status bar hides or shows with the rotation, from its start (the
            // window has the new size and traits), so its layout has the inset that goes
            // with it.
            self.updateStatusBar()
            for vc in tops.dropFirst() { vc.resizePresentedView() }
            self.window.layoutIfNeeded()
            coordinator.runAlongsideInPlace()
        }, completion: { _ in
            self.sizeTransitionsRunning -= 1
            coordinator.end(cancelled: false)
            if traitsChange {
                for vc in tops { vc.deliverTraitChange(previous: oldTraits) }
            }
        })
    }

    /// `ui.memoryWarning`: every controller in the tree, parent first.
    public func memoryWarning() {
        trace.record(.input, "input", "memoryWarning")
        window.rootViewController?.deliverMemoryWarning()
    }
}

extension ViewController {
    /// S36: the receiver first, then each child whose view is in the window (Q8), at the
    /// size sizeForChildContentContainer gives; a child already that size is skipped
    /// (UIViewController.h). The children are told inside UIKit's own
    /// viewWillTransition: a script's hook reaches it only by calling super, and one that
    /// does not keeps the change from them, or forwards it by hand (the header: "either
    /// call super … or manually forward the change to children"; Q76).
    public func deliverViewWillTransition(to newSize: Size, coordinator: TransitionCoordinator) {
        simulation.trace.record(.lifecycle, self, "viewWillTransition",
                                [("size", .string("\(formatNumber(newSize.width)) x \(formatNumber(newSize.height))"))])
        guard host?.hasOverride(.viewWillTransition, on: self) == true else {
            notify(.viewWillTransition(size: newSize, coordinator: coordinator))
            return forwardViewWillTransition(to: newSize, coordinator: coordinator)
        }
        let id = ObjectIdentifier(self)
        let outer = simulation.sizeHooksRunning[id]
        simulation.sizeHooksRunning[id] = coordinator
        notify(.viewWillTransition(size: newSize, coordinator: coordinator))
        simulation.sizeHooksRunning[id] = outer
    }

    /// The super call of a running viewWillTransition hook: UIKit's part, which tells
    /// the children of `size` (the size the super call is given). False when no size
    /// transition's hook runs on this controller.
    public func superViewWillTransition(to size: Size) -> Bool {
        guard let coordinator = simulation.sizeHooksRunning[ObjectIdentifier(self)] else { return false }
        forwardViewWillTransition(to: size, coordinator: coordinator)
        return true
    }

    func forwardViewWillTransition(to newSize: Size, coordinator: TransitionCoordinator) {
        for c in children where c.viewIfLoaded?.window != nil {
            let childSize = sizeAsked(forChild: c, parentSize: newSize)
            if let v = c.viewIfLoaded, v.bounds.size == childSize { continue }
            c.deliverViewWillTransition(to: childSize, coordinator: coordinator)
        }
    }

    /// Q8: parent first, to the controllers whose views are in the window; a script's
    /// hook passes the change on only by its super call, as for the size (S36).
    public func deliverWillTransition(to traits: TraitCollection, coordinator: TransitionCoordinator) {
        guard viewIfLoaded?.window != nil else { return }
        simulation.trace.record(.lifecycle, self, "willTransition",
                                [("traits", .string("\(traits.horizontalSizeClass) x \(traits.verticalSizeClass)"))])
        guard host?.hasOverride(.willTransition, on: self) == true else {
            notify(.willTransitionToTraits(traits, coordinator: coordinator))
            for c in children { c.deliverWillTransition(to: traits, coordinator: coordinator) }
            return
        }
        let id = ObjectIdentifier(self)
        let outer = simulation.traitHooksRunning[id]
        simulation.traitHooksRunning[id] = (traits, coordinator)
        notify(.willTransitionToTraits(traits, coordinator: coordinator))
        simulation.traitHooksRunning[id] = outer
    }

    /// The super call of a running willTransition hook: the children are told. False
    /// when no trait transition's hook runs on this controller.
    public func superWillTransition() -> Bool {
        guard let (traits, coordinator) = simulation.traitHooksRunning[ObjectIdentifier(self)] else { return false }
        for c in children { c.deliverWillTransition(to: traits, coordinator: coordinator) }
        return true
    }

    func deliverTraitChange(previous: TraitCollection) {
        simulation.statusBarNeedsUpdate = true     // Q79: hiding follows the vertical size class
        guard viewIfLoaded?.window != nil else { return }
        simulation.trace.record(.lifecycle, self, "traitCollectionDidChange")
        notify(.traitCollectionDidChange(previous: previous))
        for c in children { c.deliverTraitChange(previous: previous) }
    }

    func deliverMemoryWarning() {
        simulation.trace.record(.lifecycle, self, "didReceiveMemoryWarning")
        notify(.didReceiveMemoryWarning)
        for c in children { c.deliverMemoryWarning() }
    }
}
