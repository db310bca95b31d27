import Foundation
import Testing
import NestboxCLI

/// A run under `--timeout T` ends within T + 1 s, its report included: host loops
/// check the deadline, and the report stops 0.3 s past it with a note.
@Suite struct DeadlineTests {
    func timed(_ args: [String]) -> (Captured, Duration) {
        let start = ContinuousClock.now
        let r = nestbox(args)
        return (r, ContinuousClock.now - start)
    }

    @Test("30,000 timers that outlast the deadline: exit 3 within T + 1 s")
    func timers() throws {
        let path = try script("""
            local n = 0
            for i = 1, 30000 do ui.after(0, function() for j = 1, 20000 do n = n + j end end) end
            """)
        let (r, elapsed) = timed(["run", path, "--trace", "none", "--timeout", "1"])
        #expect(r.code == 3)
        #expect(elapsed < .seconds(3), "T + 1 s, and a second for a loaded machine")
        #expect(r.err.hasPrefix("nestbox: time limit exceeded "), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(r.out == "(no root view controller)\n")
    }

    @Test("an endless loop growing the trace: the report is cut short at T + 0.3 s")
    func longReport() throws {
        let path = try script("""
            local v, w = ui.View{ name = "v" }, ui.View{ name = "w" }
            while true do v:addSubview(w); w:removeFromSuperview() end
            """)
        let (r, elapsed) = timed(["run", path, "--timeout", "1"])
        #expect(r.code == 3)
        #expect(elapsed < .seconds(3), "T + 1 s, and a second for a loaded machine")
        #expect(r.err == "nestbox: time limit exceeded at \(path):2\n")
        #expect(r.out.hasPrefix("[0.000] v.addSubview(w)\n[0.000] w.removeFromSuperview()\n"))
        // a debug build prints about 120,000 events in 0.3 s; a fast one may finish
        let cut = r.out.range(of: #"… report cut short at the time limit, after \d+ trace events \(hierarchies incomplete\)\n$"#,
                              options: .regularExpression) != nil
        #expect(cut || r.out.hasSuffix("\n\n(no root view controller)\n"), "\(r.out.suffix(200))")
    }
}
