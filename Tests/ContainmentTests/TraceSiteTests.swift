import Testing
@testable import Containment
import InvariantChecking

/// A site's events (TraceSite) take a fast path; they must read back, count and reach
/// listeners exactly as the same events recorded by name.
@Suite(.checksInvariants) struct TraceSiteTests {
    /// Records `n` rounds of every site, with each kind of argument it takes, through
    /// `site` or by name: moving the clock, crossing chunks and, half-way, turning to an
    /// object with a default name (kept by the trace as its class and number).
    static func record(_ sim: Simulation, bySite: Bool, rounds n: Int, objects: [ViewController]) {
        let b = objects[1]
        for i in 0..<n {
            if i % 700 == 699 { _ = sim.advance(by: 0.5) }
            let a = i < 1_500 ? objects[0] : objects[2]
            for site in TraceSite.allCases {
                switch site.label {
                case "animated":
                    if bySite { sim.trace.record(site, a, i % 2 == 0) } else {
                        sim.trace.record(site.kind, a, site.event, site.label, .bool(i % 2 == 0))
                    }
                case "":
                    if bySite { sim.trace.record(site, b) } else { sim.trace.record(site.kind, b, site.event) }
                default:
                    let ref: SimObject? = i % 3 == 0 ? nil : (i % 3 == 1 ? a : b)
                    if bySite { sim.trace.record(site, a, ref: ref) } else {
                        sim.trace.record(site.kind, a, site.event, site.label, ref: ref)
                    }
                }
            }
        }
    }

    static func world() -> (Simulation, [ViewController]) {
        let sim = Simulation()
        let objects = [ViewController(simulation: sim, name: "a view controller with a long name"),
                       ViewController(simulation: sim, name: "b"), ViewController(simulation: sim)]
        return (sim, objects)
    }

    @Test("a site's events read back and count as the same events recorded by name")
    func sameAsByName() {
        let (named, namedObjects) = Self.world(), (sited, sitedObjects) = Self.world()
        Self.record(named, bySite: false, rounds: 2_000, objects: namedObjects)
        Self.record(sited, bySite: true, rounds: 2_000, objects: sitedObjects)
        let (x, y) = (named.trace.events, sited.trace.events)
        #expect(x.count == 2_000 * TraceSite.allCases.count)
        #expect(x.count == y.count)
        #expect(zip(x, y).allSatisfy { $0 == $1 })
        #expect(named.memory.count == sited.memory.count)
        #expect(named.trace.nextEventSeq == sited.trace.nextEventSeq)
        #expect(y.last?.object == "ViewController#3")
    }

    @Test("after a clear, a site's shape and its objects' names are found again")
    func acrossAClear() {
        let (sim, objects) = Self.world()
        Self.record(sim, bySite: true, rounds: 10, objects: objects)
        let seq = sim.trace.nextEventSeq
        sim.trace.clear()
        Self.record(sim, bySite: true, rounds: 10, objects: objects)
        let (fresh, freshObjects) = Self.world()
        Self.record(fresh, bySite: false, rounds: 10, objects: freshObjects)
        #expect(sim.trace.events.map(\.event) == fresh.trace.events.map(\.event))
        #expect(sim.trace.events.map(\.args.count) == fresh.trace.events.map(\.args.count))
        #expect(sim.trace.events.first?.seq == seq)
    }

    @Test("listeners hear a site's events: onEvent for its kinds, before and after each")
    func listeners() {
        let (sim, objects) = Self.world()
        var heard: [String] = [], before = 0, after = 0
        sim.trace.onEventKinds = [.containment]
        sim.trace.onEvent = { heard.append($0.event) }
        Self.record(sim, bySite: true, rounds: 3, objects: objects)
        #expect(heard == Array(repeating: ["willMove", "didMove"], count: 3).flatMap { $0 })
        sim.trace.onEvent = nil
        sim.trace.beforeRecord = { _ in before += 1 }
        sim.trace.afterRecord = { _ in after += 1 }
        Self.record(sim, bySite: true, rounds: 3, objects: objects)
        #expect(before == 3 * TraceSite.allCases.count && after == before)
        sim.trace.beforeRecord = nil
        sim.trace.afterRecord = nil
        sim.trace.isEnabled = false
        let count = sim.trace.events.count
        Self.record(sim, bySite: true, rounds: 3, objects: objects)
        #expect(sim.trace.events.count == count)
    }

    @Test("each site's row is its own, and the rows fit the table")
    func rows() {
        var seen = Set<Int>()
        for site in TraceSite.allCases {
            for tag: UInt8 in [0, 1, 4] { #expect(seen.insert(site.row(tag: tag)).inserted) }
        }
        #expect(seen.allSatisfy { $0 < TraceSite.rows })
    }
}
