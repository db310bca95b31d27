import Foundation
import Testing
@testable import Containment
import InvariantChecking

/// The invariant checker itself: states no API call can make, built by setting the
/// model's internal fields, each named exactly. A state reachable from the window is
/// repaired before the test ends, or the suite's own check would report it too.
@Suite(.checksInvariants) struct InvariantTests {}

extension InvariantTests {
    func view(_ sim: Simulation, _ name: String) -> View { View(simulation: sim, name: name) }
    func vc(_ sim: Simulation, _ name: String) -> ViewController { ViewController(simulation: sim, name: name) }

    @Test("a consistent world on screen, and detached objects passed as roots, pass")
    func consistent() throws {
        let sim = Simulation()
        let nav = try NavigationController(simulation: sim, name: "n", root: ViewController(simulation: sim, name: "a"))
        _ = try onScreen(nav)
        try nav.pushViewController(ViewController(simulation: sim, name: "b"), animated: true)
        let p = vc(sim, "p"), k = vc(sim, "k")
        try p.addChild(k)
        try p.view.addSubview(k.view)
        k.didMove(toParent: p)
        p.beginAppearanceTransition(true, animated: false)
        #expect(sim.checkInvariants(from: [p]) == [], "mid-transition, mid-appearance")
        sim.settle()
        p.endAppearanceTransition()
        #expect(sim.checkInvariants(from: [p]) == [])
    }

