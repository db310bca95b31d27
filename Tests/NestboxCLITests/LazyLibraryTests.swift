import Foundation
import Testing

/// cairo and libedit are opened on first use, not linked (docs/performance.md): the binary names
/// neither, a plain run maps neither, and without them PNG output fails with one line
/// and the REPL reads plain lines. NESTBOX_LIBCAIRO / NESTBOX_LIBEDIT make the loader
/// look for a library that does not exist.
extension SubprocessTests {
    static let missingLibrary = "libnestbox-missing.so.0"

    func runBinary(_ args: [String], environment: [String: String] = [:], directory: String? = nil, binary: URL? = nil,
                   input: String? = nil) throws -> Captured {
        let binary = try #require(binary ?? ExecutableTests.binary, "nestbox is built before the tests")
        let p = Process()
        p.executableURL = binary
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        p.arguments = args
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        p.standardOutput = out
        p.standardError = err
        if input != nil { p.standardInput = stdin }
        try p.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Captured(code: p.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
    }

    /// The ELF dynamic section's NEEDED entries: the libraries the loader maps before
    /// main. Besides Swift's own (present in a debug build, linked statically in release)
    /// only Lua and the C and C++ runtimes may be there.
    @Test(.enabled(if: picturesCompareByBytes, "reads the ELF file with readelf: Linux only"))
    func theBinaryNeedsNeitherCairoNorLibedit() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["readelf", "-d", binary.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let needed = text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line -> String? in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        #expect(needed.contains("libc.so.6"), "readelf's output was read: \(needed)")
        let swift = ["libswift", "libFoundation", "libdispatch.so", "libBlocksRuntime.so", "lib_Foundation"]
        let system = needed.filter { name in !swift.contains { name.hasPrefix($0) } }
        let allowed: Set = ["liblua5.4.so.0", "libstdc++.so.6", "libm.so.6", "libgcc_s.so.1", "libc.so.6", "ld-linux-x86-64.so.2"]
        #expect(Set(system).isSubset(of: allowed), "unexpected NEEDED entries: \(system.filter { !allowed.contains($0) })")
        #expect(!needed.contains { $0.hasPrefix("libcairo") || $0.hasPrefix("libedit") })
    }

    @Test func withoutCairoPNGOutputIsOneLineAndExit2() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-nocairo-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try script("local v = ui.ViewController{ name = 'v' }\nui.window.rootViewController = v\nui.window:makeKeyAndVisible()\n")
        let missing = [ "NESTBOX_LIBCAIRO": Self.missingLibrary]
        let png = try runBinary(["run", file, "--trace", "none", "--snapshot", dir + "/x.png"], environment: missing)
        #expect(png.code == 2)
        #expect(png.err == "nestbox: cannot draw \(dir)/x.png: PNG output needs libcairo2 (\(Self.missingLibrary) could not be loaded: \(Self.missingLibrary): cannot open shared object file: No such file or directory)\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        // From Lua, the same reason as a script error at the call.
        let lua = try script("ui.window:makeKeyAndVisible()\nui.snapshot{ path = 'x.png' }\n", name: "snap.lua")
        let fromLua = try runBinary(["run", lua, "--trace", "none"], environment: missing, directory: (lua as NSString).deletingLastPathComponent)
        #expect(fromLua.code == 1)
        #expect(fromLua.err.hasPrefix("\(lua):2: ui.snapshot: cannot draw x.png: PNG output needs libcairo2 (\(Self.missingLibrary) could not be loaded: \(Self.missingLibrary): cannot open shared object file: No such file or directory)\nstack traceback:\n"), "\(fromLua.err)")
        // SVG is written by Nestbox alone.
        let svg = try runBinary(["run", file, "--trace", "none", "--snapshot", dir + "/x.svg"], environment: missing)
        #expect(svg.code == 0)
        #expect(svg.err == "")
        #expect(try String(contentsOfFile: dir + "/x.svg", encoding: .utf8).hasPrefix("<svg "))
        // A library that opens but lacks cairo's functions is refused as a whole.
        let wrong = try runBinary(["run", file, "--trace", "none", "--snapshot", dir + "/x.png"], environment: ["NESTBOX_LIBCAIRO": "libm.so.6"])
        #expect(wrong.code == 2)
        #expect(wrong.err.hasPrefix("nestbox: cannot draw \(dir)/x.png: PNG output needs libcairo2 (libm.so.6 could not be loaded: "))
        #expect(wrong.err.hasSuffix(": undefined symbol: cairo_image_surface_create)\n"))
    }

    @Test func withoutLibeditTheREPLReadsPlainLinesAtATerminal() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let session = "nestbox-\(UUID().uuidString.prefix(8))"
        _ = try tmux(["new-session", "-d", "-s", session, "-x", "250", "-y", "30",
                      "env NESTBOX_LIBEDIT=\(Self.missingLibrary) \(binary.path) repl"], capture: false)
        defer {
            _ = try? tmux(["kill-server"])
            try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
        }
        var screen = try waitFor(session, "> ")
        #expect(screen.hasPrefix("nestbox: line editing needs libedit2 (\(Self.missingLibrary) could not be loaded: \(Self.missingLibrary): cannot open shared object file: No such file or directory); reading plain lines\n"), "\(screen)")
        _ = try tmux(["send-keys", "-t", session, "6 * 7", "Enter"])
        screen = try waitFor(session, "42")
        #expect(screen.contains("> 6 * 7\n42\n>"), "a prompt, the line, its value, the next prompt:\n\(screen)")
    }
}
