import Foundation
import Testing

/// The real binary in a pseudo-terminal (tmux): history recall with the Up arrow, and
/// Tab completion. scripts/test installs tmux when it is missing.
@Suite(.serialized) struct ReplTerminalTests {
    /// Runs tmux; `capture` reads its output (never for new-session: the server it
    /// starts would keep the pipe open).
    func tmux(_ args: [String], capture: Bool = true) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tmux"] + args
        p.standardError = FileHandle.nullDevice
        guard capture else {
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            return ""
        }
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func waitFor(_ session: String, _ text: String) throws -> String {
        var screen = ""
        for _ in 0..<100 {
            screen = try tmux(["capture-pane", "-p", "-t", session])
            if screen.contains(text) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return screen
    }

    @Test func historyAndCompletionInATerminal() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let history = dir.appendingPathComponent("history").path
        let session = "nestbox-\(UUID().uuidString.prefix(8))"
        _ = try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "30",
                      "env NESTBOX_HISTORY=\(history) \(binary.path) repl"], capture: false)
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        _ = try waitFor(session, "> ")
        _ = try tmux(["send-keys", "-t", session, "6 * 7", "Enter"])
        _ = try waitFor(session, "42")
        _ = try tmux(["send-keys", "-t", session, "Up", "Enter"])        // history recall
        var screen = try waitFor(session, "42\n> 6 * 7\n42")
        #expect(screen.contains("> 6 * 7\n42\n> 6 * 7\n42"), "Up recalls the last line:\n\(screen)")
        _ = try tmux(["send-keys", "-t", session, "ui.win", "Tab"])      // completion
        screen = try waitFor(session, "ui.window")
        _ = try tmux(["send-keys", "-t", session, "Enter"])
        screen = try waitFor(session, "<Window: window>")
        #expect(screen.contains("> ui.window\n<Window: window>"), "Tab completes ui.win:\n\(screen)")
        _ = try tmux(["send-keys", "-t", session, "C-d"])
        Thread.sleep(forTimeInterval: 0.3)
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        // libedit's own format: a header line, then entries with spaces written as \040.
        #expect(saved.hasPrefix("_HiStOrY_V2_\n"))
        #expect(saved.replacingOccurrences(of: "\\040", with: " ").contains("6 * 7\n"), "history is saved to NESTBOX_HISTORY")
    }
}
