/// How a navigation controller shows a new top: the appearance order of S19/S22
/// (`from` will-disappear, `to` will-appear, delegate willShow, … did-callbacks, didMove,
/// didShow), a 0.35 s slide or the delegate's animator, interactive with the edge swipe.
extension NavigationController {
    /// The top controller's frame.
    public var contentFrame: Rect { contentFrame(for: topViewController) }

    /// Q18: a child's view fills the navigation controller's view, under the bar, unless
    /// the bar is opaque (and the child does not extend under opaque bars) or the child
    /// excludes the top edge; then it starts below the bar.
    func contentFrame(for vc: ViewController?) -> Rect {
        let b = viewIfLoaded?.bounds ?? simulation.screen.bounds
        let full = Rect(x: 0, y: 0, width: b.size.width, height: b.size.height)
        guard !isNavigationBarHidden, let vc else { return full }
        let underBar = vc.edgesForExtendedLayout.contains(.top)
            && (navigationBar.isTranslucent || vc.extendedLayoutIncludesOpaqueBars)
        if underBar { return full }
        let top = navigationBar.frame.maxY
        return Rect(x: 0, y: top, width: b.size.width, height: max(0, b.size.height - top))
    }

    /// The bar sits at the top of the view's safe area (in every orientation, in a sheet
    /// or lower in a container), as wide as the view.
    var barFrame: Rect {
        let v = viewIfLoaded
        let top = v?.safeAreaInsets.top ?? simulation.screen.safeAreaInsets.top
        // Q68: hidden, the bar is above the view's top edge (where it slides to).
        let y = isNavigationBarHidden ? -NavigationBar.height : top
        return Rect(x: 0, y: y, width: v?.bounds.size.width ?? simulation.screen.width, height: NavigationBar.height)
    }

    /// The bar's bottom edge is the top of a child's safe area (hidden, it adds nothing).
    func barInsets(for child: ViewController) -> EdgeInsets {
        guard child.parent === self, let cv = child.viewIfLoaded, let v = viewIfLoaded, cv.superview === v else { return .zero }
        let top = isNavigationBarHidden ? 0 : navigationBar.frame.maxY - cv.frame.minY
        // Q71: a shown toolbar covers the bottom as a tab bar does.
        let bottom = isToolbarHidden ? 0 : cv.frame.maxY - toolbar.frame.minY
        return EdgeInsets(top: max(0, top), left: 0, bottom: max(0, bottom), right: 0)
    }

    func installChrome() {
        guard let v = viewIfLoaded else { return }
        navigationBar.frame = barFrame
        navigationBar.autoresizingMask = [.flexibleWidth]
        v.attach(navigationBar, at: v.subviews.count)
        toolbar.frame = toolbarFrame
        toolbar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        toolbar.isHidden = isToolbarHidden
        v.attach(toolbar, at: v.subviews.count)
        v.addGestureRecognizer(interactivePopGestureRecognizer)
        installTop()
    }

    /// UILayoutContainerView's layoutSubviews: the bar at the safe-area top, the top's
    /// view in place (unless a transition is moving it).
    func layoutChrome() {
        guard let v = viewIfLoaded, navigationBar.superview === v else { return }
        let bar = barFrame
        if navigationBar.frame != bar { navigationBar.frame = bar }
        if toolbar.superview === v, toolbar.frame != toolbarFrame { toolbar.frame = toolbarFrame }
        guard let top = visibleTop, let tv = top.viewIfLoaded, tv.superview === v else { return }
        tv.safeAreaNeedsUpdate = true     // the bar may have moved, shown or hidden (Q16)
        guard !isTransitioning else { return }
        let f = contentFrame(for: top)
        if tv.frame != f { tv.frame = f }
    }

    /// Puts the top's view in place (loading it), with no transition.
    func installTop() {
        guard let v = viewIfLoaded, let top = topViewController else { return }
        if let old = visibleTop, old !== top, let ov = old.viewIfLoaded, ov.superview === v { ov.detach() }
        let tv = top.view
        tv.frame = contentFrame(for: top)
        tv.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if tv.superview !== v { try? v.insertSubview(tv, belowSubview: navigationBar) }
        visibleTop = top
        navigationBar.update()
    }

