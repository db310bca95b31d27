import Testing
import Containment
import InvariantChecking

/// `Simulation.stop(at:)` (policy Q31): the clock pauses at each instant, the host
/// looks, and the run is the one it would have been.
@Suite(.checksInvariants) struct StopTests {
    /// A square animating for a second with frames sampled, a timer at 0.5 moving it.
    func run(stops: [Double], seen: inout [(Double, Double, Double)]) -> String {
        let sim = Simulation()
        sim.samplesFrames = true
        sim.window.makeKeyAndVisible()
        let v = View(simulation: sim, name: "square", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try? sim.window.addSubview(v)
        sim.animator.animate(duration: 1, curve: .linear, animations: { v.setCenter(Point(x: 105, y: 5)) })
        sim.clock.schedule(after: 0.5) { v.alpha = 0.5 }
        var log: [(Double, Double, Double)] = []
        if !stops.isEmpty { sim.stop(at: stops) { t in log.append((t, sim.clock.now, v.presentation.frame.origin.x)) } }
        sim.settle()
        sim.finishStops()
        seen = log
        return sim.trace.events.map(\.text).joined(separator: "\n")
    }

    @Test func theTraceIsThatOfARunWithoutStops() {
        var none: [(Double, Double, Double)] = [], seen: [(Double, Double, Double)] = []
        let plain = run(stops: [], seen: &none)
        let stopped = run(stops: [0.25, 1.0 / 60, 0.5, 0.7, 3], seen: &seen)
        #expect(stopped == plain)
        #expect(plain.contains("frame"))
        // Each with the clock at its time and the square where it is then; 3 s is past
        // the end of the run: its last state.
        #expect(seen.map(\.0) == [1.0 / 60, 0.25, 0.5, 0.7, 3])
        #expect(seen.map(\.1) == [1.0 / 60, 0.25, 0.5, 0.7, 1])
        #expect(seen.map { ($0.2 * 1000).rounded() / 1000 } == [1.667, 25, 50, 70, 100])
    }

    @Test func aStopAtAnInstantComesAfterTheWorkDueThen() {
        let sim = Simulation()
        var alphaSeen: [Double] = []
        let v = View(simulation: sim)
        sim.clock.schedule(after: 0.5) { v.alpha = 0.5 }
        sim.stop(at: [0.5]) { _ in alphaSeen.append(v.alpha) }
        sim.advance(by: 1)
        #expect(alphaSeen == [0.5])
    }
}
