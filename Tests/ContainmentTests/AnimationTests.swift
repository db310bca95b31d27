import Foundation
import Testing
import Containment
import InvariantChecking

@Suite(.checksInvariants) struct AnimationTests {}

extension AnimationTests {
    /// y at x on the Bézier, by dense sampling of the curve parameter: independent of
    /// the Newton solver under test.
    static func sampled(_ x: Double, _ p: (Double, Double, Double, Double)) -> Double {
        var best = (dx: Double.infinity, y: 0.0)
        for i in 0...200_000 {
            let s = Double(i) / 200_000, u = 1 - s
            let bx = 3 * u * u * s * p.0 + 3 * u * s * s * p.2 + s * s * s
            let by = 3 * u * u * s * p.1 + 3 * u * s * s * p.3 + s * s * s
            if abs(bx - x) < best.dx { best = (abs(bx - x), by) }
        }
        return best.y
    }

    @Test("UIKit's curves match the Bézier maths", arguments: [TimingCurve.easeInOut, .easeIn, .easeOut, .linear])
    func curves(_ curve: TimingCurve) throws {
        let p = try #require(curve.controlPoints)
        for x in [0.1, 0.25, 0.5, 0.75, 0.9] {
            #expect(abs(curve.value(at: x, duration: 1) - Self.sampled(x, p)) < 1e-4, "\(curve.name) at \(x)")
        }
        #expect(curve.value(at: 0, duration: 1) == 0)
        #expect(curve.value(at: 1, duration: 1) == 1)
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5, duration: 1) - 0.5) < 1e-9)
        #expect(abs(TimingCurve.easeOut.value(at: 0.5, duration: 1) - 0.6847) < 1e-3)
    }

    @Test("a spring overshoots by exp(-πζ/√(1-ζ²)) and settles within the duration", arguments: [0.3, 0.5, 0.7])
    func springOvershoot(_ zeta: Double) {
        let curve = TimingCurve.spring(dampingRatio: zeta, velocity: 0)
        var peak = 0.0
        for i in 0...20_000 { peak = max(peak, curve.value(at: Double(i) / 20_000, duration: 0.5)) }
        let expected = exp(-Double.pi * zeta / sqrt(1 - zeta * zeta))
        #expect(abs((peak - 1) - expected) < 1e-3, "overshoot \(peak - 1) vs \(expected)")
        #expect(abs(curve.value(at: 0.999, duration: 0.5) - 1) < 2e-3)
        #expect(TimingCurve.spring(dampingRatio: 1, velocity: 0).value(at: 0.5, duration: 1) <= 1)
    }

    @Test("the model changes at once; the presentation follows the curve; completion at the end")
    func modelAndPresentation() throws {
        let sim = Simulation()
        let v = View(simulation: sim, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var finished: Bool?
        sim.animator.animate(duration: 1, curve: .linear, animations: { v.frame = Rect(x: 100, y: 0, width: 100, height: 100) },
                             completion: { finished = $0 })
        #expect(v.frame.origin.x == 100)
        #expect(v.presentation.frame.origin.x == 0)
        #expect(v.isInFlight)
        sim.advance(by: 0.25)
        #expect(abs(v.presentation.frame.origin.x - 25) < 1e-9)
        #expect(finished == nil)
        sim.advance(by: 0.75)
        #expect(finished == true)
        #expect(v.presentation.frame.origin.x == 100 && !v.isInFlight)
        let events = sim.trace.events.filter { $0.kind == .animation }.map(\.body)
        #expect(events == [#"animation#1.begin(duration: 1, curve: "linear", views: "View#1")"#, "animation#1.end(finished: true)"])
    }

    @Test("a delay holds the old value; duration 0 completes on the next turn")
    func delayAndZero() {
        let sim = Simulation()
        let v = View(simulation: sim)
        sim.animator.animate(duration: 1, delay: 0.5, curve: .linear, animations: { v.alpha = 0 })
        sim.advance(by: 0.5)
        #expect(v.presentation.alpha == 1)
        sim.advance(by: 0.5)
        #expect(abs(v.presentation.alpha - 0.5) < 1e-9)
        var done = false
        sim.animator.animate(duration: 0, animations: { v.alpha = 1 }, completion: { _ in done = true })
        #expect(!done && v.alpha == 1)
        sim.turn()
        #expect(done)
    }

    @Test("policy: animations add up; beginFromCurrentState replaces and cancels the old one")
    func retargeting() {
        let sim = Simulation()
        let v = View(simulation: sim)
        var first: Bool?
        sim.animator.animate(duration: 1, curve: .linear, animations: { v.alpha = 0 }, completion: { first = $0 })
        sim.advance(by: 0.5)                                  // presentation 0.5
        sim.animator.animate(duration: 1, curve: .linear, animations: { v.alpha = 1 })
        // additive: model 1 + (1 - 0)(1 - 0.5) [first] + (0 - 1)(1 - 0) [second] = 0.5
        #expect(abs(v.presentation.alpha - 0.5) < 1e-9)
        sim.advance(by: 0.5)
        #expect(first == true)
        let w = View(simulation: sim)
        var replaced: Bool?
        sim.animator.animate(duration: 1, curve: .linear, animations: { w.alpha = 0 }, completion: { replaced = $0 })
        sim.advance(by: 0.25)
        sim.animator.animate(duration: 1, curve: .linear, options: [.beginFromCurrentState], animations: { w.alpha = 1 })
        #expect(replaced == false)
        #expect(abs(w.presentation.alpha - 0.75) < 1e-9)      // starts where it was on screen
    }

    @Test("--frames samples views in flight at 60 Hz")
    func frameSampling() {
        let sim = Simulation()
        sim.samplesFrames = true
        let v = View(simulation: sim, name: "v")
        sim.animator.animate(duration: 0.5, curve: .linear, animations: { v.frame = Rect(x: 60, y: 0, width: 0, height: 0) })
        sim.settle()
        let frames = sim.trace.events.filter { $0.event == "frame" }
        #expect(frames.count == 30)
        #expect(frames.first?.body == #"v.frame(frame: "(2 0; 0 0)", alpha: 1)"#)
        #expect(frames.last?.t == 0.5)
    }
}
