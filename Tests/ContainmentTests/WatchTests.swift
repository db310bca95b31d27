import Testing
import Containment
import InvariantChecking

/// `Simulation.watch` (policy Q33, `nestbox run --report`): a look at each instant where
/// timers ran or events were recorded and at each 1/60 s of an animation, in order with
/// any stops, and the run the one it would have been.
@Suite(.checksInvariants) struct WatchTests {
    /// A square sliding 100 pt in 0.1 s from t = 0.2; a timer at 0.25 fades it.
    func run(watch: Bool, stops: [Double] = [], seen: inout [String]) -> String {
        let sim = Simulation()
        sim.window.makeKeyAndVisible()
        let v = View(simulation: sim, name: "square", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try? sim.window.addSubview(v)
        sim.clock.schedule(after: 0.2) {
            sim.animator.animate(duration: 0.1, curve: .linear, animations: { v.setCenter(Point(x: 105, y: 5)) })
        }
        sim.clock.schedule(after: 0.25) { v.alpha = 0.5 }
        var log: [String] = []
        func note(_ who: String, _ t: Double) {
            log.append("\(who) \(formatNumber(t)) x=\(formatNumber(v.presentation.frame.origin.x)) alpha=\(formatNumber(v.alpha))")
            #expect(sim.clock.now == t)
        }
        if watch { sim.watch { note("look", $0) } }
        if !stops.isEmpty { sim.stop(at: stops) { note("stop", $0) } }
        sim.settle()
        sim.finishStops()
        sim.finishWatching()
        seen = log
        return sim.trace.events.map(\.text).joined(separator: "\n")
    }

    @Test func looksAtInstantsWithEventsAndAt60HzWhileAnimating() {
        var none: [String] = [], seen: [String] = []
        let plain = run(watch: false, seen: &none)
        #expect(run(watch: true, stops: [0.21], seen: &seen) == plain)
        #expect(seen == [
            "look 0 x=0 alpha=1",               // the script's instant
            "look 0.2 x=0 alpha=1",             // the timer that begins the animation
            "stop 0.21 x=10 alpha=1",           // a stop falls in between, in order
            "look 0.217 x=16.667 alpha=1",      // 60 Hz while it animates
            "look 0.233 x=33.333 alpha=1",
            "look 0.25 x=50 alpha=1",           // the tick, before the timer due then
            "look 0.25 x=50 alpha=0.5",         // after it: a change that records nothing
            "look 0.267 x=66.667 alpha=0.5",
            "look 0.283 x=83.333 alpha=0.5",
            "look 0.3 x=100 alpha=0.5",         // the last tick, then the completion
            "look 0.3 x=100 alpha=0.5",
        ])
    }

    @Test func watchingStopsWhenTheWatcherSaysSo() {
        let sim = Simulation()
        sim.window.makeKeyAndVisible()
        let v = View(simulation: sim, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try? sim.window.addSubview(v)
        sim.animator.animate(duration: 100, curve: .linear, animations: { v.setCenter(Point(x: 105, y: 5)) })
        var looks = 0
        sim.watch { _ in
            looks += 1
            if looks == 3 { sim.watch(nil) }
        }
        sim.settle()
        sim.finishWatching()
        #expect(looks == 3)
        #expect(sim.clock.now == 100)
    }
}
