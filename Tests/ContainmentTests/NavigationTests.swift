import Testing
import Containment
import InvariantChecking

/// A navigation delegate that records, and can supply an animator.
final class NavRecorder: NavigationDelegate {
    var log: [String] = []
    var animator: TransitionAnimator?
    func willShow(_ nav: NavigationController, _ vc: ViewController, animated: Bool) { log.append("willShow \(vc.name)") }
    func didShow(_ nav: NavigationController, _ vc: ViewController, animated: Bool) { log.append("didShow \(vc.name)") }
    func animationController(_ nav: NavigationController, operation: NavigationController.Operation,
                             from: ViewController, to: ViewController) -> TransitionAnimator? { animator }
    func interactionController(_ nav: NavigationController, animator: TransitionAnimator) -> PercentDrivenInteractiveTransition? { nil }
}

@Suite(.checksInvariants) struct NavigationTests {}

extension NavigationTests {
    /// N on screen with stack [A] (and more), delegate set, trace marked.
    func onScreenNav(_ names: [String] = ["a"]) throws -> (Simulation, NavigationController, [Probe]) {
        let sim = Simulation()
        let vcs = names.map { Probe(sim, $0) }
        let nav = try NavigationController(simulation: sim, name: "n", root: vcs[0])
        nav.delegate = NavRecorder()
        try sim.window.setRootViewController(nav)
        sim.window.makeKeyAndVisible()
        for vc in vcs.dropFirst() { try nav.pushViewController(vc, animated: false) }
        sim.settle()
        sim.trace.mark(nil)
        return (sim, nav, vcs)
    }