    func layoutContent(keepingBarVisible: Bool = false) {
        if !keepingBarVisible {
            navigationBar.isHidden = isNavigationBarHidden
            toolbar.isHidden = isToolbarHidden
        }
        if navigationBar.superview != nil { navigationBar.frame = barFrame }
        if toolbar.superview != nil { toolbar.frame = toolbarFrame }
        if let tv = visibleTop?.viewIfLoaded {
            tv.frame = contentFrame(for: visibleTop)
            tv.safeAreaNeedsUpdate = true
        }
        viewIfLoaded?.setNeedsLayout()
    }

    func tellDelegate(willShow vc: ViewController, animated: Bool) {
        guard let delegate else { return }
        simulation.trace.record(.delegate, self, "willShow", [("viewController", .ref(vc)), ("animated", .bool(animated))])
        delegate.willShow(self, vc, animated: animated)
    }

    func tellDelegate(didShow vc: ViewController, animated: Bool) {
        guard let delegate else { return }
        simulation.trace.record(.delegate, self, "didShow", [("viewController", .ref(vc)), ("animated", .bool(animated))])
        delegate.didShow(self, vc, animated: animated)
    }

    var isShowing: Bool {
        viewIfLoaded?.window?.isVisible == true && (appearanceState == .appeared || appearanceState == .appearing)
    }

    /// After a stack change: on screen, the views follow (at once if animated, on the
    /// next turn if not, Q9); off screen only the bookkeeping happens (S21).
    func show(from: ViewController?, operation: Operation, animated: Bool,
              popped: [ViewController], added: [ViewController], quiet: ViewController? = nil) {
        guard isShowing, let to = topViewController else {
            // An emptied stack (UIKit allows one: UINavigationController() has one): the
            // controller on screen leaves it, its callbacks balanced, before it leaves the
            // stack; nothing comes in its place.
            // (Behind an animated transition still running, its end settles what shows.)
            if isShowing, !isTransitioning || deferred != nil, let top = visibleTop, let tv = top.viewIfLoaded,
               tv.superview === viewIfLoaded {
                deferred = nil
                isTransitioning = false
                top.containerBegin(false, animated: false)
                tv.removeFromSuperview()
                top.containerEnd()
                visibleTop = nil
            }
            release(popped, quiet: quiet)
            if let tabs = parent as? TabBarController, tabs.selectedViewController === self { tabs.updateBottomBar() }
            navigationBar.update()
            return
        }
        // Q9: a change not yet shown joins this one, which goes from the controller in
        // place before either.
        var (from, popped, added, quiet) = (from, popped, added, quiet)
        if let waiting = deferred {
            deferred = nil
            isTransitioning = false
            (from, popped, added, quiet) = (waiting.from, waiting.popped + popped, waiting.added + added, quiet ?? waiting.quiet)
        }
        if !isTransitioning, !animated {
            isTransitioning = true
            deferredTokens += 1
            let token = deferredTokens
            deferred = DeferredChange(from: from, operation: operation, popped: popped, added: added, quiet: quiet, token: token)
            // Weak: the clock may outlive this controller, which then has nothing to show.
            simulation.clock.enqueue { [weak self] in
                guard let self, let change = self.deferred, change.token == token else { return }
                self.deferred = nil
                guard let to = self.topViewController else { return self.transitionDidEnd() }
                // One popped by an earlier change and pushed again by a later one stays.
                let popped = change.popped.filter { vc in !self.viewControllers.contains { $0 === vc } }
                self.transition(from: change.from, to: to, operation: change.operation, animated: false,
                                popped: popped, added: change.added, quiet: change.quiet)
            }
            return
        }
        // Weak: `pending` on this controller may hold it; a collected controller has
        // nothing left to show.
        let run: () -> Void = { [weak self] in
            self?.transition(from: from, to: to, operation: operation, animated: animated, popped: popped, added: added,
                             quiet: quiet)
        }
        if isTransitioning {
            simulation.warn(to, Messages.unbalanced(to))   // Q7: a transition started while another runs
            pending.append(run)
        } else {
            run()
        }
    }

