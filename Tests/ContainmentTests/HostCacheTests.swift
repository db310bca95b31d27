import Testing
@testable import Containment
import InvariantChecking

/// The core skips a callback its host has said it does not want (`SimObject.handle`):
/// only while the host's answer is marked valid and of the simulation's current
/// `hostGeneration`; target-actions always reach the host.
@Suite(.checksInvariants) struct HostCacheTests {
    final class CountingHost: ObjectHost {
        var heard: [String] = []
        func run(_ hook: Hook, _ override: Override, on object: SimObject) { heard.append(hook.name) }
        func send(_ action: TargetAction, from sender: SimObject) { heard.append("action") }
        func loadView(for controller: ViewController) -> Bool { false }
        func ownershipChanged(of object: SimObject, owned: Bool) {}
        func size(forChild child: ViewController, of parent: ViewController, parentSize: Size) -> Size? { nil }
    }

    /// What the host hears of viewDidLoad, willMove and a button's event with `cache`.
    static func heard(_ cache: (Simulation) -> UInt64, generation: ((Simulation) -> UInt32)? = nil, bump: Bool = false) -> [String] {
        let sim = Simulation()
        let host = CountingHost()
        let vc = ViewController(simulation: sim, name: "vc")
        let button = Button(simulation: sim, name: "b")
        vc.host = host
        button.host = host
        vc.hostCache = cache(sim)
        button.hostCache = cache(sim)
        vc.hostCacheGeneration = generation?(sim) ?? sim.hostGeneration
        button.hostCacheGeneration = vc.hostCacheGeneration
        if bump { sim.hostGeneration &+= 1 }
        vc.handle(.viewDidLoad)
        vc.handle(.willMove(toParent: nil))
        button.sendActions(for: .touchUpInside)
        return host.heard
    }

    static func answer(_ bits: UInt64, _ sim: Simulation) -> UInt64 {
        HostCache.answer(bits, keeping: 0)
    }

    @Test("with no answer yet every callback reaches the host")
    func noAnswer() {
        #expect(Self.heard { _ in 0 } == ["viewDidLoad", "willMove", "action"])
    }

    @Test("an answer of this generation skips the callbacks it does not want, and only those")
    func skips() {
        #expect(Self.heard { Self.answer(HostCache.bit(.willMove), $0) } == ["willMove", "action"])
        #expect(Self.heard { Self.answer(0, $0) } == ["action"])
    }

    @Test("an answer not marked valid, or of an older generation, is not trusted")
    func staleAnswers() {
        #expect(Self.heard { _ in HostCache.overrideBits & ~HostCache.bit(.viewDidLoad) } == ["viewDidLoad", "willMove", "action"])
        #expect(Self.heard({ Self.answer(0, $0) }, bump: true) == ["viewDidLoad", "willMove", "action"])
        #expect(Self.heard({ Self.answer(0, $0) }, generation: { $0.hostGeneration &- 1 }) == ["viewDidLoad", "willMove", "action"])
    }

    @Test("an answer keeps the host's own bits and drops stray ones")
    func answerKeepsHostBits() {
        let mine = HostCache.hostBit(0) | HostCache.hostBit(2)
        let a = HostCache.answer(HostCache.bit(.loadView) | (1 << 55), keeping: mine | HostCache.bit(.viewDidLoad))
        #expect(a == mine | HostCache.bit(.loadView) | HostCache.valid)
    }
}

/// The layout of `hostCache` (Hosting/HostCache.swift) and the override table it is
/// keyed by (Hosting/Override.swift).
@Suite(.checksInvariants) struct HostCacheLayoutTests {
    @Test("override bits stay below the host's bits; the host's bits and valid do not overlap")
    func layout() {
        #expect(Override.count <= HostCache.firstHostBit, "\(Override.count) overrides reach the host's bit \(HostCache.firstHostBit)")
        let hostBits = (0..<HostCache.hostBitCount).reduce(UInt64(0)) { $0 | HostCache.hostBit($1) }
        let parts = [HostCache.overrideBits, hostBits, HostCache.valid]
        for (i, a) in parts.enumerated() {
            for b in parts[(i + 1)...] { #expect(a & b == 0) }
        }
        #expect(HostCache.valid == 1 << UInt64(HostCache.firstHostBit + HostCache.hostBitCount), "valid follows the host's bits")
    }

    @Test("an override's ordinal is its position in the table, and back")
    func ordinals() {
        for (i, o) in Override.allCases.enumerated() {
            #expect(o.ordinal == i)
            #expect(Override(ordinal: i) == o)
            #expect(HostCache.bit(o) == 1 << UInt64(i))
        }
        #expect(Override(ordinal: Override.count) == nil)
        #expect(Override(ordinal: -1) == nil)
        #expect(Set(Override.allCases.map(\.name)).count == Override.count, "names are unique")
    }
}