    @Test("an emptied stack takes the controller shown off the screen, balanced; a list naming one twice is W24")
    func emptiedAndDuplicated() throws {
        let (sim, nav, vcs) = try onScreenNav(["a", "b"])
        #expect(throws: ContainmentError("NSInternalInconsistencyException",
                                         "All view controllers in a navigation controller must be distinct ((<ViewController: a>, <ViewController: b>, <ViewController: a>))")) {
            try nav.setViewControllers([vcs[0], vcs[1], vcs[0]], animated: false)
        }
        #expect(nav.viewControllers.map(\.name) == ["a", "b"])
        try nav.setViewControllers([], animated: false)
        expectTrace(sim, """
            b.viewWillDisappear(animated: false)
            b.viewDidDisappear(animated: false)
            a.didMove(toParent: nil)
            """)
        sim.settle()
        #expect(nav.viewControllers.isEmpty && nav.children.isEmpty)
        #expect(vcs[1].appearanceState == .disappeared && vcs[1].viewIfLoaded?.window == nil)
        // Given a controller again, it appears on its own: nothing to slide from.
        let c = Probe(sim, "c")
        sim.trace.mark(nil)
        try nav.pushViewController(c, animated: true)
        sim.settle()
        expectTrace(sim, """
            c.willMove(toParent: n)
            c.loadView()
            c.viewDidLoad()
            c.viewWillAppear(animated: false)
            n.delegate.willShow(viewController: c, animated: false)
            c.viewIsAppearing(animated: false)
            c.viewDidAppear(animated: false)
            c.didMove(toParent: n)
            n.delegate.didShow(viewController: c, animated: false)
            """)
        #expect(c.appearanceState == .appeared && c.view.window != nil)
    }

    @Test("S18 first shown, with a delegate (didMove before didShow, Q9)")
    func s18() throws {
        let sim = Simulation()
        let a = Probe(sim, "a")
        let nav = try NavigationController(simulation: sim, name: "n", root: a)
        nav.delegate = NavRecorder()
        try sim.window.setRootViewController(nav)
        sim.window.makeKeyAndVisible()
        try expectTrace(sim, scenario: "S18")
        #expect(nav.navigationBar.titleLabel?.text == nil)
    }

    @Test("S19 push, animated")
    func s19() throws {
        let (sim, nav, _) = try onScreenNav()
        let b = Probe(sim, "b")
        var moving = false
        b.onHook = { vc, hook in if case .viewWillAppear = hook { moving = vc.isMovingToParent } }
        try nav.pushViewController(b, animated: true)
        #expect(nav.topViewController === b)
        sim.advance(by: 0.35)
        try expectTrace(sim, scenario: "S19")
        #expect(moving)
    }

    @Test("S20 push, not animated: the model at once, the views on the next turn (Q9)")
    func s20() throws {
        let (sim, nav, _) = try onScreenNav()
        let b = Probe(sim, "b")
        try nav.pushViewController(b, animated: false)
        #expect(nav.topViewController === b && !b.isViewLoaded)
        sim.turn()
        try expectTrace(sim, scenario: "S20")
    }

    @Test("S20 twice before the turn: one change, from the controller in place to the last pushed; no W10, no W1 (Q9)")
    func s20Twice() throws {
        let (sim, nav, _) = try onScreenNav()
        let b = Probe(sim, "b"), c = Probe(sim, "c")
        try nav.pushViewController(b, animated: false)
        try nav.pushViewController(c, animated: false)
        #expect(nav.topViewController === c)
        sim.turn()
        #expect(lines(sim, .warning).isEmpty)
        #expect(!b.isViewLoaded && nav.visibleTop === c && c.appearanceState == .appeared)
        #expect(sim.trace.sinceMark.filter { $0.kind == .lifecycle || $0.kind == .containment }.map(\.body) == [
            "b.willMove(toParent: n)", "c.willMove(toParent: n)", "c.loadView()", "c.viewDidLoad()",
            "a.viewWillDisappear(animated: false)", "c.viewWillAppear(animated: false)", "c.viewSafeAreaInsetsDidChange()",
            "c.viewWillLayoutSubviews()", "c.viewDidLayoutSubviews()", "c.viewIsAppearing(animated: false)",
            "a.viewDidDisappear(animated: false)", "c.viewDidAppear(animated: false)",
            "b.didMove(toParent: n)", "c.didMove(toParent: n)", "n.viewWillLayoutSubviews()", "n.viewDidLayoutSubviews()",
        ])
        // A pop before the turn joins the push: nothing moves, and the pushed leaves.
        sim.trace.mark(nil)
        let d = Probe(sim, "d")
        try nav.pushViewController(d, animated: false)
        nav.popViewController(animated: false)
        sim.turn()
        #expect(lines(sim, .warning).isEmpty && !d.isViewLoaded && d.parent == nil && nav.visibleTop === c)
    }

    @Test("S21 push while off screen: only willMove; the top shows when the navigation controller appears")
    func s21() throws {
        let sim = Simulation()
        let a = Probe(sim, "a"), b = Probe(sim, "b")
        let nav = try NavigationController(simulation: sim, name: "n", root: a)
        sim.trace.mark(nil)
        try nav.pushViewController(b, animated: false)
        sim.settle()
        try expectTrace(sim, scenario: "S21")
        sim.trace.mark(nil)
        try sim.window.setRootViewController(nav)
        sim.window.makeKeyAndVisible()
        #expect(!a.isViewLoaded)
        #expect(b.appearanceState == .appeared && nav.viewControllers.map(\.name) == ["a", "b"])
        #expect(lines(sim, .containment).contains("b.didMove(toParent: n)"))
    }

    @Test("S22 pop, animated")
    func s22() throws {
        let (sim, nav, vcs) = try onScreenNav(["a", "b"])
        var fromParent = false
        vcs[1].onHook = { vc, hook in if case .viewWillDisappear = hook { fromParent = vc.isMovingFromParent } }
        #expect(nav.popViewController(animated: true) === vcs[1])
        sim.advance(by: 0.35)
        try expectTrace(sim, scenario: "S22")
        #expect(fromParent && nav.children.map(\.name) == ["a"])
        #expect(nav.popViewController(animated: true) == nil, "the root stays")
    }

    @Test("S23 popToRoot of three: only the visible one gets willMove(nil)")
    func s23() throws {
        let (sim, nav, _) = try onScreenNav(["a", "b", "c"])
        #expect(nav.popToRootViewController(animated: true).map(\.name) == ["b", "c"])
        sim.advance(by: 0.35)
        try expectTrace(sim, scenario: "S23")
    }

    /// The interactive pop's edge swipe, released at `x` and settled: before half the
    /// width it cancels, past it it completes (Q11).
    func edgeSwipe(_ sim: Simulation, releasedAt x: Double) {
        sim.pan(from: Point(x: 5, y: 400), to: Point(x: x, y: 400), steps: 3, duration: 0.3, release: true)
        sim.settle()
    }

    @Test("S24 an interactive pop, cancelled (Q11)")
    func s24() throws {
        let (sim, nav, vcs) = try onScreenNav(["a", "b"])
        edgeSwipe(sim, releasedAt: 120)
        try expectTrace(sim, scenario: "S24")
        #expect(nav.viewControllers.map(\.name) == ["a", "b"] && vcs[1].parent === nav)
        #expect(vcs[1].viewIfLoaded?.frame == nav.contentFrame)
    }

    @Test("S25 an interactive pop, completed")
    func s25() throws {
        let (sim, nav, _) = try onScreenNav(["a", "b"])
        edgeSwipe(sim, releasedAt: 300)
        try expectTrace(sim, scenario: "S25")
        #expect(nav.viewControllers.map(\.name) == ["a"])
    }

    @Test("S26 setViewControllers, new top not in the stack: push-style; the old top gets no willMove/didMove")
    func s26() throws {
        let (sim, nav, _) = try onScreenNav(["a", "b", "c"])
        let x = Probe(sim, "x")
        try nav.setViewControllers([x], animated: true)
        sim.advance(by: 0.35)
        try expectTrace(sim, scenario: "S26")
    }

    @Test("S27/S28 W7 (newer wording), W8, W9; W10 for a push during a push")
    func errors() throws {
        let (sim, nav, vcs) = try onScreenNav(["a", "b"])
        #expect(throws: ContainmentError("NSInvalidArgumentException",
            "<NavigationController: n> is pushing the same view controller instance (<ViewController: b>) more than once which is not supported and is most likely an error in the application : nestbox")) {
            try nav.pushViewController(vcs[1], animated: true)
        }
        #expect(throws: ContainmentError("NSInvalidArgumentException", "Pushing a navigation controller is not supported")) {
            try nav.pushViewController(NavigationController(simulation: sim), animated: true)
        }
        #expect(throws: ContainmentError("NSInternalInconsistencyException", "Tried to pop to a view controller that doesn't exist.")) {
            try nav.popToViewController(Probe(sim, "z"), animated: true)
        }
        try nav.pushViewController(Probe(sim, "c"), animated: true)
        try nav.pushViewController(Probe(sim, "d"), animated: true)
        sim.settle()
        #expect(lines(sim, .warning).contains("warning: nested push animation can result in corrupted navigation bar"))
        #expect(nav.viewControllers.map(\.name) == ["a", "b", "c", "d"] && nav.visibleTop?.name == "d")
    }

    @Test("Q7: a push during an interactive pop waits for it whole; cancelled, the push is made on the stack it gives back")
    func pushDuringInteractivePop() throws {
        let (sim, nav, vcs) = try onScreenNav(["a", "b"])
        let touch = sim.pan(from: Point(x: 5, y: 400), to: Point(x: 60, y: 400), steps: 3, duration: 0.3, release: false)
        let c = Probe(sim, "c")
        try nav.pushViewController(c, animated: true)
        #expect(nav.viewControllers.map(\.name) == ["a"] && c.parent === nil)
        touch?.release()
        sim.settle()
        #expect(nav.viewControllers.map(\.name) == ["a", "b", "c"] && nav.children.map(\.name) == ["a", "b", "c"])
        #expect(nav.visibleTop === c && c.appearanceState == .appeared && vcs[1].appearanceState == .disappeared)
        #expect(lines(sim, .warning) == ["warning: nested push animation can result in corrupted navigation bar",
                                         "warning: Unbalanced calls to begin/end appearance transitions for <ViewController: c>."])
    }

    @Test("Q7: setViewControllers during an interactive pop waits for it whole too; the cancel's stack is then replaced")
    func replaceDuringInteractivePop() throws {
        let (sim, nav, vcs) = try onScreenNav(["a", "b"])
        let touch = sim.pan(from: Point(x: 5, y: 400), to: Point(x: 60, y: 400), steps: 3, duration: 0.3, release: false)
        let c = Probe(sim, "c")
        try nav.setViewControllers([vcs[0], c], animated: true)
        #expect(nav.viewControllers.map(\.name) == ["a"] && c.parent === nil)
        touch?.release()
        sim.settle()
        #expect(nav.viewControllers.map(\.name) == ["a", "c"] && nav.children.map(\.name) == ["a", "c"])
        #expect(nav.visibleTop === c && c.appearanceState == .appeared && vcs[1].appearanceState == .disappeared)
    }

    @Test("the bar: title, back button titled from the item below, bar button items; the back button pops")
    func bar() throws {
        let (sim, nav, vcs) = try onScreenNav(["a", "b"])
        vcs[0].title = "Inbox"
        vcs[1].title = "Message"
        let host = RecordingHost()
        let edit = BarButtonItem(simulation: sim, title: "Edit", name: "edit")
        edit.host = host
        vcs[1].navigationItem.rightBarButtonItems = [edit]
        #expect(nav.navigationBar.titleLabel?.text == "Message")
        #expect(nav.navigationBar.backButton?.title == "Inbox")
        vcs[0].navigationItem.backButtonTitle = "Back"
        #expect(nav.navigationBar.backButton?.title == "Back")
        let editButton = try #require(nav.navigationBar.subviews.compactMap { $0 as? Button }.first { $0.title == "Edit" })
        #expect(sim.tap(.view(editButton)) === editButton)
        let back = try #require(nav.navigationBar.backButton)
        sim.tap(.view(back))
        sim.settle()
        #expect(nav.viewControllers.map(\.name) == ["a"])
        #expect(nav.navigationBar.backButton == nil && nav.navigationBar.titleLabel?.text == "Inbox")
    }
}