    func transition(from: ViewController?, to: ViewController, operation: Operation, animated: Bool,
                    popped: [ViewController], added: [ViewController], quiet: ViewController? = nil,
                    interaction: PercentDrivenInteractiveTransition? = nil) {
        isTransitioning = true
        guard let from = from ?? visibleTop, from !== to else {
            // On screen with nothing shown before it (an emptied stack given a controller
            // again): it appears on its own, not animated, as there is nothing to slide from.
            let alone = (from ?? visibleTop) == nil && isShowing && appearanceState == .appeared
            if alone {
                to.containerBegin(true, animated: false)
                tellDelegate(willShow: to, animated: false)     // S19's order, after will-appear
            }
            installTop()
            if alone { to.deliverIsAppearing(); to.containerEnd() }
            finish(to: to, animated: alone ? false : animated, popped: popped, added: added, quiet: quiet)
            return
        }
        _ = to.view
        let custom = animated ? delegate?.animationController(self, operation: operation, from: from, to: to) : nil
        let driver = interaction ?? custom.flatMap { delegate?.interactionController(self, animator: $0) }
        isInteractive = driver != nil       // Q7: what starts now waits for its outcome
        let animator = custom ?? NavigationSlide(operation: operation)
        let ctx = TransitionContext(simulation: simulation, kind: .navigation(animated: animated), container: view,
                                    from: from, to: to, animator: animator,
                                    interactive: driver != nil) { [weak self] completed in
            // Weak: a script's animator may keep the context past this controller's life.
            guard let self else { return }
            if completed {
                self.finish(to: to, animated: animated, popped: popped, added: added, quiet: quiet)
            } else {
                self.cancelled(from: from, popped: popped, added: added)
            }
        }
        // Q80: the navigation controller answers its children's `transitionCoordinator`.
        TransitionCoordinator(context: ctx).vend(to: [self])
        from.containerBegin(false, animated: animated)
        to.containerBegin(true, animated: animated)
        tellDelegate(willShow: to, animated: animated)
        if let tabs = parent as? TabBarController, tabs.selectedViewController === self {
            tabs.updateBottomBar(slide: animated ? (operation == .push, NavigationController.slideDuration) : nil)
        }
        visibleTop = to
        if !animated {
            let tv = to.view
            tv.frame = contentFrame(for: to)
            if tv.superview !== view { try? view.insertSubview(tv, belowSubview: navigationBar) }
            to.deliverIsAppearing()
            ctx.completeTransition(true)
        } else {
            ctx.run(driven: driver)
        }
    }

    /// Q9: every didMove, of the pushed and of the popped, comes before the delegate's
    /// didShow.
    func finish(to: ViewController, animated: Bool, popped: [ViewController], added: [ViewController],
                quiet: ViewController? = nil) {
        for vc in added where vc.parentage == .toParent { vc.didMove(toParent: self) }
        release(popped, quiet: quiet)
        tellDelegate(didShow: to, animated: animated)
        navigationBar.update()
        transitionDidEnd()
    }

    /// The popped controllers leave with didMove(toParent: nil), except `quiet`: the top
    /// that `setViewControllers` drops gets neither willMove nor didMove (S26).
    func release(_ popped: [ViewController], quiet: ViewController?) {
        for vc in popped {
            if vc === quiet { vc.detachFromParent() } else { vc.removeFromParent() }
        }
        // Q13b: one More lets go of goes back to its tab bar controller.
        if let tabs = parent as? TabBarController, tabs.moreIfMade === self {
            for vc in popped { tabs.moreReleased(vc) }
        }
    }

    /// An interactive transition given up (Q11): no didShow, and its stack change given
    /// back: what it popped returns to the top with no didMove, and what it pushed leaves
    /// the stack and its parent (as `removeFromParent`, didMove(toParent: nil)), so the
    /// stack is the one shown.
    func cancelled(from: ViewController, popped: [ViewController], added: [ViewController]) {
        for vc in added where vc !== from {
            viewControllers.removeAll { $0 === vc }
            if vc.parent === self { vc.removeFromParent() }
        }
        viewControllers.append(contentsOf: popped)
        (parent as? TabBarController)?.updateBottomBar()
        visibleTop = from
        from.viewIfLoaded?.frame = contentFrame(for: from)
        navigationBar.update()
        transitionDidEnd()
    }

