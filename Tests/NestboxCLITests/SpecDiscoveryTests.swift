import Foundation
import Testing
import NestboxCLI

/// `nestbox test DIR`'s search (SpecFinder): no symbolic link to a folder is followed,
/// each real folder is entered once, a FIFO named like a spec is not opened, and the
/// bounds say which one was met.
@Suite struct SpecDiscoveryTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-find-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try #"it("runs", function() check(true) end)"#.write(toFile: dir + "/ok_spec.lua", atomically: true, encoding: .utf8)
        return dir
    }

    @Test("links to folders (itself, a parent, each other) are not followed; a linked spec file is run; a FIFO is not opened")
    func links() throws {
        let dir = try Self.folder()
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir + "/self", withDestinationPath: ".")
        try fm.createSymbolicLink(atPath: dir + "/sub/up", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: dir + "/sub/a", withDestinationPath: "b")
        try fm.createSymbolicLink(atPath: dir + "/sub/b", withDestinationPath: "../sub")
        try fm.createSymbolicLink(atPath: dir + "/sub/again_spec.lua", withDestinationPath: "../ok_spec.lua")
        #expect(mkfifo(dir + "/sub/fifo_spec.lua", 0o644) == 0)
        let start = Date()
        let r = nestbox(["test", dir])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasSuffix("\n2 passed, 0 failed\n"), "\(r.out)")
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test("folders nested past the bound give one clear line and exit 2")
    func tooDeep() throws {
        let dir = try Self.folder()
        let deep = dir + "/sub" + String(repeating: "/d", count: 40)
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        let r = nestbox(["test", dir])
        #expect(r.code == 2)
        #expect(r.err.hasPrefix("nestbox: searching \(dir) for specs: folders nest deeper than 32 (at \(dir)/sub"), "\(r.err)")
    }

    @Test("/proc/self is searched without following its links, and ends")
    func procSelf() throws {
        let r = nestbox(["test", "/proc/self", "--timeout", "10"])
        #expect(r.code == 2, "\(r.err)")
        #expect(r.err.contains("/proc/self"), "\(r.err)")
    }
}
