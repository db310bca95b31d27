import Foundation
import Testing
import NestboxCLI

/// The hostile corpus (Tests/NestboxCLITests/Hostile): each script says what it expects
/// in its first lines, `-- expect: CODE`, `-- options: ...`, `-- message: FRAGMENT` (one or
/// more lines), and must end with that exit code and messages, never with a crash.
@Suite struct HostileCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile")
    static let scripts = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".lua") }.sorted()

    @Test func thereAreAtLeastFortyScripts() { #expect(Self.scripts.count >= 40) }

    @Test(arguments: scripts)
    func script(_ name: String) throws {
        let path = Self.directory.appendingPathComponent(name).path
        // Some scripts hold bytes that are not UTF-8 (a lone 0xFF): the headers are ASCII.
        let source = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        func headers(_ key: String) -> [String] {
            source.split(separator: "\n").filter { $0.hasPrefix("-- \(key): ") }.map { String($0.dropFirst(key.count + 5)) }
        }
        func header(_ key: String) -> String? { headers(key).first }
        let expected = Int32(header("expect") ?? "") ?? -1
        var options = header("options").map { $0.split(separator: " ").map(String.init) } ?? []
        // Under a sanitizer a script runs several times slower: scripts/test's ASan pass
        // sets NESTBOX_TEST_TIME_SCALE, which stretches every script's time limit but for
        // those meant to hit it (they keep theirs, and stay quick).
        let meantToTimeOut = headers("message").contains { $0.contains("time limit") }
        if !meantToTimeOut, let scale = ProcessInfo.processInfo.environment["NESTBOX_TEST_TIME_SCALE"].flatMap(Double.init) {
            if let i = options.firstIndex(of: "--timeout"), i + 1 < options.count, let t = Double(options[i + 1]) {
                options[i + 1] = String(t * scale)
            } else {
                options += ["--timeout", String(10 * scale)]
            }
        }
        // A process's main thread has megabytes of stack; a test worker thread much less.
        // The semaphore orders the worker's write before the read below.
        final class Slot: @unchecked Sendable { var value = Captured(code: -1, out: "", err: "") }
        let slot = Slot()
        let done = DispatchSemaphore(value: 0)
        let arguments = ["run", path, "--trace", "none"] + options
        let thread = Thread {
            slot.value = nestbox(arguments)
            done.signal()
        }
        thread.stackSize = 64 << 20
        thread.start()
        done.wait()
        let r = slot.value
        #expect(r.code == expected, "\(name): exit \(r.code)\n\(r.err)")
        for message in headers("message") {     // each fragment, in any order
            #expect(r.err.contains(message), "\(name): \(r.err)")
        }
    }
}
