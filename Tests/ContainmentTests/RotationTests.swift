import Testing
import Containment
import InvariantChecking

@Suite(.checksInvariants) struct RotationTests {}

final class SizingContainer: ViewController {
    var sizes: [String: Size] = [:]
    var log: [String] = []
    init(_ sim: Simulation) { super.init(simulation: sim, className: "ViewController", name: "p") }
    override func size(forChildContentContainer child: ViewController, parentSize: Size) -> Size {
        sizes[child.name] ?? parentSize
    }
    override class var actsOnCallbacks: Bool { true }
    override func handle(_ hook: Hook) {
        if case .viewWillTransition(_, let coordinator) = hook {
            coordinator.animate(alongside: { self.log.append("alongside") }, completion: { self.log.append("completion") })
        }
    }
}

extension RotationTests {
    @Test("S36 a size transition travels down the tree; an unchanged child is skipped")
    func s36() throws {
        let sim = Simulation()
        let p = SizingContainer(sim)
        let wide = Probe(sim, "wide"), narrow = Probe(sim, "narrow"), c3 = Probe(sim, "c3"), hidden = Probe(sim, "hidden")
        _ = try onScreen(p)
        try embed(wide, in: p)
        try embed(narrow, in: p, frame: Rect(x: 0, y: 0, width: 200, height: 852))
        try embed(c3, in: p, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try p.addChild(hidden)                                   // view not in the window (Q8)
        p.sizes = ["narrow": Size(width: 200, height: 393), "c3": Size(width: 100, height: 100)]
        sim.trace.mark(nil)
        try sim.rotate(to: "landscapeLeft")
        try expectTrace(sim, scenario: "S36")   // c3 keeps its size and is skipped; hidden is not in the window
        #expect(p.log == ["alongside"])
        #expect(sim.window.bounds.size == Size(width: 852, height: 393))
        #expect(p.view.frame.size == Size(width: 852, height: 393), "the root view follows the window")
        sim.advance(by: 0.3)
        #expect(p.log == ["alongside", "completion"])
        // the vertical size class changed: traitCollectionDidChange after the transition (Q8)
        #expect(lines(sim, .lifecycle).filter { $0.contains("traitCollection") } == [
            "p.traitCollectionDidChange()", "wide.traitCollectionDidChange()",
            "narrow.traitCollectionDidChange()", "c3.traitCollectionDidChange()",
        ])
        #expect(sim.screen.width == 852 && sim.screen.safeAreaInsets.left == 59)
        #expect(sim.traitCollection.verticalSizeClass == "compact")
    }

    @Test("devices and an unknown orientation")
    func devices() throws {
        let sim = Simulation()
        try sim.setDevice(.iPad)
        #expect(sim.window.bounds.size == Size(width: 820, height: 1180) && sim.screen.idiom == "pad")
        #expect(throws: ContainmentError.self) { try sim.rotate(to: "sideways") }
    }
}
