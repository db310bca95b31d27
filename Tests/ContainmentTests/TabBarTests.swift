import Testing
import Containment
import InvariantChecking

final class TabRecorder: TabBarControllerDelegate {
    var allow = true
    func shouldSelect(_ tbc: TabBarController, _ vc: ViewController) -> Bool { allow }
    func didSelect(_ tbc: TabBarController, _ vc: ViewController) {}
    func animationController(_ tbc: TabBarController, from: ViewController, to: ViewController) -> TransitionAnimator? { nil }
}

@Suite(.checksInvariants) struct TabBarTests {}

extension TabBarTests {
    func tabs(_ names: [String], nav: Bool = false) throws -> (Simulation, TabBarController, [ViewController], TabRecorder) {
        let sim = Simulation()
        let vcs: [ViewController] = names.map { n in
            let vc = Probe(sim, n)
            vc.title = n.uppercased()
            return vc
        }
        let t = TabBarController(simulation: sim, name: "t")
        let d = TabRecorder()
        t.delegate = d
        try t.setViewControllers(vcs)
        try sim.window.setRootViewController(t)
        sim.window.makeKeyAndVisible()
        sim.trace.mark(nil)
        return (sim, t, vcs, d)
    }

    func button(_ t: TabBarController, _ i: Int) -> View { t.tabBar.subviews[i] }

    @Test("Q12: children get willMove and didMove when viewControllers is set; only the selected one loads")
    func setting() throws {
        let sim = Simulation()
        let x = Probe(sim, "x"), y = Probe(sim, "y")
        let t = TabBarController(simulation: sim, name: "t")
        try t.setViewControllers([x, y])
        expectTrace(sim, """
            x.willMove(toParent: t)
            x.didMove(toParent: t)
            y.willMove(toParent: t)
            y.didMove(toParent: t)
            """)
        try sim.window.setRootViewController(t)
        sim.window.makeKeyAndVisible()
        #expect(x.appearanceState == .appeared && !y.isViewLoaded)
        #expect(t.tabBar.subviews.map(\.className) == ["TabBarButton", "TabBarButton"])
        #expect(t.tabBar.subviews[0].subviews.map(\.className) == ["TabBarSwappableImageView", "TabBarButtonLabel"])
    }

    @Test("Q13c: a new list that drops the selected controller: it disappears while still a child in the window, then leaves; the new selection appears")
    func newListDropsTheSelected() throws {
        let (sim, t, vcs, _) = try tabs(["a", "b"])
        try t.setSelectedIndex(1)
        var seen: [String] = []
        (vcs[1] as! Probe).onHook = { p, hook in
            if case .viewWillDisappear = hook {
                seen.append("window \(p.view.window != nil), parent \(p.parent === t), moving \(p.isMovingFromParent)")
            }
        }
        let c = Probe(sim, "c")
        sim.trace.mark(nil)
        try t.setViewControllers([c, vcs[0]])
        expectTrace(sim, """
            b.willMove(toParent: nil)
            b.viewWillDisappear(animated: false)
            b.viewDidDisappear(animated: false)
            b.didMove(toParent: nil)
            c.willMove(toParent: t)
            c.didMove(toParent: t)
            a.viewWillAppear(animated: false)
            a.viewIsAppearing(animated: false)
            a.viewDidAppear(animated: false)
            """)
        #expect(seen == ["window true, parent true, moving true"])
        #expect(t.selectedViewController === vcs[0] && vcs[0].view.window != nil && vcs[1].viewIfLoaded?.window == nil)
    }