    func transitionDidEnd() {
        isTransitioning = false
        isInteractive = false
        edgeInteraction = nil
        // Q7: the next waiting operation; one that starts no transition (off screen, or
        // nothing left to pop) hands on to the one after it.
        while !isTransitioning, !pending.isEmpty { pending.removeFirst()() }
    }

    /// The built-in interactive pop from a left-edge swipe (S24/S25); right to left, from
    /// the right edge, leftwards (Q74), unless a script set the recognizer's edges.
    func edgeSwipe(_ g: GestureRecognizer) {
        // Progress runs away from the edge the swipe starts at (the leading one unless a
        // script set `edges`).
        let width = max(1, viewIfLoaded?.bounds.size.width ?? 1) * (g.effectiveEdges == "right" ? -1 : 1)
        switch g.state {
        case .began:
            guard viewControllers.count > 1, !isTransitioning, isShowing, let top = topViewController else { return }
            simulation.trace.record(.call, self, "popViewController", [("animated", .bool(true)), ("interactive", .bool(true))])
            let interaction = PercentDrivenInteractiveTransition(simulation: simulation, name: "\(name).interactivePop")
            edgeInteraction = interaction
            top.willMove(toParent: nil)     // Q11: at the gesture's start
            viewControllers.removeLast()
            guard let to = topViewController else { return }
            transition(from: top, to: to, operation: .pop, animated: true, popped: [top], added: [], interaction: interaction)
            interaction.update(g.translation.x / width)
        case .changed:
            edgeInteraction?.update(g.translation.x / width)
        case .ended, .cancelled:
            guard let interaction = edgeInteraction else { return }
            if g.state == .ended && (interaction.percentComplete > 0.5 || g.velocity.x * (width < 0 ? -1 : 1) > 1000) {
                interaction.finish()
            } else {
                // Q11: isMovingFromParent only in the popped controller's first will-disappear.
                interaction.context?.fromViewController.parentage = .none
                interaction.cancel()
            }
        default:
            break
        }
    }
}

/// UIKit's push/pop: the new view slides over from the right (0.35 s); on pop the top
/// slides away to the right and the one below comes back from a 30 % offset.
final class NavigationSlide: TransitionAnimator {
    let operation: NavigationController.Operation
    init(operation: NavigationController.Operation) { self.operation = operation }

    func transitionDuration(_ context: TransitionContext) -> Double { NavigationController.slideDuration }

    func animateTransition(_ ctx: TransitionContext) {
        guard let nav = ctx.fromViewController.parent as? NavigationController ?? ctx.toViewController.parent as? NavigationController,
              let toView = ctx.view("to"), let fromView = ctx.view("from") else { ctx.completeTransition(true); return }
        let frame = nav.contentFrame(for: ctx.toViewController)
        let fromFrame = nav.contentFrame(for: ctx.fromViewController)
        // Q74: right to left, a push comes in from the left and a pop leaves to the left.
        let w = frame.size.width * (nav.view.isRightToLeft ? -1 : 1)
        func shifted(_ f: Rect, _ dx: Double) -> Rect { Rect(x: f.origin.x + dx, y: f.origin.y, width: f.size.width, height: f.size.height) }
        if operation == .pop {
            toView.frame = shifted(frame, -0.3 * w)
            try? nav.view.insertSubview(toView, belowSubview: fromView)
        } else {
            toView.frame = shifted(frame, w)
            try? nav.view.insertSubview(toView, aboveSubview: fromView)
        }
        ctx.toViewController.deliverIsAppearing()
        ctx.simulation.animator.animate(duration: NavigationController.slideDuration, curve: .easeInOut, animations: {
            toView.frame = frame
            fromView.frame = self.operation == .pop ? shifted(fromFrame, w) : shifted(fromFrame, -0.3 * w)
        }, completion: { _ in
            fromView.frame = fromFrame
            ctx.completeTransition(!ctx.transitionWasCancelled)
        })
    }

    func animationEnded(_ context: TransitionContext, completed: Bool) {}
}
