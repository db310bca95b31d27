import Testing
import Containment
import InvariantChecking

@Suite(.checksInvariants) struct PresentationTests {}

extension PresentationTests {
    /// T (tab bar) on screen; its selected tab is N with stack [A].
    func setUp() throws -> (Simulation, TabBarController, NavigationController, Probe) {
        let sim = Simulation()
        let a = Probe(sim, "a")
        let n = try NavigationController(simulation: sim, name: "n", root: a)
        let t = TabBarController(simulation: sim, name: "t")
        try t.setViewControllers([n])
        try sim.window.setRootViewController(t)
        sim.window.makeKeyAndVisible()
        sim.trace.mark(nil)
        return (sim, t, n, a)
    }

    @Test("S37 full screen over a tab bar controller, and S38 its dismissal (Q15)")
    func s37s38() throws {
        let (sim, t, _, a) = try setUp()
        let m = Probe(sim, "m")
        m.modalPresentationStyle = .fullScreen
        var being: [Bool] = []
        m.onHook = { vc, hook in
            if case .viewWillAppear = hook { being.append(vc.isBeingPresented) }
            if case .viewWillDisappear = hook { being.append(vc.isBeingDismissed) }
        }
        var log: [String] = []
        try a.present(m, animated: true) { log.append("K \(sim.clock.now)") }
        sim.advance(by: 0.35)
        try expectTrace(sim, scenario: "S37")
        #expect(log == ["K 0.35"])
        #expect(m.presentingViewController === t && t.presentedViewController === m)
        #expect(t.view.window == nil, "the presenting views leave after a full-screen presentation")
        #expect(sim.hierarchyDescription().hasSuffix("   + <ViewController: m>, state: appeared, view: <View: m.view>, presented with: fullScreen"))
        sim.trace.mark(nil)
        m.dismiss(animated: true) { log.append("K2") }
        sim.advance(by: 0.35)
        try expectTrace(sim, scenario: "S38")
        #expect(log == ["K 0.35", "K2"] && being == [true, true])
        #expect(t.presentedViewController == nil && m.viewIfLoaded?.window == nil)
    }

    @Test("S39 a sheet leaves the presenting side alone", arguments: [ModalPresentationStyle.pageSheet, .overFullScreen])
    func s39(_ style: ModalPresentationStyle) throws {
        let (sim, _, _, a) = try setUp()
        let m = Probe(sim, "m")
        m.modalPresentationStyle = style
        try a.present(m, animated: true, completion: nil)
        sim.settle()
        m.dismiss(animated: true, completion: nil)
        sim.settle()
        try expectTrace(sim, scenario: "S39")
    }

    @Test("W14–W17")
    func warnings() throws {
        let (sim, t, n, a) = try setUp()
        #expect(throws: ContainmentError("NSInvalidArgumentException", "Application tried to present modally an active controller <NavigationController: n>.")) {
            try a.present(n, animated: true, completion: nil)
        }
        let m = Probe(sim, "m"), m2 = Probe(sim, "m2")
        try a.present(m, animated: true, completion: nil)
        try a.present(m2, animated: true, completion: nil)
        t.dismiss(animated: true, completion: nil)
        sim.settle()
        try a.present(m2, animated: true, completion: nil)
        let offscreen = Probe(sim, "off")
        try offscreen.present(Probe(sim, "x"), animated: false, completion: nil)
        #expect(lines(sim, .warning) == [
            "warning: Attempt to present <ViewController: m2> on <TabBarController: t> (from <ViewController: a>) while a presentation is in progress.",
            "warning: Warning: Attempt to dismiss from view controller <TabBarController: t> while a presentation or dismiss is in progress!",
            "warning: Attempt to present <ViewController: m2> on <TabBarController: t> (from <ViewController: a>) which is already presenting <ViewController: m>.",
            "warning: Attempt to present <ViewController: x> on <ViewController: off> whose view is not in the window hierarchy!",
        ])
    }
}

@Suite(.checksInvariants) struct NestedContainerTests {}