    @Test("Q13c: a new list that drops More with the controller it shows: both leave the screen first, and nothing in More appears")
    func newListDropsMoreAndItsController() throws {
        let (sim, t, vcs, _) = try tabs(["a", "b", "c", "d", "e", "f", "g"])
        try t.setSelectedIndex(5)
        sim.settle()
        let more = t.moreNavigationController
        #expect(t.selectedViewController === more && more.topViewController === vcs[5])
        sim.trace.mark(nil)
        try t.setViewControllers([vcs[0], vcs[1]])
        sim.settle()
        expectTrace(sim, """
            t.more.viewWillDisappear(animated: false)
            f.viewWillDisappear(animated: false)
            t.more.viewDidDisappear(animated: false)
            f.viewDidDisappear(animated: false)
            c.willMove(toParent: nil)
            c.didMove(toParent: nil)
            d.willMove(toParent: nil)
            d.didMove(toParent: nil)
            e.willMove(toParent: nil)
            e.didMove(toParent: nil)
            g.willMove(toParent: nil)
            g.didMove(toParent: nil)
            t.more.willMove(toParent: nil)
            t.more.didMove(toParent: nil)
            a.viewWillAppear(animated: false)
            a.viewIsAppearing(animated: false)
            a.viewDidAppear(animated: false)
            """)
        #expect(lines(sim, .warning).isEmpty, "\(lines(sim, .warning))")
        #expect(t.selectedViewController === vcs[0] && vcs[5].parent == nil && more.viewControllers.count == 1)
        #expect(more.viewIfLoaded?.window == nil && more.viewControllers[0].appearanceState == .disappeared)
        // More kept (six controllers), the one it showed dropped: More goes back to its list on screen.
        let (sim2, t2, vcs2, _) = try tabs(["a", "b", "c", "d", "e", "f", "g"])
        try t2.setSelectedIndex(5)
        sim2.settle()
        sim2.trace.mark(nil)
        try t2.setViewControllers(Array(vcs2.prefix(5)) + [vcs2[6]])
        sim2.settle()
        #expect(lines(sim2, .warning).isEmpty, "\(lines(sim2, .warning))")
        #expect(t2.selectedViewController === t2.moreNavigationController && t2.moreNavigationController.viewControllers[0].appearanceState == .appeared)
        #expect(vcs2[5].appearanceState == .disappeared && vcs2[5].viewIfLoaded?.window == nil)
    }

    @Test("Q13c: a new list that keeps the controller shown in More but needs no More: it leaves More, becomes a child again and is selected as a tab")
    func newListKeepsTheOneShownInMore() throws {
        let (sim, t, vcs, _) = try tabs(["a", "b", "c", "d", "e", "f", "g"])
        try t.setSelectedIndex(5)
        sim.settle()
        sim.trace.mark(nil)
        try t.setViewControllers([vcs[0], vcs[5]])
        sim.settle()
        expectTrace(sim, """
            t.more.viewWillDisappear(animated: false)
            f.viewWillDisappear(animated: false)
            t.more.viewDidDisappear(animated: false)
            f.viewDidDisappear(animated: false)
            f.willMove(toParent: t)
            f.didMove(toParent: t)
            b.willMove(toParent: nil)
            b.didMove(toParent: nil)
            c.willMove(toParent: nil)
            c.didMove(toParent: nil)
            d.willMove(toParent: nil)
            d.didMove(toParent: nil)
            e.willMove(toParent: nil)
            e.didMove(toParent: nil)
            g.willMove(toParent: nil)
            g.didMove(toParent: nil)
            t.more.willMove(toParent: nil)
            t.more.didMove(toParent: nil)
            f.viewWillAppear(animated: false)
            f.viewIsAppearing(animated: false)
            f.viewDidAppear(animated: false)
            """)
        #expect(lines(sim, .warning).isEmpty, "\(lines(sim, .warning))")
        #expect(t.selectedViewController === vcs[5] && t.selectedIndex == 1 && vcs[5].parent === t)
        #expect(t.children.map(\.name) == ["a", "f"] && vcs[5].view.superview === t.view)
        #expect(t.moreNavigationController.viewControllers.count == 1 && t.moreNavigationController.parent == nil)
    }

    @Test("Q13c: More selected with only its list, and a new list that needs no More: More leaves the screen, then its parent")
    func newListDropsMoreShowingItsList() throws {
        let (sim, t, vcs, _) = try tabs(["a", "b", "c", "d", "e", "f"])
        sim.tap(.view(button(t, 4)))
        sim.settle()
        let more = t.moreNavigationController
        #expect(t.selectedViewController === more && more.appearanceState == .appeared)
        sim.trace.mark(nil)
        try t.setViewControllers([vcs[0], vcs[1]])
        sim.settle()
        expectTrace(sim, """
            t.more.viewWillDisappear(animated: false)
            t.moreList.viewWillDisappear(animated: false)
            t.more.viewDidDisappear(animated: false)
            t.moreList.viewDidDisappear(animated: false)
            c.willMove(toParent: nil)
            c.didMove(toParent: nil)
            d.willMove(toParent: nil)
            d.didMove(toParent: nil)
            e.willMove(toParent: nil)
            e.didMove(toParent: nil)
            f.willMove(toParent: nil)
            f.didMove(toParent: nil)
            t.more.willMove(toParent: nil)
            t.more.didMove(toParent: nil)
            a.viewWillAppear(animated: false)
            a.viewIsAppearing(animated: false)
            a.viewDidAppear(animated: false)
            """)
        #expect(lines(sim, .warning).isEmpty && lines(sim, .lint).isEmpty, "\(lines(sim, .warning)) \(lines(sim, .lint))")
        #expect(t.selectedViewController === vcs[0] && more.parent == nil && more.viewIfLoaded?.window == nil)
    }

