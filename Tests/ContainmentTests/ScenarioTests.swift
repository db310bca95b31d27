import Testing
import Containment
import InvariantChecking

/// The scenarios of docs/scenarios.md for this layer, as exact event sequences.
@Suite(.checksInvariants) struct ScenarioTests {}

extension ScenarioTests {
    @Test("S01 root view controller installed in a window")
    func s01() throws {
        let sim = Simulation()
        let a = Probe(sim, "a")
        try sim.window.setRootViewController(a)
        sim.window.makeKeyAndVisible()
        expectTrace(sim, """
            a.loadView()
            a.viewDidLoad()
            a.viewWillAppear(animated: false)
            a.viewIsAppearing(animated: false)
            a.viewDidAppear(animated: false)
            """)
        #expect(a.appearanceState == .appeared)
        #expect(a.view.window === sim.window)
        #expect(lines(sim, .containment).isEmpty)
    }

    @Test("S02 addChild + addSubview + didMove on screen")
    func s02() throws {
        let sim = Simulation()
        let p = Probe(sim, "p")
        _ = try onScreen(p)
        var moving: [String] = []
        let c = Probe(sim, "c") { vc, hook in
            if case .viewWillAppear = hook { moving.append("will \(vc.isMovingToParent)") }
            if case .viewDidAppear = hook { moving.append("did \(vc.isMovingToParent)") }
        }
        try p.addChild(c)
        try p.view.addSubview(c.view)
        c.didMove(toParent: p)
        expectTrace(sim, """
            c.willMove(toParent: p)
            c.loadView()
            c.viewDidLoad()
            c.viewWillAppear(animated: false)
            c.viewIsAppearing(animated: false)
            c.viewDidAppear(animated: false)
            c.didMove(toParent: p)
            """)
        #expect(moving == ["will true", "did true"])
        #expect(c.isMovingToParent == false)
        #expect(p.children.map(\.name) == ["c"])
    }

    @Test("S03 child added while off screen catches up, parent first")
    func s03() throws {
        let sim = Simulation()
        let c = Probe(sim, "c")
        let p = Probe(sim, "p") { p, hook in
            guard case .viewDidLoad = hook else { return }
            try? p.addChild(c)
            try? p.view.addSubview(c.view)
            c.didMove(toParent: p)
        }
        try sim.window.setRootViewController(p)
        sim.window.makeKeyAndVisible()
        expectTrace(sim, """
            p.loadView()
            p.viewDidLoad()
            c.willMove(toParent: p)
            c.loadView()
            c.viewDidLoad()
            c.didMove(toParent: p)
            p.viewWillAppear(animated: false)
            c.viewWillAppear(animated: false)
            p.viewIsAppearing(animated: false)
            c.viewIsAppearing(animated: false)
            p.viewDidAppear(animated: false)
            c.viewDidAppear(animated: false)
            """)
    }

