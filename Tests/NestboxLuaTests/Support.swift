import Foundation
import Testing
import Containment
import NestboxLua

/// Runs Lua source in a fresh runtime; returns the outcome, what `print` wrote, and
/// the runtime for further checks. The model's invariants must hold after the run, over
/// the window and every object the script kept (the suite trait checks the window again
/// when the runtime ends).
func runLua(_ source: String, keepGoing: Bool = false,
            sourceLocation: SourceLocation = #_sourceLocation) throws -> (RunOutcome, String, LuaRuntime) {
    let rt = try LuaRuntime()
    var out = ""
    rt.output = { out += $0 }
    rt.keepGoing = keepGoing
    let outcome = rt.run(source: source, chunkName: "=test")
    #expect(rt.stackDepth == 0, "the Lua stack is balanced after a run", sourceLocation: sourceLocation)
    for v in rt.checkInvariants() {
        Issue.record(Comment(rawValue: "model invariant: \(v)"), sourceLocation: sourceLocation)
    }
    return (outcome, out, rt)
}

/// Runs `step` once more to settle, then twice: the memory the simulation counts must
/// not grow, as each step's objects go with it. Returns what the steps printed.
@discardableResult
func expectSteadyMemory(_ rt: LuaRuntime, step: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    var printed = ""
    rt.output = { printed += $0 }
    _ = rt.evaluate(step)
    let before = rt.simulation.memory.count
    _ = rt.evaluate(step + "; " + step)
    #expect(rt.simulation.memory.count == before, "memory after two more steps", sourceLocation: sourceLocation)
    return printed
}

/// The error message of a failed run, or a test failure.
func errorMessage(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let (outcome, _, _) = try runLua(source, sourceLocation: sourceLocation)
    switch outcome {
    case .scriptError(let message, _): return message
    case .expectationFailed(let message): return message
    default:
        Issue.record("expected an error, got \(outcome)", sourceLocation: sourceLocation)
        return ""
    }
}

/// The repository root, found from this file.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