extension NestedContainerTests {
    @Test("S40 tab bar inside navigation inside a custom container, first display")
    func s40() throws {
        let sim = Simulation()
        let x = Probe(sim, "x"), y = Probe(sim, "y")
        let t = TabBarController(simulation: sim, name: "t")
        try t.setViewControllers([x, y])
        let n = try NavigationController(simulation: sim, name: "n", root: t)
        let p = Probe(sim, "p") { p, hook in
            if case .viewDidLoad = hook { try? embed(n, in: p) }
        }
        sim.trace.mark(nil)
        try sim.window.setRootViewController(p)
        sim.window.makeKeyAndVisible()
        try expectTrace(sim, scenario: "S40")
        #expect(!y.isViewLoaded)
        #expect(sim.hierarchyDescription() == """
            <ViewController: p>, state: appeared, view: <View: p.view>
               | <NavigationController: n>, state: appeared, view: <LayoutContainerView: n.view>
               |    | <TabBarController: t>, state: appeared, view: <View: t.view>
               |    |    | <ViewController: x>, state: appeared, view: <View: x.view>
               |    |    | <ViewController: y>, state: disappeared, view: (view not loaded)
            """)
        #expect(lines(sim, .lint).count == 0, "the lint came when n was made, before the mark")
    }

    @Test("S41 popping a tab bar controller: the grandchild gets no willMove/didMove")
    func s41() throws {
        let sim = Simulation()
        let a = Probe(sim, "a"), x = Probe(sim, "x")
        let t = TabBarController(simulation: sim, name: "t")
        try t.setViewControllers([x])
        let n = try NavigationController(simulation: sim, name: "n", root: a)
        try sim.window.setRootViewController(n)
        sim.window.makeKeyAndVisible()
        try n.pushViewController(t, animated: false)
        sim.settle()
        sim.trace.mark(nil)
        n.popViewController(animated: true)
        sim.settle()
        try expectTrace(sim, scenario: "S41")
    }
}

extension PresentationTests {
    /// A stack of three full-screen presentations: each covers the one below.
    func stack() throws -> (Simulation, TabBarController, [Probe]) {
        let (sim, t, _, a) = try setUp()
        let p = [Probe(sim, "p1"), Probe(sim, "p2"), Probe(sim, "p3")]
        for vc in p { vc.modalPresentationStyle = .fullScreen }
        var presenter: ViewController = a
        for vc in p {
            try presenter.present(vc, animated: false, completion: nil)
            sim.settle()
            presenter = vc
        }
        sim.trace.mark(nil)
        return (sim, t, p)
    }

    @Test("Q15b: dismissing a stack animates the top-most only; intermediates leave with it")
    func stackDismissal() throws {
        let (sim, t, p) = try stack()
        #expect(p.map(\.appearanceState) == [.disappeared, .disappeared, .appeared])
        var log: [String] = []
        t.dismiss(animated: true) { log.append("done \(sim.clock.now)") }
        let allBeing = p.allSatisfy { $0.isBeingDismissed }
        #expect(allBeing)
        #expect(p[0].viewIfLoaded?.window == nil && p[1].viewIfLoaded?.window == nil, "intermediates leave at once")
        sim.advance(by: 0.35)
        // S38's dismissal with p3 for m: p1 and p2 were covered by p3 (already disappeared)
        // and get no callbacks.
        try expectTrace(sim, scenario: "S38", subjects: ["m": "p3"])
        #expect(log == ["done 0.35"])
        let unlinked = p.allSatisfy { $0.presentingViewController == nil && $0.presentedViewController == nil }
        let settled = !p.contains { $0.isBeingDismissed || $0.viewIfLoaded?.window != nil }
        #expect(t.presentedViewController == nil && unlinked && settled)
        #expect(lines(sim, .warning).isEmpty)
    }

    @Test("Q15b: an intermediate controller on screen under a sheet disappears with the top, not animated")
    func stackDismissalUnderSheet() throws {
        let (sim, t, _, a) = try setUp()
        let p1 = Probe(sim, "p1"), p2 = Probe(sim, "p2")
        p1.modalPresentationStyle = .fullScreen
        try a.present(p1, animated: false, completion: nil)
        sim.settle()
        try p1.present(p2, animated: false, completion: nil)
        sim.settle()
        sim.trace.mark(nil)
        p1.dismiss(animated: true, completion: nil)       // p1 dismisses what it presented: p2 only
        t.dismiss(animated: true, completion: nil)        // W17 while that runs
        sim.settle()
        #expect(t.presentedViewController === p1 && p1.presentedViewController == nil)
        sim.trace.mark(nil)
        try p1.present(p2, animated: false, completion: nil)
        sim.settle()
        sim.trace.mark(nil)
        t.dismiss(animated: false, completion: nil)
        sim.settle()
        expectTrace(sim, """
            p2.viewWillDisappear(animated: false)
            p1.viewWillDisappear(animated: false)
            t.viewWillAppear(animated: false)
            n.viewWillAppear(animated: false)
            a.viewWillAppear(animated: false)
            t.viewIsAppearing(animated: false)
            n.viewIsAppearing(animated: false)
            a.viewIsAppearing(animated: false)
            t.viewDidAppear(animated: false)
            n.viewDidAppear(animated: false)
            a.viewDidAppear(animated: false)
            p2.viewDidDisappear(animated: false)
            p1.viewDidDisappear(animated: false)
            """)
        #expect(lines(sim, .warning).isEmpty && t.presentedViewController == nil)
    }
}

extension PresentationTests {
    @Test("Q5d: a presented controller cannot become a child until it is dismissed")
    func presentedAsChild() throws {
        let (sim, t, _, _) = try setUp()
        let m = Probe(sim, "m")
        try t.present(m, animated: false, completion: nil)
        sim.settle()
        let other = Probe(sim, "other")
        #expect(throws: ContainmentError("NSInvalidArgumentException", "Nestbox: cannot add <ViewController: m> as a child of <ViewController: other>: it is presented by <TabBarController: t>; dismiss it first")) {
            try other.addChild(m)
        }
        #expect(m.parent == nil && other.children.isEmpty && m.view.superview === sim.window)
        m.dismiss(animated: false, completion: nil)
        sim.settle()
        try other.addChild(m)
        #expect(m.parent === other)
    }
}