    @Test("Q13b: a controller popped off More is the tab bar controller's child again; a navigation controller in More is refused with a warning")
    func poppedOffMore() throws {
        let (sim, t, vcs, _) = try tabs(["a", "b", "c", "d", "e", "f"])
        try t.setSelectedIndex(5)
        sim.settle()
        let more = t.moreNavigationController
        #expect(vcs[5].parent === more)
        sim.trace.mark(nil)
        _ = try more.popViewController(animated: false)
        sim.settle()
        #expect(vcs[5].parent === t && t.children.contains { $0 === vcs[5] } && vcs[5].view.superview == nil)
        #expect(lines(sim, .containment).suffix(3) == ["f.didMove(toParent: nil)", "f.willMove(toParent: t)", "f.didMove(toParent: t)"], "\(lines(sim, .containment))")
        sim.trace.mark(nil)
        try t.setViewControllers([vcs[0], vcs[1]])
        #expect(lines(sim, .containment).contains("f.didMove(toParent: nil)") && vcs[5].parent == nil)
        let (sim2, t2, _, _) = try tabs(["a", "b", "c", "d", "e"])
        let nav = try NavigationController(simulation: sim2, name: "nav", root: Probe(sim2, "inner"))
        try t2.setViewControllers(t2.viewControllers + [nav])
        try t2.setSelectedIndex(5)
        sim2.settle()
        #expect(lines(sim2, .warning) == ["warning: Nestbox: <NavigationController: nav> in More is not modelled: UIKit shows a navigation controller's stack in More's navigation controller; nothing is shown"], "\(lines(sim2, .warning))")
    }

