import Containment
import Foundation
import NestboxLua
import Rendering
import Testing
@testable import NestboxCLI

/// What a new user found after the hostile round: each answer as the README says it.
@Suite struct RoundThreeTests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-r3-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("--filter that matches no test is nothing to run: exit 2 with one line")
    func filterMatchingNothing() throws {
        let file = try folder() + "/names_spec.lua"
        try "it('one', function() end)\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = nestbox(["test", file, "--filter", "zzz"])
        #expect(r.code == 2)
        #expect(r.err == "nestbox: no test's name contains 'zzz' (--filter)\n")
        #expect(nestbox(["test", file, "--filter", "on"]).code == 0)
        // A file named with no test is one test, "(script)", chosen by the filter like any.
        let script = try folder() + "/design.lua"
        try "check(true)\n".write(toFile: script, atomically: true, encoding: .utf8)
        let both = nestbox(["test", script, file, "--filter", "zzz"])
        #expect(both.code == 2)
        #expect(both.err == "nestbox: no test's name contains 'zzz' (--filter)\n")
        let chosen = nestbox(["test", script, file, "--filter", "script"])
        #expect(chosen.code == 0 && chosen.out.contains("PASS \(script): (script) (") && !chosen.out.contains("one"), "\(chosen.out)")
    }

    @Test("a run a limit stops in ui.advance leaves the clock where the work was, not at the target")
    func advanceStoppedKeepsTheClock() throws {
        let rt = try LuaRuntime()
        rt.output = { _ in }
        rt.setLimits(timeout: 0.3, maxInstructions: nil)
        let outcome = rt.run(source: "n = 0\nfunction tick() n = n + 1; ui.after(0.001, tick) end\ntick()\nui.advance(1e8)",
                             settle: false)
        guard case .limitExceeded(let message) = outcome else { Issue.record("\(outcome)"); return }
        #expect(message.hasPrefix("time limit exceeded"))
        #expect(rt.simulation.clock.now < 1e7, "the clock jumped to \(rt.simulation.clock.now)")
    }

    @Test("a report page that would pass what --max-memory leaves is refused: exit 3 with one line")
    func reportPageOverMemory() throws {
        let rt = try LuaRuntime()
        rt.output = { _ in }
        let recorder = ReportRecorder(title: "x.lua")
        recorder.install(on: rt.simulation)
        #expect(rt.run(source: "ui.window.rootViewController = ui.ViewController{}\nui.window:makeKeyAndVisible()") == .ok)
        recorder.finish(rt.simulation)
        let path = try folder() + "/r.html"
        var err = ""
        let code = RunArguments.writeReport(recorder, to: path, memoryLeft: 1 << 10, output: Output(out: { _ in }, err: { err += $0 }))
        #expect(code == .limit)
        #expect(err.hasPrefix("nestbox: cannot write \(path): the page needs about "), "\(err)")
        #expect(err.contains(" KiB, more than the 1 KiB --max-memory leaves (a shorter run, or a larger --max-memory)\n"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(RunArguments.writeReport(recorder, to: path, output: Output(out: { _ in }, err: { _ in })) == .ok)
    }
}
