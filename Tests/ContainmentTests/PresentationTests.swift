import Testing
import Containment

@Suite struct PresentationTests {}

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
        expectTrace(sim, """
            m.loadView()
            m.viewDidLoad()
            t.viewWillDisappear(animated: true)
            n.viewWillDisappear(animated: true)
            a.viewWillDisappear(animated: true)
            m.viewWillAppear(animated: true)
            m.viewIsAppearing(animated: true)
            m.viewDidAppear(animated: true)
            t.viewDidDisappear(animated: true)
            n.viewDidDisappear(animated: true)
            a.viewDidDisappear(animated: true)
            """)
        #expect(log == ["K 0.35"])
        #expect(m.presentingViewController === t && t.presentedViewController === m)
        #expect(t.view.window == nil, "the presenting views leave after a full-screen presentation")
        #expect(sim.hierarchyDescription().hasSuffix("   + <ViewController: m>, state: appeared, view: <View: m.view>, presented with: fullScreen"))
        sim.trace.mark(nil)
        m.dismiss(animated: true) { log.append("K2") }
        sim.advance(by: 0.35)
        expectTrace(sim, """
            m.viewWillDisappear(animated: true)
            t.viewWillAppear(animated: true)
            n.viewWillAppear(animated: true)
            a.viewWillAppear(animated: true)
            t.viewIsAppearing(animated: true)
            n.viewIsAppearing(animated: true)
            a.viewIsAppearing(animated: true)
            t.viewDidAppear(animated: true)
            n.viewDidAppear(animated: true)
            a.viewDidAppear(animated: true)
            m.viewDidDisappear(animated: true)
            """)
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
        expectTrace(sim, """
            m.loadView()
            m.viewDidLoad()
            m.viewWillAppear(animated: true)
            m.viewIsAppearing(animated: true)
            m.viewDidAppear(animated: true)
            m.viewWillDisappear(animated: true)
            m.viewDidDisappear(animated: true)
            """)
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

@Suite struct NestedContainerTests {}

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
        let appearance = sim.trace.sinceMark.filter { $0.kind == .lifecycle && $0.event.contains("Appear") && !$0.event.contains("IsAppearing") }.map(\.body)
        #expect(appearance == [
            "p.viewWillAppear(animated: false)", "n.viewWillAppear(animated: false)", "t.viewWillAppear(animated: false)",
            "x.viewWillAppear(animated: false)", "p.viewDidAppear(animated: false)", "n.viewDidAppear(animated: false)",
            "t.viewDidAppear(animated: false)", "x.viewDidAppear(animated: false)",
        ])
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
        expectTrace(sim, """
            t.willMove(toParent: nil)
            t.viewWillDisappear(animated: true)
            x.viewWillDisappear(animated: true)
            a.viewWillAppear(animated: true)
            a.viewIsAppearing(animated: true)
            t.viewDidDisappear(animated: true)
            x.viewDidDisappear(animated: true)
            a.viewDidAppear(animated: true)
            t.didMove(toParent: nil)
            """)
    }
}
