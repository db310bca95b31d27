import Foundation
import Testing

/// The real binary in a pseudo-terminal (tmux): history recall with the Up arrow, Tab
/// completion and Ctrl-C. scripts/test installs tmux when it is missing. A private tmux
/// server, killed at the end: a daemon would otherwise keep other tests' pipes open.
extension SubprocessTests {
    /// Runs tmux through the shell and returns what it printed. `system` reaps its child
    /// itself (Foundation's Process left tmux's short-lived client unreaped here).
    func tmux(_ args: [String], capture: Bool = true) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString.prefix(6)).out").path
        let quoted = args.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        _ = system("tmux -L \(socket) \(quoted) > \(out) 2>/dev/null < /dev/null")
        defer { try? FileManager.default.removeItem(atPath: out) }
        return capture ? ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "") : ""
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

    @Test func replInATerminal() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let history = dir.appendingPathComponent("history").path
        let session = "nestbox-\(UUID().uuidString.prefix(8))"
        _ = try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "30",
                      "env NESTBOX_HISTORY=\(history) \(binary.path) repl"], capture: false)
        defer {
            _ = try? tmux(["kill-server"])
            try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
        }
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
        // A method completes with its parenthesis, unquoted, and the line runs.
        _ = try tmux(["send-keys", "-t", session, "ui.window:makeKeyAndVi", "Tab"])
        screen = try waitFor(session, "ui.window:makeKeyAndVisible(")
        _ = try tmux(["send-keys", "-t", session, ")", "Enter"])
        screen = try waitFor(session, "ui.window:makeKeyAndVisible()\n>")
        #expect(!screen.contains("\\") && !screen.contains("expected near"), "Tab completes a method:\n\(screen)")
        // Ctrl-C interrupts running code, not the REPL, and the world stays.
        _ = try tmux(["send-keys", "-t", session, "-l", "kept = 41"])
        _ = try tmux(["send-keys", "-t", session, "Enter"])
        _ = try tmux(["send-keys", "-t", session, "-l", "while true do end"])
        _ = try tmux(["send-keys", "-t", session, "Enter"])
        Thread.sleep(forTimeInterval: 0.3)
        _ = try tmux(["send-keys", "-t", session, "C-c"])
        screen = try waitFor(session, "interrupted at stdin:1")
        #expect(screen.contains("interrupted at stdin:1\nstack traceback:"), "Ctrl-C stops the loop:\n\(screen)")
        // Ctrl-C during :test stops the specs and returns to the prompt.
        let spec = dir.appendingPathComponent("loop_spec.lua").path
        try "it('loops', function() while true do end end)\n".write(toFile: spec, atomically: true, encoding: .utf8)
        _ = try tmux(["send-keys", "-t", session, "-l", ":test \(spec)"])
        _ = try tmux(["send-keys", "-t", session, "Enter"])
        Thread.sleep(forTimeInterval: 0.5)
        _ = try tmux(["send-keys", "-t", session, "C-c"])
        screen = try waitFor(session, "0 passed, 0 failed, stopped by SIGINT")
        // Ctrl-C at the prompt drops the line typed, as a shell does.
        _ = try tmux(["send-keys", "-t", session, "-l", "dropped"])
        _ = try tmux(["send-keys", "-t", session, "C-c"])
        _ = try tmux(["send-keys", "-t", session, "-l", "kept + 1"])
        _ = try tmux(["send-keys", "-t", session, "Enter"])
        screen = try waitFor(session, "kept + 1\n42")
        #expect(!screen.contains("dropped\n42"), "the line typed before Ctrl-C is not run:\n\(screen)")
        // At the >> prompt it drops the whole unfinished statement.
        _ = try tmux(["send-keys", "-t", session, "-l", "function f()"])
        _ = try tmux(["send-keys", "-t", session, "Enter"])
        _ = try waitFor(session, "function f()\n>>")
        _ = try tmux(["send-keys", "-t", session, "C-c"])
        _ = try tmux(["send-keys", "-t", session, "-l", "kept + 2"])
        _ = try tmux(["send-keys", "-t", session, "Enter"])
        screen = try waitFor(session, "kept + 2\n43")
        #expect(!screen.contains("'end' expected"), "the unfinished statement was dropped:\n\(screen)")
        _ = try tmux(["send-keys", "-t", session, "C-d"])
        Thread.sleep(forTimeInterval: 0.3)
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        // libedit's own format: a header line, then entries with spaces written as \040.
        #expect(saved.hasPrefix("_HiStOrY_V2_\n"))
        #expect(saved.replacingOccurrences(of: "\\040", with: " ").contains("6 * 7\n"), "history is saved to NESTBOX_HISTORY")
    }
}
