import Foundation
import Testing

extension SubprocessTests {
    /// `nestbox test` writes each test's line when the test ends: a run killed during a
    /// long third test has already reported the first two. (SIGKILL: a child of the test
    /// process may inherit a mask that blocks SIGTERM.)
    @Test func testLinesStream() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nb-stream-\(UUID().uuidString.prefix(8))_spec.lua").path
        try """
            it("first", function() end)
            it("second", function() end)
            it("loops", function() while true do end end)
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["test", file, "--timeout", "60"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        Thread.sleep(forTimeInterval: 3)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        // The test's own process (Q72) dies with the run and holds none of its output.
        let killed = Date()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(Date().timeIntervalSince(killed) < 10, "the output stayed open after the run was killed")
        #expect(text.contains("PASS \(file): first ("), "\(text)")
        #expect(text.contains("PASS \(file): second ("), "\(text)")
        #expect(!text.contains("loops"))
    }

    /// SIGTERM and SIGINT stop the run at a test's end: the finished tests, the summary
    /// and the JUnit file are written, and the exit code is the shell's 143 or 130.
    @Test(arguments: [(SIGTERM, Int32(143), "SIGTERM"), (SIGINT, Int32(130), "SIGINT")])
    func signalStopsTheRun(signal: Int32, code: Int32, name: String) throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-stop-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            it("first", function() end)
            it("fails", function() check(false, "no") end)
            it("loops", function() while true do end end)
            it("never", function() end)
            """.write(toFile: dir + "/stop_spec.lua", atomically: true, encoding: .utf8)
        // One at a time, `never` waits behind `loops`; two at a time, it finishes beside it
        // and is said, in its place: what finished is reported.
        for jobs in ["1", "2"] {
            let zombies = Self.zombies()
            let (status, text) = try stopped(binary, in: dir, ["--junit", "out.xml", "-j", jobs])
            #expect(status == code, "\(text)")
            #expect(text.contains("PASS stop_spec.lua: first ("), "\(text)")
            #expect(text.contains("FAIL stop_spec.lua: fails ("), "\(text)")
            #expect(!text.contains("loops"), "\(text)")
            let passed = jobs == "1" ? 1 : 2
            #expect(text.contains("PASS stop_spec.lua: never (") == (jobs == "2"), "\(text)")
            #expect(text.hasSuffix("\n\(passed) passed, 1 failed, stopped by \(name)\n"), "\(text)")
            let junit = try String(contentsOfFile: dir + "/out.xml", encoding: .utf8)
            #expect(junit.contains("<testsuites tests=\"\(passed + 1)\" failures=\"1\""), "\(junit)")
            // A worker's test, killed with it, is reaped by the run, not left to init.
            Thread.sleep(forTimeInterval: 0.3)
            #expect(Self.zombies() <= zombies, "-j \(jobs) left dead processes unreaped")
        }
        // In TAP, a stopped run bails out where the plan would count only what ran.
        let (status, text) = try stopped(binary, in: dir, ["--tap", "-j", "1"])
        #expect(status == code, "\(text)")
        #expect(text.hasSuffix("  ...\nBail out! Stopped by \(name)\n# 1 passed, 1 failed, stopped by \(name)\n"), "\(text)")
        #expect(!text.contains("1.."), "\(text)")

