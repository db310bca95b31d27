/// The appearance state machine and its forwarding (docs/containment.md, Appearance
/// states and Who sends appearance callbacks).
extension ViewController {
    /// Explicit begin: how a container forwards by hand. Always delivers, on screen
    /// or not (policy Q3).
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        // A subclass's super call from the override a container asked: the container's
        // begin, which is no script's own call.
        if overriding == .beginAppearanceTransition { beginAppearance(isAppearing, animated: animated); return }
        simulation.trace.record(.call, self, "beginAppearanceTransition",
                                 [("_", .bool(isAppearing)), ("animated", .bool(animated))])
        if simulation.linter != nil { simulation.lintManualBegin(self) }
        beginAppearance(isAppearing, animated: animated)
        // Q66: a view already in the window when its appearance begins by hand is laid
        // out and hears viewIsAppearing now, as one added after the begin does when it
        // is added (View.insert): in either order, the first moment the view is in the
        // hierarchy and laid out after viewWillAppear (Apple's page for viewIsAppearing).
        if isAppearing, appearanceState == .appearing, let v = _view, v.window?.isVisible == true {
            v.layoutIfNeeded()
            deliverIsAppearing()
        }
    }

    public func endAppearanceTransition() {
        if overriding == .endAppearanceTransition { endAppearance(); return }
        simulation.trace.record(.call, self, "endAppearanceTransition")
        endAppearance()
    }

    /// A UIKit container's own begin and end on a child (a navigation controller's push
    /// and pop, a tab switch, a page turn): a script's subclass
    /// that overrides `beginAppearanceTransition` or `endAppearanceTransition` sees them
    /// (docs/policies.md, Q59).
    func containerBegin(_ isAppearing: Bool, animated: Bool) {
        if runsOverride(.beginAppearanceTransition(isAppearing, animated: animated)) { return }
        beginAppearance(isAppearing, animated: animated)
    }

    func containerEnd() {
        if runsOverride(.endAppearanceTransition) { return }
        endAppearance()
    }

    /// An app calling viewWillAppear & co. itself: W19, the hook runs, the state does
    /// not change (S44).
    public func callAppearanceMethodDirectly(_ hook: Hook) {
        let selector: String
        switch hook {
        case .viewWillAppear: selector = "viewWillAppear"
        case .viewDidAppear: selector = "viewDidAppear"
        case .viewWillDisappear: selector = "viewWillDisappear"
        case .viewDidDisappear: selector = "viewDidDisappear"
        default: notify(hook); return
        }
        simulation.warn(self, Messages.directAppearanceCall(selector, self), lint: .directAppearanceCall)
        notify(hook)
    }

    func beginAppearance(_ appearing: Bool, animated: Bool) {
        // The view exists before viewWillAppear (R-Chameleon). It loads before any
        // bookkeeping: viewDidLoad may call back into this state machine and must find
        // it as it was; this begin then acts on the state the callback left.
        if appearing { loadViewIfNeeded() }
        if appearanceDepth > 0 && appearanceIsAppearing == appearing {
            appearanceDepth += 1      // nested begin in the same direction: counted (S17)
            return
        }
        let settled = appearing ? AppearanceState.appeared : .disappeared
        if appearanceDepth == 0 && appearanceState == settled {
            // Already there: UIKit logs W1 (S14); the matching end delivers nothing.
            simulation.warn(self, Messages.unbalanced(self))
            appearanceDepth = 1
            appearanceIsAppearing = appearing
            appearanceRedundant = true
            return
        }
        // A fresh transition, or a reversal of one in flight (a cancel: docs/containment.md,
        // Appearance states).
        appearanceDepth = 1
        appearanceIsAppearing = appearing
        appearanceAnimated = animated
        appearanceRedundant = false
        sentIsAppearing = false
        // The state moves before a container's preparation, which may load a child's
        // view and run its callbacks: one that begins another transition here reverses
        // this one, which then stops (its callbacks were the reversal's to send).
        appearanceState = appearing ? .appearing : .disappearing
        if appearing {
            prepareForAppearance(true)
            guard appearanceIsAppearing else { return }
            deliverAppearance(.viewWillAppear(animated: animated), .viewWillAppear, animated: animated)
        } else {
            prepareForAppearance(false)
            guard !appearanceIsAppearing else { return }
            deliverAppearance(.viewWillDisappear(animated: animated), .viewWillDisappear, animated: animated)
        }
        // Parent first, then the children (an iOS 9 log; not Chameleon's children-first).
        for c in appearanceChildren() where c.isViewLoaded {
            c.beginAppearance(appearing, animated: animated)
        }
        appearanceDidForward(appearing, ended: false)
    }

    func endAppearance() {
        guard appearanceDepth > 0 else {
            simulation.warn(self, Messages.unbalanced(self))   // Q7: an end with nothing open
            return
        }
        appearanceDepth -= 1
        guard appearanceDepth == 0 else { return }
        if appearanceRedundant {
            appearanceRedundant = false
            return
        }
        let animated = appearanceAnimated
        if appearanceIsAppearing {
            deliverIsAppearing()
            // viewIsAppearing began another transition: it takes this one over, as a
            // reversal of one in flight does (§1.3), and its end settles the state.
            guard appearanceDepth == 0 else { return }
            appearanceState = .appeared
            deliverAppearance(.viewDidAppear(animated: animated), .viewDidAppear, animated: animated)
        } else {
            appearanceState = .disappeared
            deliverAppearance(.viewDidDisappear(animated: animated), .viewDidDisappear, animated: animated)
        }
        let appearing = appearanceIsAppearing
        for c in appearanceChildren() where c.appearanceDepth > 0 && c.appearanceIsAppearing == appearing {
            c.endAppearance()
        }
        appearanceDidForward(appearing, ended: true)
    }

    /// viewIsAppearing: once per appearance, after the view is in the hierarchy and laid
    /// out, before viewDidAppear (Apple's documentation of viewIsAppearing).
    func deliverIsAppearing() {
        guard appearanceState == .appearing, !sentIsAppearing, !appearanceRedundant else { return }
        sentIsAppearing = true
        deliverAppearance(.viewIsAppearing(animated: appearanceAnimated), .viewIsAppearing, animated: appearanceAnimated)
        for c in appearanceChildren() { c.deliverIsAppearing() }
        // Q66: a child this controller forwards to by hand, begun before this view entered
        // the window (as in its viewWillAppear), entered it inside this view and was laid
        // out with it: it hears viewIsAppearing now, after this one, not at its end
        // (Apple's page for viewIsAppearing: once the superview lays the view out). No
        // layout of its own here: that pass computed its safe area from this view's.
        guard !shouldAutomaticallyForwardAppearanceMethods else { return }
        for c in forwardableChildren() where c.appearanceState == .appearing {
            guard let v = c._view, v.window?.isVisible == true else { continue }
            c.deliverIsAppearing()
        }
    }

    /// Children whose views are loaded and inside this controller's view (as Chameleon
    /// forwards: docs/containment.md, Who sends appearance callbacks).
    func forwardableChildren() -> [ViewController] {
        // A leaf (most controllers, and every one a containment cycle moves) is asked
        // for its children five times a cycle: answered without touching its view.
        if children.isEmpty { return [] }
        guard let root = _view else { return [] }
        return children.filter { c in
            guard let v = c._view else { return false }
            return v.isDescendant(of: root)
        }
    }
}
