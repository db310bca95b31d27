import Foundation
import Testing

/// The release binary is linked unlike the debug one the other tests run (Package.swift's
/// `staticRelease`: Swift's libraries and libstdc++ statically, by lld, no exported symbols).
/// `scripts/test` builds it and sets NESTBOX_RELEASE_BINARY; without it these tests are
/// skipped (shown as skipped), since a plain `swift test` builds debug only.
extension SubprocessTests {
    static let releaseBinary = ProcessInfo.processInfo.environment["NESTBOX_RELEASE_BINARY"]

    func release(_ args: [String]) throws -> Captured {
        try runBinary(args, environment: [:], binary: URL(fileURLWithPath: try #require(Self.releaseBinary)))
    }

    @Test("the release binary maps only Lua and the C runtime, and still opens cairo", .enabled(if: releaseBinary != nil && picturesCompareByBytes))
    func releaseBinaryLinking() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["readelf", "-d", "--dyn-syms", try #require(Self.releaseBinary)]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let needed = text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.firstIndex(of: "[").map { String(line[line.index(after: $0)..<line.lastIndex(of: "]")!]) }
        }
        #expect(needed == ["liblua5.4.so.0", "libm.so.6", "libgcc_s.so.1", "libc.so.6", "ld-linux-x86-64.so.2"])
        // No exported symbol table: the loader binds none of the binary's own symbols.
        #expect(text.contains("RELR"), "packed relative relocations")
        #expect(!text.contains("swift_retain"), "the runtime's symbols are not exported")

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-release-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/design.lua"
        try "local v = ui.ViewController{ name = 'v' }\nui.window.rootViewController = v\nui.window:makeKeyAndVisible()\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try release(["run", file, "--trace", "none", "--snapshot", dir + "/v.png"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out == "<ViewController: v>, state: appeared, view: <View: v.view>\n")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/v.png"))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // ArgumentParser's path, which the quick paths skip.
        let version = try release(["--version"])
        #expect(version.code == 0 && !version.out.isEmpty)
    }
}