        /// `nestbox test stop_spec.lua` with `extra` options, sent `signal` after 2 s.
        func stopped(_ binary: URL, in dir: String, _ extra: [String]) throws -> (Int32, String) {
            let (p, out) = try Self.start(binary, in: dir, ["test", "stop_spec.lua", "--timeout", "60"] + extra)
            Thread.sleep(forTimeInterval: 2)
            kill(p.processIdentifier, signal)
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text)
        }
    }

    /// Ctrl-C stops `run`, `lint` and `explore` as a limit does, and nothing already found
    /// is lost: the trace so far and where it stopped, the lints so far, the sequences
    /// explored; the exit is the shell's 130 (143 for SIGTERM).
    @Test func signalStopsRunLintAndExplore() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-ctrlc-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            root.view.hidden = true
            while true do end
            """.write(toFile: dir + "/loop.lua", atomically: true, encoding: .utf8)
        let menu = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/examples/sliding-menu.lua").path
        for (arguments, signal, code, expected) in [
            (["run", "loop.lua", "--timeout", "60", "--kinds", "lifecycle"], SIGINT, Int32(130), "[0.000] root.viewDidAppear(animated: false)\n"),
            (["lint", "loop.lua", "--timeout", "60"], SIGINT, 130, "loop.lua:3: L15 `hidden` is the Objective-C spelling of `isHidden`"),
            (["explore", menu, "--for", "60", "--out", "xo"], SIGTERM, 143, "; stopped by SIGTERM\n"),
        ] {
            let p = Process()
            p.executableURL = binary
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            p.arguments = arguments
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            try p.run()
            Thread.sleep(forTimeInterval: 1.5)
            kill(p.processIdentifier, signal)
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == code, "\(arguments[0]): \(text) \(said)")
            #expect(text.contains(expected), "\(arguments[0]): \(text)")
            if arguments[0] != "explore" { #expect(said.hasSuffix("nestbox: interrupted at loop.lua:4\n"), "\(said)") }
        }
    }

    /// timeout(1) signals the run and then its whole process group: one stop, not a
    /// second signal that ends the process (which lost the summary and the JUnit file
    /// in about one run of seven; four runs here).
    @Test func timeoutSignalsTwice() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-twice-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            it("quick", function() end)
            it("spins", function() local t = os.clock() while os.clock() - t < 5 do end end)
            it("after", function() end)
            """.write(toFile: dir + "/slow_spec.lua", atomically: true, encoding: .utf8)
        for _ in 0..<4 {
            try? FileManager.default.removeItem(atPath: dir + "/out.xml")
            let (status, text) = try Self.underTimeout("INT", binary, in: dir, ["test", "slow_spec.lua", "--junit", "out.xml", "-j", "2"])
            #expect(status == 124, "\(text)")
            #expect(text.hasSuffix("\n2 passed, 0 failed, stopped by SIGINT\n"), "\(text)")
            #expect(FileManager.default.fileExists(atPath: dir + "/out.xml"))
        }
    }

    /// timeout(1) signals explore's whole process group, its children too: a sequence the
    /// signal cut short is dropped, not reported, stored or made a repro (with `-j 2` it
    /// was a failure in about one run of four; four runs here).
    @Test func aStoppedExplorationFindsNothingItDidNotFind() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-xstop-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // Every sequence's action spins, so the signal finds children mid-sequence.
        try """
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            ui.action("spin", function() local t = os.clock() while os.clock() - t < 0.2 do end end)
            """.write(toFile: dir + "/spin.lua", atomically: true, encoding: .utf8)
        for _ in 0..<4 {
            let (status, text) = try Self.underTimeout("TERM", binary, in: dir, ["explore", "spin.lua", "--for", "60", "-j", "2"])
            #expect(status == 124, "\(text)")
            #expect(text.hasSuffix(": no failure; stopped by SIGTERM\n"), "\(text)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/explore-out/repro.lua"))
            let stored = (try? String(contentsOfFile: dir + "/.nestbox-explore/spin.txt", encoding: .utf8)) ?? ""
            #expect(stored.isEmpty, "\(stored)")
        }
    }

    /// A reader that leaves early (`| head -c 1`) costs no JUnit file: every test still
    /// runs, the file is written whole, and the exit is SIGPIPE's 141.
    @Test func aLostReaderKeepsTheJUnitFile() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-pipe-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try (1...40).map { "it('t\($0)', function() local t = os.clock() while os.clock() - t < 0.01 do end end)\n" }.joined()
            .write(toFile: dir + "/many_spec.lua", atomically: true, encoding: .utf8)
        let (p, out) = try Self.start(URL(fileURLWithPath: "/bin/bash"), in: dir,
                                      ["-c", "'\(binary.path)' test many_spec.lua --junit out.xml -j 1 | head -c 1 > /dev/null; echo ${PIPESTATUS[0]}"])
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text == "141\n")
        let junit = try String(contentsOfFile: dir + "/out.xml", encoding: .utf8)
        #expect(junit.contains(#"<testsuites tests="40" failures="0" errors="0""#), "\(junit)")
    }

    /// A failing test's printed output is kept up to 64 KiB, with a note of what was cut.
    @Test func printedOutputIsCapped() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nb-print-\(UUID().uuidString.prefix(8))_spec.lua").path
        try """
            it("prints", function()
              local s = string.rep("x", 1024 * 1024)
              for _ = 1, 40 do print(s) end
              error("fails after printing")
            end)
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["test", file, "--max-memory", "64"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(text.contains("(printed output cut here: \(40 * (1024 * 1024 + 1) - 64 * 1024) more bytes)"))
        #expect(text.utf8.count < 80 * 1024)
    }

    /// Q72: each test runs in a process forked once its file has loaded. No global,
    /// upvalue, object or window state leaks from one test to the next; a test stuck in
    /// a C function fails alone and the run goes on; a file of 5,000 tests is loaded
    /// once, not 5,000 times (which took minutes).
    @Test func eachTestInAForkedProcess() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-fork-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            local count = 0
            it("changes the world", function()
              leaked = ui.ViewController{ name = "x" }
              count = count + 1
              ui.window.rootViewController = leaked
              ui.window:makeKeyAndVisible()
            end)
            it("sees a fresh one", function()
              check(leaked == nil, "a global leaked")
              check(count == 0, "an upvalue leaked")
              check(ui.window.rootViewController == nil, "the window leaked")
              check(#ui.trace.events() == 0, "the trace leaked")
            end)
            it("is stuck", function() string.find(string.rep("a", 40), string.rep("a?", 40) .. string.rep("a", 40)) end)
            it("runs after", function() end)
            """.write(toFile: dir + "/fresh_spec.lua", atomically: true, encoding: .utf8)
        try (1...5000).map { "it(\"t\($0)\", function() check(ui.window.rootViewController == nil) end)\n" }.joined()
            .write(toFile: dir + "/many_spec.lua", atomically: true, encoding: .utf8)
        func run(_ files: String...) throws -> (Int32, String, Double) {
            let start = Date()
            let (p, out) = try Self.start(binary, in: dir, ["test"] + files + ["--timeout", "1"])
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text, Date().timeIntervalSince(start))
        }
        let (code, text, _) = try run("fresh_spec.lua")
        #expect(code == 1)
        #expect(text.contains("PASS fresh_spec.lua: sees a fresh one ("), "\(text)")
        #expect(text.contains("FAIL fresh_spec.lua: is stuck (") && text.contains(
            "     time limit exceeded (inside a library function that cannot be interrupted)\n"), "\(text)")
        #expect(text.contains("PASS fresh_spec.lua: runs after ("), "\(text)")
        let (manyCode, many, seconds) = try run("many_spec.lua")
        #expect(manyCode == 0)
        #expect(many.hasSuffix("\n5000 passed, 0 failed\n"))
        #expect(seconds < 60, "5,000 tests took \(seconds) s")
        // With -j 2 each file runs in a worker process of its own, which forks its tests.
        let (jobsCode, jobs, _) = try run("fresh_spec.lua", "many_spec.lua", "-j", "2")
        #expect(jobsCode == 1)
        #expect(jobs.contains("PASS fresh_spec.lua: sees a fresh one (") && jobs.contains("FAIL fresh_spec.lua: is stuck ("), "\(jobs)")
        #expect(jobs.hasSuffix("\n5003 passed, 1 failed\n"), "\(jobs.suffix(200))")
    }

    /// With one file, `-j N` runs N of its tests at once, each in its own child (Q72),
    /// and the report still reads in the file's order: two tests that loop until the
    /// one-second deadline end together, and the tests after them are said after them.
    @Test func testsOfOneFileRunAtOnce() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-jobs-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            it("loops", function() while true do end end)
            it("is stuck", function() print("finding"); string.find(string.rep("a", 40), string.rep("a?", 40) .. string.rep("a", 40)) end)
            it("passes", function() end)
            pending("is pending")
            it("fails", function() check(false, "no") end)
            """.write(toFile: dir + "/order_spec.lua", atomically: true, encoding: .utf8)
        func run(_ jobs: String) throws -> (Int32, String, Double) {
            let start = Date()
            let (p, out) = try Self.start(binary, in: dir, ["test", "order_spec.lua", "--timeout", "1", "-j", jobs])
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text, Date().timeIntervalSince(start))
        }
        let names = ["FAIL order_spec.lua: loops (", "FAIL order_spec.lua: is stuck (", "PASS order_spec.lua: passes (",
                     "SKIP order_spec.lua: is pending", "FAIL order_spec.lua: fails ("]
        for jobs in ["1", "2"] {
            let (code, text, seconds) = try run(jobs)
            #expect(code == 1)
            let at = names.map { text.range(of: $0)?.lowerBound }
            #expect(at.allSatisfy { $0 != nil } && at.map { $0! } == at.map { $0! }.sorted(), "-j \(jobs): \(text)")
            // What the stuck test printed before its process was ended is shown.
            #expect(text.contains("     time limit exceeded at order_spec.lua:1\n") && text.contains(
                "     time limit exceeded (inside a library function that cannot be interrupted)\n     printed:\n       finding\n"), "\(text)")
            #expect(text.hasSuffix("\n1 passed, 3 failed, 1 skipped\n"), "\(text)")
            // One at a time: the loop's second, then the stuck test's two (its grace).
            // Two at once: both within the stuck test's two.
            if jobs == "1" { #expect(seconds >= 3, "\(seconds) s") } else { #expect(seconds < 2.9, "\(seconds) s") }
        }
    }
}

extension SubprocessTests {
    /// `nestbox ARGS` started in `dir`, its standard output piped.
    /// `timeout -s SIGNAL 1 nestbox ARGUMENTS`: timeout's status (124) and the standard output.
    static func underTimeout(_ signal: String, _ binary: URL, in dir: String, _ arguments: [String]) throws -> (Int32, String) {
        let (p, out) = try start(URL(fileURLWithPath: "/usr/bin/timeout"), in: dir, ["-s", signal, "1", binary.path] + arguments)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    static func start(_ binary: URL, in dir: String, _ arguments: [String]) throws -> (Process, Pipe) {
        let p = Process()
        p.executableURL = binary
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        return (p, out)
    }

    /// How many nestbox processes have ended and not been reaped (state Z in /proc).
    static func zombies() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8) else { return false }
            return stat.contains("(nestbox) Z ")
        }.count
    }

    /// The processes under `pid` (children, then theirs), read from /proc.
    static func descendants(of pid: Int32) -> [Int32] {
        var parents: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let p = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let ppid = Int32(fields[1]) { parents[p] = ppid }
        }
        var found: [Int32] = [], frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key).sorted()
            found += children
            frontier += children
        }
        return found
    }

    /// A test's process killed from outside fails that test alone ("ended by signal 9")
    /// and the next test runs.
    @Test func aKilledTestFailsAlone() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-kill-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            it("is killed", function() while true do end end)
            it("runs after", function() end)
            """.write(toFile: dir + "/k_spec.lua", atomically: true, encoding: .utf8)
        let (p, out) = try Self.start(binary, in: dir, ["test", "k_spec.lua", "--timeout", "60", "-j", "1"])
        var victim: Int32?
        for _ in 0..<100 where victim == nil {
            Thread.sleep(forTimeInterval: 0.1)
            victim = Self.descendants(of: p.processIdentifier).first
        }
        kill(victim ?? p.processIdentifier, SIGKILL)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(text.contains("FAIL k_spec.lua: is killed (") && text.contains("     the test's process ended by signal 9\n"), "\(text)")
        #expect(text.contains("PASS k_spec.lua: runs after ("), "\(text)")
    }

    /// With `-j 2` a file's tests are shared by two worker processes: one killed from
    /// outside fails the test it had taken ("the process that ran it ended by signal 9"),
    /// and the other worker runs the rest.
    @Test func aKilledWorkerFailsItsTestAlone() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-killw-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            it("loops a", function() while true do end end)
            it("loops b", function() while true do end end)
            it("runs after", function() end)
            """.write(toFile: dir + "/w_spec.lua", atomically: true, encoding: .utf8)
        let (p, out) = try Self.start(binary, in: dir, ["test", "w_spec.lua", "--timeout", "2", "-j", "2"])
        var victim: Int32?
        for _ in 0..<50 where victim == nil {
            Thread.sleep(forTimeInterval: 0.05)
            victim = Self.descendants(of: p.processIdentifier).first { !Self.descendants(of: $0).isEmpty }
        }
        kill(victim ?? p.processIdentifier, SIGKILL)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(text.contains("     the process that ran it ended by signal 9\n"), "\(text)")
        #expect(text.contains("     time limit exceeded at w_spec.lua:"), "\(text)")
        #expect(text.contains("PASS w_spec.lua: runs after ("), "\(text)")
        #expect(text.hasSuffix("\n1 passed, 2 failed\n"), "\(text)")
    }
}
