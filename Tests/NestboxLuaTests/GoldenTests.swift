import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// Every example script runs, checks itself (prints OK last) and matches its golden
/// trace in Golden/<name>.trace. `NESTBOX_RECORD_GOLDEN=1 swift test` re-records
/// them, and the test then fails so a recording never passes silently.
@Suite(.checksInvariants) struct GoldenTests {
    static let examples: [String] = {
        let dir = repositoryRoot.appendingPathComponent("scripts/examples")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted()
    }()

    @Test func thereAreExamples() { #expect(!Self.examples.isEmpty) }

    @Test(arguments: examples)
    func example(_ name: String) throws {
        let rt = try LuaRuntime()
        var out = ""
        rt.output = { out += $0 }
        // Relative path, so positions in the trace do not depend on the checkout.
        let saved = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(repositoryRoot.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(saved) }
        let outcome = rt.run(file: "scripts/examples/\(name)")
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.hasSuffix("OK\n"), "\(name) prints OK last")
        let actual = RunReport(simulation: rt.simulation).text
        let golden = repositoryRoot.appendingPathComponent("Tests/NestboxLuaTests/Golden")
            .appendingPathComponent((name as NSString).deletingPathExtension + ".trace")
        if ProcessInfo.processInfo.environment["NESTBOX_RECORD_GOLDEN"] != nil {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("recorded \(golden.lastPathComponent); run again without NESTBOX_RECORD_GOLDEN")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if expected != actual {
            let diff = unifiedDiff(diffLines(expected), diffLines(actual))
                .filter { !$0.hasPrefix("  ") }.prefix(40).joined(separator: "\n")
            Issue.record("\(name) differs from its golden trace:\n\(diff)")
        }
    }
}
