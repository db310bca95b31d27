import Foundation
import Testing
import NestboxCLI
import NestboxLua

/// The run session `run` and the REPL share: a limit ends one run, never the process,
/// unless the session owns the process's streams.
@Suite struct RunSessionTests {
    func captured() -> (Output, () -> (out: String, err: String)) {
        final class Box { var out = "", err = "" }
        let box = Box()
        return (Output(out: { box.out += $0 }, err: { box.err += $0 }), { (box.out, box.err) })
    }

    @Test("two runs in one process: the first ends at its --timeout, the second runs normally")
    func twoRunsOneProcess() throws {
        let loop = try script("local n = 0\nwhile true do n = n + 1 end")
        let first = nestbox(["run", loop, "--trace", "none", "--timeout", "0.2"])
        #expect(first.code == 3)
        #expect(first.err == "nestbox: time limit exceeded at \(loop):2\n")
        #expect(first.out == "(no root view controller)\n")
        let second = nestbox(["run", try script(twoControllers), "--kinds", "containment"])
        #expect(second.code == 0)
        #expect(second.err == "")
        #expect(second.out == """
            hello
            [0.000] c.willMove(toParent: p)
            [0.000] c.didMove(toParent: p)

            <ViewController: p>, state: appeared, view: <View: p.view>
               | <ViewController: c>, state: appeared, view: <View: c.view>

            """)
    }

    /// Only a session on the process's own streams may end the process (see the
    /// executable's test of the same script); this one waits for the C function to
    /// return, well past the deadline plus the watchdog's second of grace, and returns
    /// the limit as its outcome. Its runtime is closed, not kept for an exit.
    @Test("a session that does not own the process returns from a run stuck in C, and closes its runtime")
    func stuckInCReturns() throws {
        let path = try script(#"print(string.find(string.rep("a", 25), string.rep("a?", 25) .. string.rep("a", 25)))"#)
        let (output, text) = captured()
        var options = RunSession.Options()
        options.timeout = 0.2
        options.format = .none
        weak var closed: LuaRuntime?
        let start = ContinuousClock.now
        do {
            let session = try RunSession(options: options, output: output)
            closed = session.runtime
            let result = session.execute(file: path)
            #expect(result.outcome == .limitExceeded("time limit exceeded at \(path):1"))
            #expect(result.code == .limit)
        }
        #expect(ContinuousClock.now - start > .seconds(1.2), "the C function outlasted the deadline and its grace")
        #expect(closed == nil)
        #expect(text().out == "(no root view controller)\n")
        #expect(text().err == "nestbox: time limit exceeded at \(path):1\n")

        let (output2, text2) = captured()
        let next = try RunSession(options: options, output: output2)
        #expect(next.execute(file: try script("print('next')")).code == .ok)
        #expect(text2().out == "next\n(no root view controller)\n")
        #expect(text2().err == "")
    }

    @Test("one outcome printer: each outcome's line on standard error and its exit code", arguments: [
        (RunOutcome.ok, "", Int32(0)),
        (.scriptError(message: "a.lua:1: boom", traceback: ""), "a.lua:1: boom\n", 1),
        (.scriptError(message: "a.lua:1: boom", traceback: "stack traceback:\n\t[C]: in ?"),
         "a.lua:1: boom\nstack traceback:\n\t[C]: in ?\n", 1),
        (.unreadable("cannot open a.lua"), "nestbox: cannot open a.lua\n", 2),
        (.limitExceeded("time limit exceeded at a.lua:3"), "nestbox: time limit exceeded at a.lua:3\n", 3),
        (.expectationFailed(message: "a.lua:2: trace mismatch"), "a.lua:2: trace mismatch\n", 4),
    ])
    func outcomePrinter(_ outcome: RunOutcome, _ line: String, _ code: Int32) throws {
        let (output, text) = captured()
        let session = try RunSession(options: .init(), output: output)
        #expect(session.printOutcome(outcome).code == code)
        #expect(text().err == line)
        #expect(text().out == "")
    }

    @Test("source runs under the session's options: JSON Lines sends prints to standard error")
    func sourceInJSONLines() throws {
        let (output, text) = captured()
        var options = RunSession.Options()
        options.format = .jsonl
        let session = try RunSession(options: options, output: output)
        #expect(session.run(source: "print('hi')") == .ok)
        #expect(session.report().text == """
            {"seq":1,"t":0,"kind":"log","object":"script","event":"print","args":{},"message":"hi"}
            {"hierarchy":"(no root view controller)"}

            """)
        #expect(text().err == "hi\n")
        #expect(text().out == "")
    }
}
