import Foundation
import Testing
import Containment

/// The model's invariant check (`Simulation.checkInvariants`) on every Simulation a
/// test makes, run when that Simulation ends (the test's last reference goes, or a Lua
/// runtime closes), each violation recorded as an issue of the test. On a suite
/// (`@Suite(.checksInvariants)`) it scopes each of its tests, so a new test gets the
/// check without writing it. A Simulation that outlives its test reports to no one.
package struct InvariantTrait: SuiteTrait, TestTrait, TestScoping {
    package var isRecursive: Bool { true }

    package func provideScope(for test: Test, testCase: Test.Case?,
                              performing function: @Sendable () async throws -> Void) async throws {
        let recorder = InvariantRecorder()
        var failure: (any Error)?
        do {
            try await Simulation.$observer.withValue(recorder) { try await function() }
        } catch {
            failure = error
        }
        for v in recorder.violations {
            Issue.record(Comment(rawValue: "model invariant: \(v)"), sourceLocation: test.sourceLocation)
        }
        if let failure { throw failure }
    }
}

extension Trait where Self == InvariantTrait {
    /// Checks the model's invariants on every Simulation each test makes, at its end.
    package static var checksInvariants: Self { InvariantTrait() }
}

/// Collects the violations of the Simulations that end in its scope. A runtime may end
/// on another thread than the test's, hence the lock.
package final class InvariantRecorder: SimulationObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    package init() {}

    package var violations: [String] { lock.withLock { found } }

    package func simulationWillEnd(_ simulation: Simulation) {
        let v = simulation.checkInvariants()
        lock.withLock { found += v }
    }
}
