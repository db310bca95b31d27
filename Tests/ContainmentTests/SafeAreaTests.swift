import Testing
import Containment
import InvariantChecking

/// The layout model (docs/layout.md): autoresizing, safe areas, bars, extended layout,
/// rotation of every container and presentation (policies Q8, Q16, Q17, Q18).
@Suite(.checksInvariants) struct SafeAreaTests {}

private func insets(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> EdgeInsets {
    EdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

extension SafeAreaTests {
    /// T (tab bar) on screen, its first tab N with [A, B] (B pushed), its second X.
    func tabsWithStack() throws -> (Simulation, TabBarController, NavigationController, Probe) {
        let sim = Simulation()
        let a = Probe(sim, "a"), b = Probe(sim, "b"), x = Probe(sim, "x")
        let n = try NavigationController(simulation: sim, name: "n", root: a)
        let t = TabBarController(simulation: sim, name: "t")
        try t.setViewControllers([n, x])
        try sim.window.setRootViewController(t)
        sim.window.makeKeyAndVisible()
        try n.pushViewController(b, animated: false)
        sim.settle()
        return (sim, t, n, b)
    }

    @Test("a default view autoresizes: a custom container's child follows a rotation")
    func defaultViewAutoresizes() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        _ = try onScreen(p)
        try embed(c, in: p, frame: Rect(x: 0, y: 100, width: 393, height: 752))
        #expect(c.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        try sim.rotate(to: "landscapeLeft")
        sim.settle()
        #expect(c.view.frame == Rect(x: 0, y: 100, width: 852, height: 293), "the margins stay, the size takes the change")
    }

    @Test("portrait and landscape: bars at the safe-area top and bottom, content under them (Q16, Q18)")
    func barsFollowRotation() throws {
        let (sim, t, n, b) = try tabsWithStack()
        #expect(n.navigationBar.frame == Rect(x: 0, y: 59, width: 393, height: 44))
        #expect(t.tabBar.frame == Rect(x: 0, y: 769, width: 393, height: 83))
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(n.view.safeAreaInsets == insets(59, 0, 83, 0), "the tab bar covers the navigation controller's bottom")
        #expect(b.view.safeAreaInsets == insets(103, 0, 83, 0), "the navigation bar's bottom edge is the top")
        sim.trace.mark(nil)
        try sim.rotate(to: "landscapeLeft")
        sim.settle()
        #expect(n.navigationBar.frame == Rect(x: 0, y: 0, width: 852, height: 44), "the landscape safe-area top is 0")
        #expect(t.tabBar.frame == Rect(x: 0, y: 323, width: 852, height: 70), "49 plus the landscape bottom inset")
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 852, height: 393))
        #expect(b.view.safeAreaInsets == insets(44, 59, 70, 59))
        let buttons = t.tabBar.subviews.map(\.frame)
        #expect(buttons == [Rect(x: 0, y: 0, width: 426, height: 49), Rect(x: 426, y: 0, width: 426, height: 49)])
        // Each changed safe area is delivered once, during the layout, parent first (Q16).
        #expect(lines(sim, .lifecycle).filter { $0.contains("SafeArea") } == [
            "t.viewSafeAreaInsetsDidChange()",
            "n.viewSafeAreaInsetsDidChange()",
            "b.viewSafeAreaInsetsDidChange()",
        ])
    }

    @Test("opaque bars and excluded edges: the view starts below the bar, or ends above it (Q18)")
    func extendedLayout() throws {
        let (sim, t, n, b) = try tabsWithStack()
        n.navigationBar.isTranslucent = false
        sim.settle()
        #expect(b.view.frame == Rect(x: 0, y: 103, width: 393, height: 749))
        #expect(b.view.safeAreaInsets == insets(0, 0, 83, 0))
        b.extendedLayoutIncludesOpaqueBars = true
        sim.settle()
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 393, height: 852))
        b.extendedLayoutIncludesOpaqueBars = false
        n.navigationBar.isTranslucent = true
        b.edgesForExtendedLayout = [.bottom]
        sim.settle()
        #expect(b.view.frame == Rect(x: 0, y: 103, width: 393, height: 749))
        n.edgesForExtendedLayout = []
        sim.settle()
        #expect(n.view.frame == Rect(x: 0, y: 0, width: 393, height: 769), "the tab's view ends above the tab bar")
        #expect(n.view.safeAreaInsets == insets(59, 0, 0, 0))
        t.tabBar.isTranslucent = false
        n.edgesForExtendedLayout = .all
        sim.settle()
        #expect(n.view.frame == Rect(x: 0, y: 0, width: 393, height: 769), "an opaque tab bar too")
        n.isNavigationBarHidden = true
        sim.settle()
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 393, height: 769), "a hidden bar never shortens the child")
        #expect(b.view.safeAreaInsets == insets(59, 0, 0, 0), "and adds nothing")
    }

    @Test("additionalSafeAreaInsets: delivered before viewWillLayoutSubviews, once (Q16)")
    func additionalInsets() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        _ = try onScreen(p)
        try embed(c, in: p, frame: Rect(x: 0, y: 0, width: 393, height: 400))
        sim.settle()
        sim.trace.mark(nil)
        p.additionalSafeAreaInsets = insets(10, 0, 0, 0)
        sim.turn()
        expectTrace(sim, """
            p.viewSafeAreaInsetsDidChange()
            p.viewWillLayoutSubviews()
            p.viewDidLayoutSubviews()
            c.viewSafeAreaInsetsDidChange()
            c.viewWillLayoutSubviews()
            c.viewDidLayoutSubviews()
            """)
        sim.trace.mark(nil)
        sim.turn()
        #expect(sim.trace.sinceMark.isEmpty, "the same insets again: nothing")
        #expect(c.view.safeAreaInsets == insets(69, 0, 0, 0))
        c.view.removeFromSuperview()
        #expect(c.view.safeAreaInsets == .zero, "outside a window")
    }

    @Test("a navigation controller in a sheet puts its bar at the sheet's top")
    func navigationInSheet() throws {
        let sim = Simulation()
        let root = Probe(sim, "root"), a = Probe(sim, "a")
        _ = try onScreen(root)
        let n = try NavigationController(simulation: sim, name: "n", root: a)
        try root.present(n, animated: true, completion: nil)
        sim.settle()
        #expect(n.view.frame == Rect(x: 0, y: 69, width: 393, height: 783))
        #expect(n.navigationBar.frame == Rect(x: 0, y: 0, width: 393, height: 44))
        #expect(a.view.safeAreaInsets == insets(44, 0, 34, 0))
    }

    @Test("a rotation resizes and tells presented controllers, after the root's tree (Q8, Q17)")
    func presentedRotation() throws {
        let sim = Simulation()
        let root = Probe(sim, "root"), m = Probe(sim, "m"), f = Probe(sim, "f")
        _ = try onScreen(root)
        try root.present(m, animated: false, completion: nil)
        sim.settle()
        f.modalPresentationStyle = .overFullScreen
        try m.present(f, animated: false, completion: nil)
        sim.settle()
        #expect(m.view.frame == Rect(x: 0, y: 69, width: 393, height: 783))
        sim.trace.mark(nil)
        try sim.rotate(to: "landscapeRight")
        sim.settle()
        expectTrace(sim, """
            root.viewWillTransition(size: "852 x 393")
            m.viewWillTransition(size: "852 x 393")
            f.viewWillTransition(size: "852 x 393")
            root.willTransition(traits: "compact x compact")
            m.willTransition(traits: "compact x compact")
            f.willTransition(traits: "compact x compact")
            root.traitCollectionDidChange()
            m.traitCollectionDidChange()
            f.traitCollectionDidChange()
            """)
        #expect(m.view.frame == Rect(x: 0, y: 0, width: 852, height: 393), "a sheet fills a compact height")
        #expect(f.view.frame == Rect(x: 0, y: 0, width: 852, height: 393))
        try sim.rotate(to: "portrait")
        sim.settle()
        #expect(m.view.frame == Rect(x: 0, y: 69, width: 393, height: 783))
    }

    @Test("setDevice from the iPad to an iPhone is a trait transition too (Q8)")
    func deviceTraits() throws {
        let sim = Simulation(device: .iPad)
        let p = Probe(sim, "p")
        _ = try onScreen(p)
        #expect(p.traitCollection.horizontalSizeClass == "regular")
        try sim.setDevice(.iPhone15)
        sim.settle()
        #expect(lines(sim, .lifecycle).filter { !$0.contains("Layout") } == [
            #"p.viewWillTransition(size: "393 x 852")"#,
            #"p.willTransition(traits: "compact x regular")"#,
            "p.viewSafeAreaInsetsDidChange()",
            "p.traitCollectionDidChange()",
        ])
        let traits = p.view.traitCollection
        #expect([traits.horizontalSizeClass, traits.verticalSizeClass, traits.idiom] == ["compact", "regular", "phone"])
        #expect(traits.displayScale == 3)
    }
}
