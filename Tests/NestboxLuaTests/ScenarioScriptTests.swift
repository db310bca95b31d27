import Foundation
import Testing
import NestboxLua
import InvariantChecking

/// The scenarios of docs/scenarios.md driven through the bindings
/// (Tests/Scenarios/*.lua). Their `ui.expectTrace [[...]]` calls are the
/// one written copy of each expected trace; the model's Swift tests read them too
/// (Tests/ContainmentTests/Scenario.swift). Each must run cleanly and print OK last.
@Suite(.checksInvariants) struct ScenarioScriptTests {
    static let scripts: [String] = {
        let dir = SharedTestFiles.scenarios
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasPrefix("S") && $0.hasSuffix(".lua") }.sorted()   // the rest are shared modules
    }()

    @Test func allScenariosArePresent() {
        let ids = (1...49).map { String(format: "S%02d", $0) }
        for s in ids {
            #expect(Self.scripts.contains { $0.hasPrefix(s + "-") }, "missing \(s)")
        }
    }

    @Test(arguments: scripts)
    func scenario(_ name: String) throws {
        let rt = try LuaRuntime()
        var out = ""
        rt.output = { out += $0 }
        let path = SharedTestFiles.scenarios.appendingPathComponent(name).path
        let outcome = rt.run(file: path)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.hasSuffix("OK\n"), "last line of \(name): \(out)")
    }
}