    @Test("subviews and children agree with superview and parent; each is listed once")
    func listSymmetry() {
        let sim = Simulation()
        let a = view(sim, "a"), b = view(sim, "b"), c = view(sim, "c"), d = view(sim, "d")
        a.subviews = [b, d, d]
        c.superview = a
        d.superview = a
        let p = vc(sim, "p"), k = vc(sim, "k"), l = vc(sim, "l"), m = vc(sim, "m")
        p.children = [k, l, l]
        l.parent = p
        m.parent = p
        #expect(sim.checkInvariants(from: [a, c, p, m]) == [
            "<View: b> is among the subviews of <View: a>, but its superview is nil",
            "<View: d> appears twice among the subviews of <View: a>",
            "<View: c> has superview <View: a>, which does not list it among its subviews",
            "<ViewController: k> is among the children of <ViewController: p>, but its parent is nil",
            "<ViewController: l> appears twice among the children of <ViewController: p>",
            "<ViewController: m> has parent <ViewController: p>, which does not list it among its children",
        ])
        b.superview = c
        c.subviews = [b]
        #expect(sim.checkInvariants(from: [a]).first == "<View: b> is among the subviews of <View: a>, but its superview is <View: c>")
    }

    @Test("a view belongs to at most one controller (W6), which holds it as its view")
    func viewOwnership() throws {
        let sim = Simulation()
        let c1 = vc(sim, "c1"), c2 = vc(sim, "c2"), c3 = vc(sim, "c3")
        let v = view(sim, "v"), w = view(sim, "w")
        try c1.setView(v)
        c2._view = v
        w.owningViewController = c3
        #expect(sim.checkInvariants(from: [c1, c2, w]) == [
            "<View: w> names <ViewController: c3> as its controller, but that controller's view is nil",
            "the view <View: v> of <ViewController: c2> names <ViewController: c1> as its controller",
        ])
    }

    @Test("a child's view is in its parent's view tree or detached (W3)")
    func childViewPlacement() throws {
        let sim = Simulation()
        let root = ViewController(simulation: sim, name: "root")
        _ = try onScreen(root)
        let p = vc(sim, "p"), q = vc(sim, "q"), k = vc(sim, "k")
        try p.addChild(k)
        let holder = View(simulation: sim, name: "holder")
        try holder.addSubview(k.view)
        #expect(sim.checkInvariants(from: [p]) == [], "in a tree outside any window and controller")
        q.view.attach(holder, at: 0)
        #expect(sim.checkInvariants(from: [p]) == [
            "<View: k.view>, the view of <ViewController: k>, is in the view tree of <ViewController: q>, not of its parent <ViewController: p>",
        ])
        sim.window.attach(holder, at: 0)
        #expect(sim.checkInvariants(from: [p]) == [
            "<View: k.view>, the view of <ViewController: k>, is in the window outside the view tree of its parent <ViewController: p>",
        ])
        holder.detach()
        p.view.attach(holder, at: 0)
        #expect(sim.checkInvariants(from: [p]) == [])
    }

    @Test("presentedViewController and presentingViewController must agree")
    func presentationSymmetry() {
        let sim = Simulation()
        let a = vc(sim, "a"), b = vc(sim, "b"), c = vc(sim, "c")
        a.presentedHere = b
        c.presentingViewController = a
        #expect(sim.checkInvariants(from: [a, c]) == [
            "<ViewController: a> presents <ViewController: b>, whose presenting controller is nil",
            "<ViewController: c> names <ViewController: a> as its presenting controller, which presents <ViewController: b>",
        ])
        a.presentedHere = nil
    }

    @Test("the appearance state agrees with the begin/end depth (docs/containment.md, Appearance states)")
    func appearanceDepth() {
        let sim = Simulation()
        let a = vc(sim, "a"), b = vc(sim, "b"), c = vc(sim, "c"), d = vc(sim, "d"), e = vc(sim, "e")
        b.beginAppearanceTransition(true, animated: false)
        b.beginAppearanceTransition(true, animated: false)          // nested: counted (S17)
        c.beginAppearanceTransition(false, animated: false)         // already disappeared: W1, redundant
        #expect(sim.checkInvariants(from: [b, c]) == [])
        a.appearanceState = .appearing
        b.appearanceState = .appeared
        c.appearanceState = .disappearing
        d.appearanceDepth = -1
        e.appearanceDepth = 0
        e.appearanceState = .disappearing
        #expect(sim.checkInvariants(from: [a, b, c, d, e]) == [
            "<ViewController: a> has appearance state appearing with no appearance transition open",
            "<ViewController: b> has appearance state appeared with an open appearing transition (depth 2)",
            "<ViewController: c> has appearance state disappearing with an open redundant disappearing transition (depth 1)",
            "<ViewController: d> has appearance depth -1",
            "<ViewController: e> has appearance state disappearing with no appearance transition open",
        ])
    }

    @Test("the window's root is marked as such, and has no parent")
    func windowRoot() throws {
        let sim = Simulation()
        let root = vc(sim, "root"), other = vc(sim, "other"), p = vc(sim, "p")
        _ = try onScreen(root)
        root.isRootOfWindow = false
        other.isRootOfWindow = true
        #expect(sim.checkInvariants(from: [other]) == [
            "<ViewController: root> is the window's root controller but not marked as such",
            "<ViewController: other> is marked as the window's root controller, but the window's root is <ViewController: root>",
        ])
        root.isRootOfWindow = true
        other.isRootOfWindow = false
        p.children = [root]
        root.parent = p
        #expect(sim.checkInvariants() == [
            "<ViewController: root> is the window's root controller but has parent <ViewController: p>",
            "<View: root.view>, the view of <ViewController: root>, is in the window outside the view tree of its parent <ViewController: p>",
        ])
        root.parent = nil
        p.children = []
    }

    @Test("a gesture recognizer is on the view it names")
    func gestureSymmetry() {
        let sim = Simulation()
        let v = view(sim, "v"), w = view(sim, "w")
        let g = TapGestureRecognizer(simulation: sim, name: "g")
        w.addGestureRecognizer(g)
        v.gestureRecognizers = [g]
        #expect(sim.checkInvariants(from: [v]) == [
            "<TapGestureRecognizer: g> is among the gesture recognizers of <View: v>, but its view is <View: w>",
        ])
    }

    @Test("cycles through superviews and parents are found, and the walk ends")
    func cycles() {
        let sim = Simulation()
        let a = view(sim, "a"), b = view(sim, "b")
        a.subviews = [b]; b.superview = a
        b.subviews = [a]; a.superview = b
        let p = vc(sim, "p"), q = vc(sim, "q")
        p.children = [q]; q.parent = p
        q.children = [p]; p.parent = q
        #expect(sim.checkInvariants(from: [a, p]) == [
            "<View: a> is its own ancestor through its superviews",
            "<ViewController: p> is its own ancestor through its parents",
        ])
        b.subviews = []
        q.children = []     // the strong cycle, or neither would be freed
    }

    @Test("20,000 nested views and 5,000 nested controllers on screen: no recursion, no finding")
    func deepTrees() throws {
        let sim = Simulation()
        let root = ViewController(simulation: sim, name: "root")
        _ = try onScreen(root)
        // Linked directly: addSubview's own walks up would make building it quadratic.
        var chain = [root.view]
        for i in 0..<View.maxDepth - 2 {
            let v = View(simulation: sim, name: "v\(i)")
            chain[chain.count - 1].subviews = [v]
            v.superview = chain[chain.count - 1]
            chain.append(v)
        }
        var nest = [root]
        for i in 0..<ViewController.maxNesting - 1 {
            let c = ViewController(simulation: sim, name: "c\(i)")
            nest[nest.count - 1].children = [c]
            c.parent = nest[nest.count - 1]
            nest.append(c)
        }
        let top = chain[chain.count - 1]
        #expect(sim.checkInvariants() == [])
        let last = View(simulation: sim, name: "last")
        top.subviews = [last]
        #expect(sim.checkInvariants() == ["<View: last> is among the subviews of <View: v19997>, but its superview is nil"])
        // Unlinked bottom up: freeing the chains from the top would recurse per level.
        for v in chain.reversed() { v.subviews = [] }
        for c in nest.reversed() { c.children = [] }
    }

    @Test("the suite trait's recorder checks a Simulation as it ends")
    func recorderAtEnd() throws {
        let recorder = InvariantRecorder()
        try Simulation.$observer.withValue(recorder) {
            let sim = Simulation()
            let root = ViewController(simulation: sim, name: "root")
            _ = try onScreen(root)
            root.appearanceState = .appearing
            withExtendedLifetime(sim) { #expect(recorder.violations == [], "not before it ends") }
        }
        #expect(recorder.violations == ["<ViewController: root> has appearance state appearing with no appearance transition open"])
    }

    @Test("every suite of the model and binding tests has the invariant trait")
    func everySuiteChecks() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        var suites = 0
        for folder in ["ContainmentTests", "NestboxLuaTests"] {
            let dir = tests.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("@Suite") {
                    suites += 1
                    #expect(line.hasPrefix("@Suite(.checksInvariants"), "\(folder)/\(name): \(line)")
                }
            }
        }
        #expect(suites > 20)
    }
}
