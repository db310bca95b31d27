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
        let p = Process()
        p.executableURL = binary
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.arguments = ["test", "stop_spec.lua", "--timeout", "60", "--junit", "out.xml"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        Thread.sleep(forTimeInterval: 2)
        kill(p.processIdentifier, signal)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == code, "\(text)")
        #expect(text.contains("PASS stop_spec.lua: first ("), "\(text)")
        #expect(text.contains("FAIL stop_spec.lua: fails ("), "\(text)")
        #expect(!text.contains("loops") && !text.contains("never"), "\(text)")
        #expect(text.hasSuffix("\n1 passed, 1 failed, stopped by \(name)\n"), "\(text)")
        let junit = try String(contentsOfFile: dir + "/out.xml", encoding: .utf8)
        #expect(junit.contains("<testsuites tests=\"2\" failures=\"1\""), "\(junit)")
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
            let p = Process()
            p.executableURL = binary
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            p.arguments = ["test"] + files + ["--timeout", "1"]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = Pipe()
            let start = Date()
            try p.run()
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
}
