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
        try expectTrace(sim, scenario: "S01")
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
        try expectTrace(sim, scenario: "S02")
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
        try expectTrace(sim, scenario: "S03")
    }

    @Test("S04 a parent that never reaches a window sends no appearance")
    func s04() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        try p.addChild(c)
        try p.view.addSubview(c.view)
        c.didMove(toParent: p)
        sim.settle()
        try expectTrace(sim, scenario: "S04")
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
        try expectTrace(sim, scenario: "S05")
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
        try embed(c, in: p)
        sim.trace.mark(nil)
        c.willMove(toParent: nil)
        c.view.removeFromSuperview()
        c.removeFromParent()
        try expectTrace(sim, scenario: "S06")
        #expect(moving == [true, true])
        #expect(p.children.isEmpty && c.parent == nil)
    }

    @Test("S07 removing a child off screen")
    func s07() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        try embed(c, in: p)
        sim.trace.mark(nil)
        c.willMove(toParent: nil)
        c.view.removeFromSuperview()
        c.removeFromParent()
        try expectTrace(sim, scenario: "S07")
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
        try expectTrace(sim, scenario: "S09")
        #expect(c.parent === p2)
        #expect(p1.children.isEmpty)
        #expect(p2.children.map(\.name) == ["c"])
    }

    @Test("S10 addChild while the view is in the old parent's tree raises W4")
    func s10() throws {
        let sim = Simulation()
        let p1 = Probe(sim, "p1"), p2 = Probe(sim, "p2"), c = Probe(sim, "c")
        try embed(c, in: p1)
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
        try embed(c, in: p)
        sim.trace.mark(nil)
        try sim.window.setRootViewController(p)
        sim.window.makeKeyAndVisible()
        try sim.window.setRootViewController(Probe(sim, "other"))
        try expectTrace(sim, scenario: "S15")
    }

    @Test("S15 without the overrides the child gets nothing")
    func s15NoForwarding() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        p.shouldAutomaticallyForwardAppearanceMethods = false
        try embed(c, in: p)
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
        try expectTrace(sim, scenario: "S16")
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
        try expectTrace(sim, scenario: "S17")
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
        try expectTrace(sim, scenario: "S43")
        sim.trace.mark(nil)
        let y = Probe(sim, "y")
        try p.addChild(y)
        try expectTrace(sim, scenario: "S43", block: 2)
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
