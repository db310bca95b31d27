import Foundation
import Testing
import Containment
import InvariantChecking

@Suite(.checksInvariants) struct ViewHierarchyTests {}

extension ViewHierarchyTests {
    @Test func insertOrderAndReordering() throws {
        let sim = Simulation()
        let root = View(simulation: sim, name: "root")
        let a = View(simulation: sim, name: "a"), b = View(simulation: sim, name: "b")
        let c = View(simulation: sim, name: "c"), d = View(simulation: sim, name: "d")
        try root.addSubview(a)
        try root.addSubview(b)
        try root.insertSubview(c, at: 0)
        try root.insertSubview(d, belowSubview: b)
        #expect(root.subviews.map(\.name) == ["c", "a", "d", "b"])
        root.bringSubviewToFront(c)
        root.sendSubviewToBack(b)
        #expect(root.subviews.map(\.name) == ["b", "a", "d", "c"])
        try root.insertSubview(a, aboveSubview: c)
        #expect(root.subviews.map(\.name) == ["b", "d", "c", "a"])
        // Moving to another superview removes it from the first.
        let other = View(simulation: sim, name: "other")
        try other.addSubview(a)
        #expect(root.subviews.map(\.name) == ["b", "d", "c"])
        #expect(a.superview === other)
        a.removeFromSuperview()
        #expect(a.superview == nil && other.subviews.isEmpty)
    }

