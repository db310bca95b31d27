import Testing
import Containment
import InvariantChecking

@Suite(.checksInvariants) struct InputTests {}

extension InputTests {
    func screen() throws -> (Simulation, Probe, RecordingHost) {
        let sim = Simulation()
        let root = Probe(sim, "root")
        _ = try onScreen(root)
        return (sim, root, RecordingHost())
    }

    func button(_ sim: Simulation, _ host: RecordingHost, _ name: String, _ frame: Rect) -> Button {
        let b = Button(simulation: sim, name: name, frame: frame)
        b.host = host
        return b
    }

    @Test("a tap on a button sends touchDown, then touchUpInside")
    func tapButton() throws {
        let (sim, root, host) = try screen()
        let b = button(sim, host, "ok", Rect(x: 10, y: 10, width: 80, height: 40))
        try root.view.addSubview(b)
        #expect(sim.tap(.view(b)) === b)
        #expect(host.log == ["ok.touchDown", "ok.touchUpInside"])
        #expect(sim.tap(.point(Point(x: 50, y: 30))) === b)
    }

    @Test("hit-testing skips hidden, transparent, disabled, outside and animating views")
    func hitTesting() throws {
        let (sim, root, host) = try screen()
        let b = button(sim, host, "b", Rect(x: 10, y: 10, width: 80, height: 40))
        try root.view.addSubview(b)
        b.isHidden = true
        #expect(sim.tap(.view(b)) == nil)
        b.isHidden = false
        b.alpha = 0.005
        #expect(sim.tap(.view(b)) == nil)
        b.alpha = 1
        root.view.isUserInteractionEnabled = false
        #expect(sim.tap(.view(b)) == nil)
        root.view.isUserInteractionEnabled = true
        b.isEnabled = false
        #expect(sim.tap(.view(b)) == nil)
        b.isEnabled = true
        let box = View(simulation: sim, frame: Rect(x: 200, y: 200, width: 50, height: 50))
        try root.view.addSubview(box)
        let outside = button(sim, host, "outside", Rect(x: 60, y: 0, width: 40, height: 40))   // beyond box's bounds
        try box.addSubview(outside)
        #expect(sim.tap(.view(outside)) == nil)
        sim.animator.animate(duration: 1, animations: { b.alpha = 0.5 })
        #expect(sim.tap(.view(b)) == nil)
        sim.animator.animate(duration: 1, options: [.allowUserInteraction], animations: { outside.alpha = 0.5 })
        sim.settle()
        #expect(sim.tap(.view(b)) === b)
        #expect(host.log == ["b.touchDown", "b.touchUpInside"])
        #expect(lines(sim, .input).filter { $0.hasPrefix("input.ignored") } == [
            #"input.ignored("tap", reason: "<Button: b> is hidden")"#,
            #"input.ignored("tap", reason: "<Button: b> is transparent (alpha < 0.01)")"#,
            #"input.ignored("tap", reason: "<View: root.view> has isUserInteractionEnabled = false")"#,
            #"input.ignored("tap", reason: "<Button: b> is disabled")"#,
            #"input.ignored("tap", reason: "no control or gesture recognizer at <View: root.view>")"#,
            #"input.ignored("tap", reason: "<Button: b> is animating without allowUserInteraction")"#,
        ])
    }

    @Test("ignoring interaction events")
    func ignoring() throws {
        let (sim, root, host) = try screen()
        let b = button(sim, host, "b", Rect(x: 10, y: 10, width: 80, height: 40))
        try root.view.addSubview(b)
        sim.beginIgnoringInteractionEvents()
        #expect(sim.tap(.view(b)) == nil)
        sim.endIgnoringInteractionEvents()
        #expect(sim.tap(.view(b)) === b)
        #expect(lines(sim, .input).contains(#"input.ignored("tap", reason: "interaction events are ignored")"#))
    }

    @Test("a tap recognizer takes the tap before the controls under it")
    func tapRecognizer() throws {
        let (sim, root, host) = try screen()
        let b = button(sim, host, "b", Rect(x: 10, y: 10, width: 80, height: 40))
        try root.view.addSubview(b)
        let g = TapGestureRecognizer(simulation: sim, name: "tap")
        g.host = host
        b.addGestureRecognizer(g)
        sim.tap(.view(b))
        #expect(host.log == ["tap.ended 0,0"])
    }

    @Test("a pan: began, changed, ended, with translation and velocity; edge pans need the edge")
    func pan() throws {
        let (sim, root, host) = try screen()
        let g = PanGestureRecognizer(simulation: sim, name: "pan")
        g.host = host
        root.view.addGestureRecognizer(g)
        sim.pan(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), steps: 4, duration: 0.2, release: true)
        #expect(host.log == ["pan.began 25,0", "pan.changed 50,0", "pan.changed 75,0", "pan.changed 100,0", "pan.ended 100,0"])
        #expect(g.velocity.x == 500)
        #expect(abs(sim.clock.now - 0.2) < 1e-9)
        root.view.removeGestureRecognizer(g)
        let edge = ScreenEdgePanGestureRecognizer(simulation: sim, name: "edge")
        edge.host = host
        root.view.addGestureRecognizer(edge)
        host.log = []
        sim.pan(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), steps: 1, duration: 0.1, release: true)
        #expect(host.log.isEmpty)
        sim.pan(from: Point(x: 5, y: 100), to: Point(x: 200, y: 100), steps: 1, duration: 0.1, release: true)
        #expect(host.log == ["edge.began 195,0", "edge.ended 195,0"])
    }

    @Test("a scroll view scrolls under a finger and by code; both tell the delegate")
    func scrolling() throws {
        let (sim, root, host) = try screen()
        let s = ScrollView(simulation: sim, name: "list", frame: Rect(x: 0, y: 0, width: 300, height: 400))
        s.delegate = host
        s.contentSize = Size(width: 300, height: 1000)
        s.contentInsetAdjustmentBehavior = .never
        try root.view.addSubview(s)
        // The finger rests before it lifts: no fling.
        let finger = sim.pan(from: Point(x: 100, y: 300), to: Point(x: 100, y: 100), steps: 2, duration: 0.1, release: false)
        _ = sim.advance(by: 0.1)
        finger?.release()
        #expect(s.contentOffset == Point(x: 0, y: 200) && !s.isDecelerating)
        sim.scroll(s, to: Point(x: 0, y: 50))
        #expect(host.log == ["list.didScroll", "list.didScroll", "list.didScroll"])
        sim.pan(from: Point(x: 100, y: 100), to: Point(x: 100, y: 390), steps: 1, duration: 0.1, release: true)
        #expect(s.contentOffset.y < 0 && s.isDecelerating, "pulled past the top")
        _ = sim.settle()
        #expect(s.contentOffset == Point(x: 0, y: 0) && !s.isDecelerating, "sprung back to the top")
    }

    @Test("a memory warning reaches every controller, parent first")
    func memoryWarning() throws {
        let (sim, root, _) = try screen()
        let a = Probe(sim, "a"), b = Probe(sim, "b")
        try embed(a, in: root)
        try root.addChild(b)
        sim.trace.mark(nil)
        sim.memoryWarning()
        #expect(lines(sim, .lifecycle) == ["root.didReceiveMemoryWarning()", "a.didReceiveMemoryWarning()", "b.didReceiveMemoryWarning()"])
    }
}
