import Foundation
import Testing

/// The real binary, once, as a subprocess: arguments, streams and exit status.
@Suite struct ExecutableTests {
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

    @Test func runsTheDemoAndReportsExitCodes() throws {
        let binary = try #require(Self.binary, "nestbox is built before the tests")
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
}