    @Test("W22 and cycles are errors that change nothing")
    func selfAndCycles() throws {
        let sim = Simulation()
        let a = View(simulation: sim, name: "a"), b = View(simulation: sim, name: "b")
        try a.addSubview(b)
        #expect(throws: ContainmentError("NSInvalidArgumentException", "Can't add self as subview")) {
            try a.addSubview(a)
        }
        #expect(throws: ContainmentError("NSInvalidArgumentException",
            "Nestbox: cannot add <View: a> as a subview of <View: b>: it is one of its ancestors")) {
            try b.addSubview(a)
        }
        #expect(a.subviews.count == 1 && b.subviews.isEmpty && a.superview == nil)
    }

    @Test("W3 a child's view placed under another controller")
    func w3() throws {
        let sim = Simulation()
        let root = Probe(sim, "root")
        _ = try onScreen(root)
        let p = Probe(sim, "p"), q = Probe(sim, "q"), c = Probe(sim, "c")
        try root.addChild(p); try root.view.addSubview(p.view); p.didMove(toParent: root)
        try root.addChild(q); try root.view.addSubview(q.view); q.didMove(toParent: root)
        try p.addChild(c)
        #expect(throws: ContainmentError("UIViewControllerHierarchyInconsistency",
            "child view controller:<ViewController: c> should have parent view controller:<ViewController: q> but actual parent is:<ViewController: p>")) {
            try q.view.addSubview(c.view)
        }
        #expect(c.view.superview == nil)
        // Straight into the window: no controller there.
        #expect(throws: ContainmentError("UIViewControllerHierarchyInconsistency",
            "child view controller:<ViewController: c> should have parent view controller:(null) but actual parent is:<ViewController: p>")) {
            try sim.window.addSubview(c.view)
        }
        // A detached container is fine; the check runs when it lands.
        let box = View(simulation: sim, name: "box")
        try box.addSubview(c.view)
        #expect(throws: ContainmentError.self) { try q.view.addSubview(box) }
        try p.view.addSubview(box)
        #expect(c.appearanceState == .appeared)
    }

    @Test("W5 the window's root cannot become a child")
    func w5() throws {
        let sim = Simulation()
        let root = Probe(sim, "root"), p = Probe(sim, "p")
        try sim.window.setRootViewController(root)
        #expect(throws: ContainmentError("UIViewControllerHierarchyInconsistency",
            "adding a root view controller <ViewController: root> as a child of view controller:<ViewController: p>")) {
            try p.addChild(root)
        }
    }

    @Test("W6 a view belongs to at most one controller")
    func w6() throws {
        let sim = Simulation()
        let a = Probe(sim, "a"), b = Probe(sim, "b")
        let v = a.view
        #expect(throws: ContainmentError("UIViewControllerHierarchyInconsistency",
            "A view can only be associated with at most one view controller at a time! View <View: a.view> is associated with <ViewController: a>. Clear this association before associating this view with <ViewController: b>.")) {
            try b.setView(v)
        }
        try a.setView(nil)
        try b.setView(v)
        #expect(v.owningViewController === b)
    }

    @Test("Q5 a controller cannot be its own child or its ancestor's")
    func q5() throws {
        let sim = Simulation()
        let a = Probe(sim, "a"), b = Probe(sim, "b")
        try a.addChild(b)
        #expect(throws: ContainmentError("NSInvalidArgumentException",
            "Nestbox: cannot add <ViewController: a> as a child of <ViewController: a>: it is that controller or one of its ancestors")) {
            try a.addChild(a)
        }
        #expect(throws: ContainmentError.self) { try b.addChild(a) }
        #expect(a.parent == nil && b.children.isEmpty)
    }

    @Test("Q4 re-adding to the same parent only repeats willMove")
    func q4Same() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        try p.addChild(c)
        sim.trace.mark(nil)
        try p.addChild(c)
        expectTrace(sim, "c.willMove(toParent: p)")
        #expect(p.children.count == 1)
    }

    @Test func framesBoundsCenterAndTransform() throws {
        let sim = Simulation()
        let v = View(simulation: sim, frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == Point(x: 60, y: 45))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        v.transform = .scale(2, 2)
        #expect(v.frame == Rect(x: -40, y: -5, width: 200, height: 100))  // scaled about the center
        v.transform = .identity
        v.setCenter(Point(x: 0, y: 0))
        #expect(v.frame == Rect(x: -50, y: -25, width: 100, height: 50))
        #expect(v.name == "View#1")
    }

    @Test("autoresizing shares a size change among flexible parts")
    func autoresizing() throws {
        let sim = Simulation()
        let sup = View(simulation: sim, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let fill = View(simulation: sim, frame: Rect(x: 10, y: 10, width: 80, height: 80))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let pinned = View(simulation: sim, frame: Rect(x: 80, y: 0, width: 20, height: 20))
        pinned.autoresizingMask = [.flexibleLeftMargin]
        try sup.addSubview(fill); try sup.addSubview(pinned)
        sup.frame = Rect(x: 0, y: 0, width: 200, height: 150)
        #expect(fill.frame == Rect(x: 10, y: 10, width: 180, height: 130))
        #expect(pinned.frame == Rect(x: 180, y: 0, width: 20, height: 20))
    }

    @Test("layout passes bracket layoutSubviews with the owner's callbacks")
    func layout() throws {
        let sim = Simulation()
        let p = Probe(sim, "p")
        _ = try onScreen(p)
        p.view.setNeedsLayout()
        sim.turn()
        expectTrace(sim, """
            p.viewWillLayoutSubviews()
            p.viewDidLayoutSubviews()
            """)
        sim.trace.mark(nil)
        sim.turn()
        #expect(sim.trace.sinceMark.isEmpty)   // nothing needs layout
    }

    @Test func printers() throws {
        let sim = Simulation()
        let menu = ViewController(simulation: sim, className: "MenuController", name: "menu")
        let red = Probe(sim, "red"), green = Probe(sim, "green")
        try menu.addChild(red); try menu.view.addSubview(red.view); red.didMove(toParent: menu)
        try menu.addChild(green); green.didMove(toParent: menu)
        let b = Button(simulation: sim, frame: Rect(x: 0, y: 100, width: 80, height: 44))
        b.title = "Red"; b.isSelected = true
        try red.view.addSubview(b)
        try sim.window.setRootViewController(menu)
        sim.window.makeKeyAndVisible()
        #expect(sim.hierarchyDescription() == """
            <MenuController: menu>, state: appeared, view: <View: menu.view>
               | <ViewController: red>, state: appeared, view: <View: red.view>
               | <ViewController: green>, state: disappeared, view: (view not loaded)
            """)
        #expect(sim.window.recursiveDescription() == """
            <Window: window; frame = (0 0; 393 852)>
               | <View: menu.view; frame = (0 0; 393 852); autoresize = W+H; owner = menu>
               |    | <View: red.view; frame = (0 0; 393 852); autoresize = W+H; owner = red>
               |    |    | <Button: Button#1; frame = (0 100; 80 44); title = 'Red'; selected = YES>
            """)
    }

    @Test("the controller printer counts levels past 64 and marks presented controllers")
    func deepPrinter() throws {
        let sim = Simulation()
        var chain = [ViewController(simulation: sim, name: "c0")]
        for i in 1...70 {
            let c = ViewController(simulation: sim, name: "c\(i)")
            try chain[i - 1].addChild(c)
            chain.append(c)
        }
        let lines = chain[0].hierarchyDescription().split(separator: "\n").map(String.init)
        #expect(lines.count == 71)
        for d in [0, 1, 64, 65, 70] {
            let indent = String(repeating: "   | ", count: min(d, 64)) + (d > 64 ? "(\(d)) " : "")
            #expect(lines[d] == indent + "<ViewController: c\(d)>, state: disappeared, view: (view not loaded)")
        }
    }

    @Test("a child dropped with its parent is freed")
    func lifetimes() throws {
        weak var weakChild: ViewController?
        weak var weakView: View?
        let sim = Simulation()
        do {
            let p = Probe(sim, "p"), c = Probe(sim, "c")
            try p.addChild(c); try p.view.addSubview(c.view)
            weakChild = c
            weakView = c.view
        }
        #expect(weakChild == nil)
        #expect(weakView == nil)
    }

    @Test func traceRendering() throws {
        let sim = Simulation()
        let p = Probe(sim, "p"), c = Probe(sim, "c")
        try p.addChild(c)
        let e = try #require(sim.trace.events.last)
        #expect(e.text == "[0.000] c.willMove(toParent: p)")
        #expect(e.json == #"{"seq":2,"t":0,"kind":"containment","object":"c","event":"willMove","args":{"toParent":"p"}}"#)
        c.removeFromParent()
        #expect(sim.trace.events.last?.json.contains(#""args":{"toParent":null}"#) == true)
        #expect(TraceFilter.parse("lifecycle, nope").map(\.kinds) == .failure(TraceFilterError(name: "nope")))
    }

    @Test func clockAndTurns() {
        let sim = Simulation()
        var log: [String] = []
        sim.clock.schedule(after: 0.5) { log.append("timer \(sim.clock.now)") }
        sim.clock.enqueue { log.append("turn \(sim.clock.now)") }
        sim.advance(by: 1)
        #expect(log == ["turn 0.0", "timer 0.5"])
        #expect(sim.clock.now == 1)
        sim.clock.schedule(after: 2) { log.append("late") }
        #expect(sim.settle())
        #expect(sim.clock.now == 3)
    }

    @Test("controllers nested past Nestbox's bound are refused with a clear error")
    func nestingBound() throws {
        // Releasing a deep tree recurses through deinit: a big stack, as a main thread has.
        final class Outcome: @unchecked Sendable { var reached = 0; var error: Error? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let sim = Simulation()
            // Parents are unretained back-pointers: the root keeps the chain.
            let root = ViewController(simulation: sim)
            var parent = root
            outcome.reached = 1
            do {
                while outcome.reached <= 5_001 {
                    let child = ViewController(simulation: sim)
                    try parent.addChild(child)
                    parent = child
                    outcome.reached += 1
                }
            } catch let e {
                outcome.error = e
            }
            withExtendedLifetime(root) {}
            done.signal()
        }
        thread.stackSize = 64 << 20
        thread.start()
        done.wait()
        #expect(outcome.reached == 5_000)
        #expect(outcome.error as? ContainmentError == ContainmentError("NSInvalidArgumentException",
            "Nestbox: controllers nested deeper than 5000 levels are not supported"))
    }
}

extension ViewHierarchyTests {
    /// Runs `body` on a thread with a small stack, so recursion per level shows.
    func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { body(); done.signal() }
        thread.stackSize = 128 << 10
        thread.start()
        done.wait()
    }

    @Test("a deep view chain and deep nesting are freed without recursion (a 128 KiB stack)")
    func teardownWithoutRecursion() {
        onSmallStack {
            let sim = Simulation()
            weak var deepest: View?
            do {
                let top = View(simulation: sim, name: "top")
                var v = top
                for _ in 0..<3_000 { let w = View(simulation: sim); try? v.addSubview(w); v = w }
                deepest = v
            }
            #expect(deepest == nil)
            weak var innermost: ViewController?
            do {
                let root = ViewController(simulation: sim, name: "root")
                var p = root
                for _ in 0..<2_000 { let c = ViewController(simulation: sim); try? p.addChild(c); p = c }
                innermost = p
            }
            #expect(innermost == nil)
        }
    }
}

extension ViewHierarchyTests {
    @Test("a label's text and a button's title with a line break stay on their view's line, escaped")
    func textOnOneLine() throws {
        let sim = Simulation()
        let label = Label(simulation: sim, name: "l")
        label.text = "two\nlines\t\u{1}"
        let button = Button(simulation: sim, name: "b")
        button.title = "b\nt"
        try sim.window.addSubview(label)
        try sim.window.addSubview(button)
        #expect(sim.window.recursiveDescription() == """
            <Window: window; frame = (0 0; 393 852)>
               | <Label: l; frame = (0 0; 0 0); text = 'two\\nlines\\t\\u{1}'>
               | <Button: b; frame = (0 0; 0 0); title = 'b\\nt'>
            """)
        #expect(TraceValue.string("a\nb").text == "\"a\\nb\"")
    }
}

/// A view that notes the callbacks it gets, with the window and superview it has then.
private final class MoveRecorder: View {
    var notes: [String] = []
    override class var actsOnCallbacks: Bool { true }
    override func handle(_ hook: Hook) {
        let place = "window: \(window == nil ? "nil" : "yes"), superview: \(superview?.name ?? "nil")"
        switch hook {
        case .didMoveToSuperview: notes.append("didMoveToSuperview (\(place))")
        case .didMoveToWindow: notes.append("didMoveToWindow (\(place))")
        default: break
        }
    }
}

extension ViewHierarchyTests {
    /// The view events since the trace's mark, as the text trace writes them.
    private func viewEvents(_ sim: Simulation) -> [String] {
        sim.trace.sinceMark.filter { $0.kind == .view }.map { e in
            "\(e.object).\(e.event)(\(e.args.map(\.1.text).joined(separator: ", ")))"
        }
    }

    /// Policy Q77: a move between superviews is one move (a single didMoveToSuperview,
    /// didMoveToWindow only when the window changes); a removal sends didMoveToWindow
    /// first, with the view already out of the window.
    @Test("a move keeps its window quietly; a removal leaves the window, then the superview")
    func movesAndRemovals() throws {
        let sim = Simulation()
        let root = Probe(sim, "root")
        _ = try onScreen(root)
        let a = View(simulation: sim, name: "a"), b = View(simulation: sim, name: "b")
        let off = View(simulation: sim, name: "off")
        try root.view.addSubview(a); try root.view.addSubview(b)
        let v = MoveRecorder(simulation: sim, name: "v")
        let inner = MoveRecorder(simulation: sim, name: "inner")
        try v.addSubview(inner)
        try a.addSubview(v)
        #expect(v.notes == ["didMoveToSuperview (window: yes, superview: a)", "didMoveToWindow (window: yes, superview: a)"])
        v.notes = []; inner.notes = []; sim.trace.mark(nil)
        try b.addSubview(v)
        #expect(v.notes == ["didMoveToSuperview (window: yes, superview: b)"])
        #expect(inner.notes.isEmpty)
        #expect(viewEvents(sim) == ["b.addSubview(v)"])
        v.notes = []; sim.trace.mark(nil)
        try off.addSubview(v)
        #expect(v.notes == ["didMoveToSuperview (window: nil, superview: off)", "didMoveToWindow (window: nil, superview: off)"])
        #expect(inner.notes == ["didMoveToWindow (window: nil, superview: v)"])
        #expect(viewEvents(sim) == ["off.addSubview(v)", "v.moveToWindow(nil)"])
        try a.addSubview(v)
        v.notes = []; inner.notes = []; sim.trace.mark(nil)
        v.removeFromSuperview()
        #expect(v.notes == ["didMoveToWindow (window: nil, superview: nil)", "didMoveToSuperview (window: nil, superview: nil)"])
        #expect(inner.notes == ["didMoveToWindow (window: nil, superview: v)"])
        #expect(viewEvents(sim) == ["v.removeFromSuperview()", "v.moveToWindow(nil)"])
    }
}
