import Testing
@testable import Containment
import InvariantChecking

/// The core skips a callback its host has said it does not want (`SimObject.handle`):
/// only while the host's answer is marked valid and of the simulation's current
/// `hostGeneration`, and never for the callbacks a host looks up by other means.
@Suite(.checksInvariants) struct HostCacheTests {
    final class CountingHost: ObjectHost {
        var heard: [String] = []
        func run(_ hook: Hook, on object: SimObject) { heard.append(hook.name) }
        func loadView(for controller: ViewController) -> Bool { false }
        func ownershipChanged(of object: SimObject, owned: Bool) {}
        func size(forChild child: ViewController, of parent: ViewController, parentSize: Size) -> Size? { nil }
    }

    /// What the host hears of viewDidLoad, willMove and a control event with `cache`.
    static func heard(_ cache: (Simulation) -> UInt64, bump: Bool = false) -> [String] {
        let sim = Simulation()
        let host = CountingHost()
        let vc = ViewController(simulation: sim, name: "vc")
        vc.host = host
        vc.hostCache = cache(sim)
        if bump { sim.hostGeneration &+= 1 }
        vc.handle(.viewDidLoad)
        vc.handle(.willMove(toParent: nil))
        vc.handle(.controlEvent("touchUpInside"))
        vc.handle(.didScroll)
        return host.heard
    }

    static func answer(_ bits: UInt64, _ sim: Simulation) -> UInt64 {
        bits | SimObject.hostCacheValid | UInt64(sim.hostGeneration) << 32
    }

    @Test("with no answer yet every callback reaches the host")
    func noAnswer() {
        #expect(Self.heard { _ in 0 } == ["viewDidLoad", "willMove", "controlEvent", "didScroll"])
    }

    @Test("an answer of this generation skips the callbacks it does not want, and only those")
    func skips() {
        let willMove = UInt64(1) << UInt64(Hook.willMove(toParent: nil).ordinal)
        #expect(Self.heard { Self.answer(willMove, $0) } == ["willMove", "controlEvent", "didScroll"])
        #expect(Self.heard { Self.answer(0, $0) } == ["controlEvent", "didScroll"])
    }

    @Test("an answer not marked valid, or of an older generation, is not trusted")
    func staleAnswers() {
        #expect(Self.heard { UInt64($0.hostGeneration) << 32 } == ["viewDidLoad", "willMove", "controlEvent", "didScroll"])
        #expect(Self.heard({ Self.answer(0, $0) }, bump: true) == ["viewDidLoad", "willMove", "controlEvent", "didScroll"])
    }
}
