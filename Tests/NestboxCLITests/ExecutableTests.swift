import Foundation
import Testing
@testable import NestboxCLI

/// Tests that start processes run one at a time: a child inherits the pipes of whatever
/// else is running.
@Suite(.serialized) struct SubprocessTests {
    let socket = "nestbox-test-\(UUID().uuidString.prefix(8))"
}

/// The real binary as a subprocess: arguments, streams and exit status.
enum ExecutableTests {
    /// The nestbox executable built next to the test bundle.
    static var binary: URL? {
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("nestbox")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

}

extension SubprocessTests {
    @Test func runsTheDemoAndReportsExitCodes() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let demo = root.appendingPathComponent("scripts/examples/demo.lua").path

        func run(_ args: [String]) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = binary
            p.arguments = args
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = Pipe()
            try p.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        let (code, out) = try run(["run", demo, "--kinds", "containment"])
        #expect(code == 0)
        #expect(out.contains("OK\n"))
        #expect(out.contains("[0.000] archive.didMove(toParent: container)\n"))
        #expect(out.hasSuffix("<ContainerController: container>, state: appeared, view: <View: container.view>\n   | <PageController: archive>, state: appeared, view: <View: archive.view>\n"))
        #expect(try run(["run"]).0 == 2)
        #expect(try run(["--help"]).0 == 0)
    }

