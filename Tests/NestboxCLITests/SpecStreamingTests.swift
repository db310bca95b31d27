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
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("PASS \(file): first ("), "\(text)")
        #expect(text.contains("PASS \(file): second ("), "\(text)")
        #expect(!text.contains("loops"))
    }
}