    @Test("S04 a parent that never reaches a window sends no appearance")
    func s04() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        try p.addChild(c)
        try p.view.addSubview(c.view)
        c.didMove(toParent: p)
        sim.settle()
        expectTrace(sim, """
            c.willMove(toParent: p)
            p.loadView()
            p.viewDidLoad()
            c.loadView()
            c.viewDidLoad()
            c.didMove(toParent: p)
            """)
        #expect(c.appearanceState == .disappeared)
    }

    @Test("S05 a non-child's view gets no appearance callbacks, and a lint says so (Q10)")
    func s05() throws {
        let sim = Simulation()
        let x = Probe(sim, "x")
        let p = Probe(sim, "p") { p, hook in
            if case .viewDidLoad = hook { try? p.view.addSubview(x.view) }
        }
        try sim.window.setRootViewController(p)
        sim.window.makeKeyAndVisible()
        expectTrace(sim, """
            p.loadView()
            p.viewDidLoad()
            x.loadView()
            x.viewDidLoad()
            p.viewWillAppear(animated: false)
            p.viewIsAppearing(animated: false)
            p.viewDidAppear(animated: false)
            """)
        #expect(lines(sim, .lint) == ["lint: <View: x.view> of <ViewController: x> was added to the view of <ViewController: p> without addChild: UIKit sends it no appearance callbacks"])
        #expect(x.appearanceState == .disappeared)
    }

    @Test("S06 removing a child on screen")
    func s06() throws {
        let sim = Simulation()
        let p = Probe(sim, "p")
        var moving: [Bool] = []
        let c = Probe(sim, "c") { vc, hook in
            if case .viewWillDisappear = hook { moving.append(vc.isMovingFromParent) }
            if case .viewDidDisappear = hook { moving.append(vc.isMovingFromParent) }
        }
        _ = try onScreen(p)
        try p.addChild(c); try p.view.addSubview(c.view); c.didMove(toParent: p)
        sim.trace.mark(nil)
        c.willMove(toParent: nil)
        c.view.removeFromSuperview()
        c.removeFromParent()
        expectTrace(sim, """
            c.willMove(toParent: nil)
            c.viewWillDisappear(animated: false)
            c.viewDidDisappear(animated: false)
            c.didMove(toParent: nil)
            """)
        #expect(moving == [true, true])
        #expect(p.children.isEmpty && c.parent == nil)
    }

    @Test("S07 removing a child off screen")
    func s07() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        try p.addChild(c); try p.view.addSubview(c.view); c.didMove(toParent: p)
        sim.trace.mark(nil)
        c.willMove(toParent: nil)
        c.view.removeFromSuperview()
        c.removeFromParent()
        expectTrace(sim, """
            c.willMove(toParent: nil)
            c.didMove(toParent: nil)
            """)
    }

    @Test("S08 removeFromParent without a parent is a no-op (Q6)")
    func s08() {
        let sim = Simulation()
        let x = Probe(sim, "x")
        x.removeFromParent()
        #expect(sim.trace.events.isEmpty)
    }

    @Test("S09 addChild of a child of another parent: didMove(nil) first (Q4)")
    func s09() throws {
        let sim = Simulation()
        let p1 = Probe(sim, "p1"), p2 = Probe(sim, "p2"), c = Probe(sim, "c")
        try p1.addChild(c); c.didMove(toParent: p1)
        sim.trace.mark(nil)
        try p2.addChild(c)
        expectTrace(sim, """
            c.didMove(toParent: nil)
            c.willMove(toParent: p2)
            """)
        #expect(c.parent === p2)
        #expect(p1.children.isEmpty)
        #expect(p2.children.map(\.name) == ["c"])
    }

    @Test("S10 addChild while the view is in the old parent's tree raises W4")
    func s10() throws {
        let sim = Simulation()
        let p1 = Probe(sim, "p1"), p2 = Probe(sim, "p2"), c = Probe(sim, "c")
        try p1.addChild(c); try p1.view.addSubview(c.view); c.didMove(toParent: p1)
        sim.trace.mark(nil)
        #expect(throws: ContainmentError("UIViewControllerHierarchyInconsistency",
            "child view controller:<ViewController: c> should have parent view controller:<ViewController: p1> but requested parent is:<ViewController: p2>")) {
            try p2.addChild(c)
        }
        #expect(c.parent === p1)
        #expect(sim.trace.sinceMark.isEmpty)
    }

    @Test("S15 forwarding disabled: the container forwards by hand")
    func s15() throws {
        let sim = Simulation()
        let c = Probe(sim, "c")
        let p = Probe(sim, "p") { _, hook in
            switch hook {
            case .viewWillAppear(let a): c.beginAppearanceTransition(true, animated: a)
            case .viewDidAppear: c.endAppearanceTransition()
            case .viewWillDisappear(let a): c.beginAppearanceTransition(false, animated: a)
            case .viewDidDisappear: c.endAppearanceTransition()
            default: break
            }
        }
        p.shouldAutomaticallyForwardAppearanceMethods = false
        try p.addChild(c); try p.view.addSubview(c.view); c.didMove(toParent: p)
        sim.trace.mark(nil)
        try sim.window.setRootViewController(p)
        sim.window.makeKeyAndVisible()
        try sim.window.setRootViewController(Probe(sim, "other"))
        let appearance = sim.trace.sinceMark.filter { $0.kind == .lifecycle && ["p", "c"].contains($0.object) && !$0.isLayout && !$0.isSafeAreaChange }.map(\.body)
        #expect(appearance == [
            "p.viewWillAppear(animated: false)",
            "c.viewWillAppear(animated: false)",
            "p.viewIsAppearing(animated: false)",
            "p.viewDidAppear(animated: false)",
            "c.viewIsAppearing(animated: false)",
            "c.viewDidAppear(animated: false)",
            "p.viewWillDisappear(animated: false)",
            "c.viewWillDisappear(animated: false)",
            "p.viewDidDisappear(animated: false)",
            "c.viewDidDisappear(animated: false)",
        ])
    }

    @Test("S15 without the overrides the child gets nothing")
    func s15NoForwarding() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        p.shouldAutomaticallyForwardAppearanceMethods = false
        try p.addChild(c); try p.view.addSubview(c.view); c.didMove(toParent: p)
        try sim.window.setRootViewController(p)
        sim.window.makeKeyAndVisible()
        #expect(!sim.trace.events.contains { $0.object == "c" && $0.event.hasPrefix("viewWill") && !$0.isLayout })
        #expect(c.appearanceState == .disappeared)
    }

    @Test("S16 a cancelled manual transition reverses")
    func s16() throws {
        let sim = Simulation()
        let a = Probe(sim, "a"), b = Probe(sim, "b")
        a.beginAppearanceTransition(true, animated: false); a.endAppearanceTransition()
        sim.trace.mark(nil)
        a.beginAppearanceTransition(false, animated: true)
        b.beginAppearanceTransition(true, animated: true)
        a.beginAppearanceTransition(true, animated: false)
        b.beginAppearanceTransition(false, animated: false)
        a.endAppearanceTransition()
        b.endAppearanceTransition()
        expectTrace(sim, """
            a.viewWillDisappear(animated: true)
            b.loadView()
            b.viewDidLoad()
            b.viewWillAppear(animated: true)
            a.viewWillAppear(animated: false)
            b.viewWillDisappear(animated: false)
            a.viewIsAppearing(animated: false)
            a.viewDidAppear(animated: false)
            b.viewDidDisappear(animated: false)
            """)
        #expect(lines(sim, .warning).isEmpty)
    }

    @Test("S17 nested begin/end calls are counted")
    func s17() throws {
        let sim = Simulation()
        let c = Probe(sim, "c")
        c.loadViewIfNeeded()
        sim.trace.mark(nil)
        c.beginAppearanceTransition(true, animated: false)
        c.beginAppearanceTransition(true, animated: false)
        #expect(c.appearanceState == .appearing)
        c.endAppearanceTransition()
        #expect(c.appearanceState == .appearing)
        c.endAppearanceTransition()
        expectTrace(sim, """
            c.viewWillAppear(animated: false)
            c.viewIsAppearing(animated: false)
            c.viewDidAppear(animated: false)
            """)
        c.endAppearanceTransition()   // nothing open: W1 (Q7)
        #expect(lines(sim, .warning) == ["warning: Unbalanced calls to begin/end appearance transitions for <ViewController: c>."])
    }

    @Test("S43 lazy loading")
    func s43() throws {
        let sim = Simulation()
        let x = Probe(sim, "x"), p = Probe(sim, "p")
        #expect(!x.isViewLoaded)
        #expect(x.viewIfLoaded == nil)
        #expect(sim.trace.events.isEmpty)
        x.loadViewIfNeeded()
        x.loadViewIfNeeded()
        _ = x.view
        expectTrace(sim, """
            x.loadView()
            x.viewDidLoad()
            """)
        sim.trace.mark(nil)
        let y = Probe(sim, "y")
        try p.addChild(y)
        expectTrace(sim, "y.willMove(toParent: p)")
        #expect(!y.isViewLoaded)
    }

    @Test("S44 a direct call of an appearance method is W19 and changes nothing")
    func s44() throws {
        let sim = Simulation()
        var ran = 0
        let x = Probe(sim, "x") { _, hook in if case .viewWillAppear = hook { ran += 1 } }
        x.callAppearanceMethodDirectly(.viewWillAppear(animated: true))
        #expect(ran == 1)
        #expect(x.appearanceState == .disappeared)
        #expect(lines(sim, .warning) == ["warning: [ViewController] Calling -viewWillAppear: directly on a view controller is not supported, and may result in out-of-order callbacks and other inconsistent behavior. Use the -beginAppearanceTransition:animated: and -endAppearanceTransition APIs on UIViewController to manually drive appearance callbacks instead. Make a symbolic breakpoint at UIViewControllerAlertForAppearanceCallbackMisuse to catch this in the debugger. View controller: <ViewController: x>"])
    }
}