    @Test("Q13c: a list that names a controller twice is refused, and nothing changes")
    func duplicates() throws {
        let (_, t, vcs, _) = try tabs(["a", "b"])
        #expect(throws: ContainmentError("NSInvalidArgumentException", "Nestbox: <ViewController: a> is listed twice in the view controllers of <TabBarController: t>")) {
            try t.setViewControllers([vcs[0], vcs[1], vcs[0]])
        }
        #expect(t.viewControllers.map(\.name) == ["a", "b"] && t.children.map(\.name) == ["a", "b"])
    }

    @Test("replacing viewControllers keeps the selected controller if it stays, else selects the same index, else the first; children follow the list")
    func replacingReselects() throws {
        let (sim, t, vcs, _) = try tabs(["a", "b", "c"])
        let d = Probe(sim, "d"), e = Probe(sim, "e")
        try t.setSelectedIndex(1)
        try t.setViewControllers([d, e, vcs[2]])            // b gone: index 1 again, e
        #expect(t.selectedViewController === e && t.selectedIndex == 1)
        #expect(t.children.map(\.name) == ["d", "e", "c"])
        try t.setViewControllers([vcs[2], e])                // e stays, at another index
        #expect(t.selectedViewController === e && t.children.map(\.name) == ["c", "e"])
        try t.setSelectedIndex(1)
        try t.setViewControllers([d])                        // index 1 past the end: the first
        #expect(t.selectedViewController === d && d.appearanceState == .appeared)
    }

    @Test("a controller shown in More that leaves the list leaves More's stack and the screen; More stays selected")
    func replacingWhileShownInMore() throws {
        let (sim, t, vcs, _) = try tabs(["a", "b", "c", "d", "e", "f", "g"])
        try t.setSelectedIndex(6)                                  // g, shown in More
        let more = t.moreNavigationController
        #expect(more.topViewController === vcs[6] && vcs[6].appearanceState == .appeared)
        let h = Probe(sim, "h")
        try t.setViewControllers(Array(vcs[0..<6]) + [h])
        sim.settle()
        #expect(more.viewControllers.count == 1 && more.visibleTop === more.viewControllers.first)
        #expect(vcs[6].appearanceState == .disappeared && vcs[6].parent == nil && vcs[6].viewIfLoaded?.window == nil)
        #expect(t.selectedViewController === more && h.parent === t)
    }

    @Test("S30 a tap on another tab")
    func s30() throws {
        let (sim, _, _, _) = try tabs(["x", "y"])
        #expect(sim.tap(.view(button(try #require(sim.window.rootViewController as? TabBarController), 1))) != nil)
        try expectTrace(sim, scenario: "S30")
    }

    @Test("S31 shouldSelect says no")
    func s31() throws {
        let (sim, t, _, d) = try tabs(["x", "y"])
        d.allow = false
        sim.tap(.view(button(t, 1)))
        try expectTrace(sim, scenario: "S31")
        #expect(t.selectedIndex == 0)
    }

    @Test("S32 selection by code: no delegate calls; the same index again does nothing")
    func s32() throws {
        let (sim, t, _, _) = try tabs(["x", "y"])
        try t.setSelectedIndex(1)
        try t.setSelectedIndex(1)
        try expectTrace(sim, scenario: "S32")
    }

    @Test("S33 a re-tap on a navigation tab: didSelect, then an animated pop to the root")
    func s33() throws {
        let sim = Simulation()
        let a = Probe(sim, "a"), b = Probe(sim, "b")
        let n = try NavigationController(simulation: sim, name: "n", root: a)
        let t = TabBarController(simulation: sim, name: "t")
        t.delegate = TabRecorder()
        try t.setViewControllers([n, Probe(sim, "other")])
        try sim.window.setRootViewController(t)
        sim.window.makeKeyAndVisible()
        try n.pushViewController(b, animated: false)
        sim.settle()
        sim.trace.mark(nil)
        sim.tap(.view(t.tabBar.subviews[0]))
        sim.settle()
        try expectTrace(sim, scenario: "S33")
    }

    @Test("S34 six controllers: four tabs and More")
    func s34() throws {
        let (sim, t, vcs, _) = try tabs(["v0", "v1", "v2", "v3", "v4", "v5"])
        let labels = t.tabBar.subviews.map { ($0.subviews[1] as? Label)?.text ?? "" }
        #expect(labels == ["V0", "V1", "V2", "V3", "More"])
        #expect(t.viewControllers.count == 6 && t.customizableViewControllers.count == 6)
        let more = t.moreNavigationController
        #expect(!t.viewControllers.contains { $0 === more })
        sim.tap(.view(button(t, 4)))
        #expect(t.selectedViewController === more && t.selectedIndex == nil)
        #expect(lines(sim, .delegate).first == "t.delegate.shouldSelect(viewController: t.more) -> true")
        #expect(lines(sim, .lifecycle).filter { $0.hasPrefix("v0.view") } == ["v0.viewWillDisappear(animated: false)", "v0.viewDidDisappear(animated: false)"])
        // pick v4 in the More list: pushed on the More navigation controller (Q13b)
        let table = try #require(more.viewControllers.first?.view as? TableView)
        let cell = try #require(table.cell(forRow: 0))
        #expect(cell.textLabel.text == "V4")
        sim.tap(.view(cell))
        sim.settle()
        #expect(more.topViewController === vcs[4] && vcs[4].parent === more)
        // More is the tab bar controller's child, after the list's: a controller in it
        // finds the tab bar controller up its parents (Q13b).
        #expect(more.parent === t && t.children.last === more && t.children.count == 6)
        #expect(vcs[4].appearanceState == .appeared)
        // by code, index 5 (0-based): More, showing v5
        try t.setSelectedIndex(0)
        try t.setSelectedIndex(5)
        sim.settle()
        #expect(t.selectedViewController === more && more.topViewController === vcs[5] && vcs[5].appearanceState == .appeared)
    }

    @Test("S35 a bare tab bar tells its delegate on taps only; the managed one refuses changes (W12)")
    func s35() throws {
        let sim = Simulation()
        let root = Probe(sim, "root")
        _ = try onScreen(root)
        let bar = TabBar(simulation: sim, name: "bar", frame: Rect(x: 0, y: 700, width: 393, height: 49))
        let host = RecordingHost()
        bar.host = host
        let items = (1...7).map { TabBarItem(simulation: sim, title: "T\($0)", name: "item\($0)") }
        try bar.setItems(items)
        try root.view.addSubview(bar)
        #expect(bar.subviews.count == 7)
        sim.tap(.view(bar.subviews[6]))
        #expect(bar.selectedItem === items[6])
        try bar.setSelectedItem(items[0])           // Q14: no delegate call
        #expect(lines(sim, .delegate) == ["bar.delegate.didSelectItem(item: item7)"])
        let t = TabBarController(simulation: sim)
        #expect(throws: ContainmentError("NSInternalInconsistencyException", "Directly modifying a tab bar managed by a tab bar controller is not allowed.")) {
            try t.tabBar.setItems(items)
        }
    }
}
