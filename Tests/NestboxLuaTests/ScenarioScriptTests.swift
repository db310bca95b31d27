import Foundation
import Testing
import NestboxLua

/// The reference scenarios again, written in Lua with `ui.expectTrace`
/// (Tests/NestboxLuaTests/Scenarios/*.lua). Each must run cleanly and print OK last.
@Suite struct ScenarioScriptTests {
    static let scripts: [String] = {
        let dir = repositoryRoot.appendingPathComponent("Tests/NestboxLuaTests/Scenarios")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted()
    }()

    @Test func allScenariosArePresent() {
        for s in ["S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08", "S09", "S10", "S11", "S12", "S13", "S14",
                  "S15", "S16", "S17", "S36", "S42", "S43", "S44"] {
            #expect(Self.scripts.contains { $0.hasPrefix(s + "-") }, "missing \(s)")
        }
    }

    @Test(arguments: scripts)
    func scenario(_ name: String) throws {
        let rt = try LuaRuntime()
        var out = ""
        rt.output = { out += $0 }
        let path = repositoryRoot.appendingPathComponent("Tests/NestboxLuaTests/Scenarios/\(name)").path
        let outcome = rt.run(file: path)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.hasSuffix("OK\n"), "last line of \(name): \(out)")
    }
}