    @Test("NESTBOX_TRACE=off records no trace: no events printed, the same hierarchy")
    func traceOff() throws {
        let file = try script(twoControllers)
        let traced = try runBinary(["run", file], environment: [:])
        let untraced = try runBinary(["run", file], environment: ["NESTBOX_TRACE": "off"])
        #expect(traced.out.contains("[0.000] p.addChild(c)\n") && traced.code == 0)
        #expect(untraced.code == 0 && untraced.out == "hello\n<ViewController: p>, state: appeared, view: <View: p.view>\n"
                + "   | <ViewController: c>, state: appeared, view: <View: c.view>\n", "\(untraced.out)")
    }

    @Test("nestbox test: PASS/FAIL in colour with CLICOLOR_FORCE (standard output is a pipe here), none with NO_COLOR; the rule")
    func colour() throws {
        let spec = try script("it('ok', function() end)\nit('bad', function() check(false) end)\n", name: "colour_spec.lua")
        let forced = try runBinary(["test", spec], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": ""])
        #expect(forced.out.contains("\u{1b}[32mPASS\u{1b}[0m \(spec): ok ("), "\(forced.out)")
        #expect(forced.out.contains("\u{1b}[31mFAIL\u{1b}[0m \(spec): bad ("))
        let plain = try runBinary(["test", spec], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(!plain.out.contains("\u{1b}") && plain.out.contains("PASS \(spec): ok ("))
        #expect(try !runBinary(["test", spec], environment: ["CLICOLOR_FORCE": "0"]).out.contains("\u{1b}"))
        #expect(Colour.enabled(environment: [:], isTerminal: true))
        #expect(!Colour.enabled(environment: ["NO_COLOR": "x"], isTerminal: true))
        #expect(Colour.enabled(environment: ["NO_COLOR": ""], isTerminal: true))
        #expect(!Colour.enabled(environment: [:], isTerminal: false))
        #expect(Colour.enabled(environment: ["CLICOLOR_FORCE": "1"], isTerminal: false))
    }

    @Test("standard error in colour with CLICOLOR_FORCE: warning, nestbox:, file:line and a dimmed traceback; none with NO_COLOR")
    func colourOnStandardError() throws {
        let file = try script("""
            local p = ui.ViewController{ name = "p" }
            ui.window.rootViewController = p
            ui.settle()
            p:beginAppearanceTransition(false, false)
            p:beginAppearanceTransition(false, false)
            error("boom")
            """, name: "colour_err.lua")
        let forced = try runBinary(["run", file, "--trace", "none"], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": ""])
        #expect(forced.code == 1)
        #expect(forced.err.hasPrefix("""
            \u{1b}[33mwarning:\u{1b}[0m Unbalanced calls to begin/end appearance transitions for <ViewController: p>.
            \u{1b}[31m\(file):6:\u{1b}[0m boom
            \u{1b}[2mstack traceback:\u{1b}[0m
            \u{1b}[2m\t[C]: in function 'error'\u{1b}[0m
            """), "\(forced.err)")
        let missing = try runBinary(["run", file + ".none"], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": ""])
        #expect(missing.err.hasPrefix("\u{1b}[31mnestbox:\u{1b}[0m cannot open "), "\(missing.err)")
        let plain = try runBinary(["run", file, "--trace", "none"], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(!plain.err.contains("\u{1b}") && plain.err.hasPrefix("warning: Unbalanced"))
        #expect(try !runBinary(["run", file, "--trace", "none"], environment: [:]).err.contains("\u{1b}"))
        #expect(Colour.standardError("exploring: 3 sequences") == "exploring: 3 sequences")
        #expect(Colour.standardError("a b:3: c") == "a b:3: c")
    }

    @Test("nestbox run - reads the script from standard input, named stdin")
    func runFromStandardInput() throws {
        let r = try runBinary(["run", "-", "--trace", "none"], input: "print('from stdin')\nlocal x = nil\nx.y = 1\n")
        #expect(r.code == 1)
        #expect(r.out.hasPrefix("from stdin\n"))
        #expect(r.err.hasPrefix("stdin:3: attempt to index a nil value (local 'x')\n"), "\(r.err)")
        // Its report is titled as its errors name it.
        let page = FileManager.default.temporaryDirectory.path + "/nestbox-stdin-\(getpid()).html"
        defer { try? FileManager.default.removeItem(atPath: page) }
        let reported = try runBinary(["run", "-", "--trace", "none", "--report", page], input: "print(1)\n")
        #expect(reported.code == 0)
        let html = String(decoding: FileManager.default.contents(atPath: page) ?? Data(), as: UTF8.self)
        #expect(html.contains("<title>stdin — Nestbox report</title>"), "\(html.prefix(400))")
    }

    @Test("a deep chain of autoresizing views resizes within the bounds, whatever the shell's stack limit")
    func deepWalksHaveTheirStack() throws {
        // The resize recurses once per level; under a 1 MiB stack limit the main thread
        // held fewer levels than this (a segmentation fault). The command's own thread
        // has its stack whatever the limit (main.swift).
        let file = FileManager.default.temporaryDirectory.path + "/nestbox-deep-\(getpid()).lua"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try """
            local top = ui.View{ frame = { 0, 0, 300, 300 } }
            local v = top
            for _ = 1, 3000 do
              local n = ui.View{ frame = { 0, 0, 300, 300 }, autoresizingMask = "flexibleWidth" }
              v:addSubview(n); v = n
            end
            top.frame = { 0, 0, 200, 200 }
            print(v.frame.width)
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let r = try runBinary(["-c", "ulimit -s 1024 && exec \"$0\" run \"$1\" --trace none", binary.path, file],
                              binary: URL(fileURLWithPath: "/bin/sh"))
        #expect(r.code == 0, "\(r.err.prefix(300))")
        #expect(r.out.hasPrefix("200.0\n"))
    }

    @Test("nestbox repl reads a pipe line by line, without prompts")
    func replInAPipe() throws {
        let r = try runBinary(["repl"], input: "x = 20\nfunction f()\n  return x + 1\nend\nf() * 2\n")
        #expect(r.code == 0)
        #expect(r.out == "42\n")
    }

    @Test("nestbox repl --timeout: a piped line that loops ends at the limit and the next one runs; a bad limit is exit 2")
    func replLimitsInAPipe() throws {
        let input = "while true do end\nprint('next')\n"
        let r = try runBinary(["repl", "--timeout", "0.3"], input: input)
        #expect(r.code == 0)
        #expect(r.out == "next\n")
        #expect(r.err.hasPrefix("time limit exceeded at stdin:1\n"), "\(r.err)")
        let bad = try runBinary(["repl", "--timeout", "0"], input: input)
        #expect(bad.code == 2)
        #expect(bad.err.hasPrefix("Error: --timeout must be a number of seconds above 0"), "\(bad.err)")
    }
}

extension SubprocessTests {
    /// A hook cannot interrupt a C function: a backtracking pattern would run for hours.
    /// The real binary ends itself a second after the deadline, with exit 3.
    @Test func aRunStuckInAFunctionEndsAfterItsDeadline() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-stuck-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("pattern.lua")
        try #"print(string.find(string.rep("a", 40), string.rep("a?", 40) .. string.rep("a", 40)))"#
            .write(to: script, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["run", script.path, "--timeout", "0.3"]
        let err = Pipe()
        p.standardOutput = Pipe()
        p.standardError = err
        let start = Date()
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 3)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(String(decoding: data, as: UTF8.self) ==
                "nestbox: time limit exceeded in \(script.path) (inside a library function that cannot be interrupted)\n")
    }
}

extension SubprocessTests {
    /// Output that could not be written is not a success: a closed standard output and
    /// a full disk end with exit 1 and one line saying why, for a run and for lints that
    /// were found (5 would say nothing else failed).
    @Test(arguments: [(">&-", "Bad file descriptor", "run"), ("> /dev/full", "No space left on device", "run"),
                      ("> /dev/full", "No space left on device", "lint"), ("> /dev/full", "No space left on device", "lint --json")])
    func failedStandardOutput(_ redirection: String, _ why: String, _ command: String) throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let path = try script("local b = ui.Button{ name = 'b' }\nb.type = 'system'")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "exec \"$0\" \(command) \"$1\" \(redirection)", binary.path, path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(String(decoding: data, as: UTF8.self) == "nestbox: cannot write to standard output: \(why)\n")
    }
}
