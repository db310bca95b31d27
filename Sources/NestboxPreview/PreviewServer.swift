import Containment
import FlyingFox
import Foundation
import NestboxCLI

/// Serves the last good report of a design on 127.0.0.1 and runs the design again when
/// its files change (README.md, Live preview). Each run is `nestbox run FILE --report`
/// in a process of its own, so a script that crashes, hangs in a C function or hits a
/// limit costs a run, never the server. The page asks `/state` four times a second and
/// reloads itself when a run finished; its hash (`#event=N&view=NAME`) keeps the
/// selection across the reload where the event and the view still exist.
final class PreviewServer: @unchecked Sendable {
    let command: Preview
    let file: String
    let nestbox: String
    let folder: URL
    private let lock = NSLock()
    /// Guarded by `lock`: the runs so far, the last good page, the last run's error.
    private var version = 0
    private var page: Data?
    private var error: String?

    init(command: Preview) {
        self.command = command
        file = command.file
        nestbox = Bench.executableFolder() + "/nestbox"
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nestbox-preview-\(getpid())")
    }

    func run() async -> Int32 {
        guard FileManager.default.isReadableFile(atPath: file) else {
            say("nestbox: cannot open \(file)")
            return 2
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A port another program holds is said at once (the server's own wait for its
        // socket gave up after 5 s with a timeout's text).
        if command.port != 0, let why = Self.portTaken(UInt16(command.port)) {
            say("nestbox: cannot listen on 127.0.0.1:\(command.port): \(why)")
            return 2
        }
        let address: sockaddr_in
        do { address = try .inet(ip4: "127.0.0.1", port: UInt16(command.port)) } catch { return 2 }
        let server = HTTPServer(address: address, logger: .disabled)
        await server.appendRoute("GET /") { [self] _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"], body: currentPage())
        }
        // A browser asks for an icon: none, and no error in its console.
        await server.appendRoute("GET /favicon.ico") { _ in HTTPResponse(statusCode: .noContent) }
        await server.appendRoute("GET /state") { [self] _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: state())
        }
        stopOnSignals(server)
        let serving = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: 5)
        } catch {
            say("nestbox: cannot listen on 127.0.0.1:\(command.port): \(error)")
            return 2
        }
        if case .ip4(_, let port)? = await server.listeningAddress {
            let url = "http://127.0.0.1:\(port)/"
            say("nestbox: previewing \(file) at \(url) (Ctrl-C stops)")
            if command.open { openInBrowser(url) }
        }
        await watch()
        serving.cancel()
        return 0
    }

    /// Runs the design when FILE or a module it requires (at its last run) changed,
    /// looking four times a second.
    private func watch() async {
        var seen: [String: Date] = [:]
        while !Task.isCancelled {
            let files = [file] + Self.requiredModules(of: file)
            let now = Dictionary(files.map { ($0, Self.modified($0)) }, uniquingKeysWith: { a, _ in a })
            if now != seen {
                seen = now
                runOnce()
            }
            try? await Task.sleep(nanoseconds: 250_000_000)
        }
    }

    private func runOnce() {
        let target = folder.appendingPathComponent("report.html")
        try? FileManager.default.removeItem(at: target)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: nestbox)
        p.arguments = command.runArguments + ["--report", target.path]
        let errors = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = errors
        let start = Date()
        do { try p.run() } catch { return record(nil, "cannot run \(nestbox): \(error)") }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        if p.terminationStatus == 0, let data = try? Data(contentsOf: target) {
            record(data, nil)
            say("nestbox: run \(version): ok (\(seconds) s)")
        } else {
            // The script's complaint, `file:line: message`, whole (an expectation's diff
            // is its message), without its traceback, the warnings before it or the
            // command's own `nestbox: ` (a limit's line).
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { $0.hasPrefix("warning: ") || $0.isEmpty }
                .prefix { $0 != "stack traceback:" }.prefix(40)
            var message = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if message.hasPrefix("nestbox: ") { message.removeFirst("nestbox: ".count) }
            if message.isEmpty { message = "nestbox run exited with \(p.terminationStatus)" }
            record(nil, message)
            say("nestbox: run \(version): \(message)")
        }
    }

    private func record(_ newPage: Data?, _ newError: String?) {
        lock.lock(); defer { lock.unlock() }
        version += 1
        if let newPage { page = newPage }
        error = newError
    }

    /// The last good report with the preview's script, or a page with only the error.
    private func currentPage() -> Data {
        lock.lock(); defer { lock.unlock() }
        var html = page.map { String(decoding: $0, as: UTF8.self) }
            ?? "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Nestbox preview</title></head><body><h1>\(escaped(file))</h1></body></html>"
        let script = Self.pageScript.replacingOccurrences(of: "VERSION", with: "\(version)")
        if let end = html.range(of: "</body>", options: .backwards) { html.insert(contentsOf: script, at: end.lowerBound) } else { html += script }
        return Data(html.utf8)
    }

    private func state() -> Data {
        lock.lock(); defer { lock.unlock() }
        // JSON, with `<` escaped too: the text goes into the page.
        let e = error.map { jsonString($0).replacingOccurrences(of: "<", with: "\\u003c") } ?? "null"
        return Data("{\"version\":\(version),\"error\":\(e)}".utf8)
    }

    /// Asks for the state; reloads on a new good run, shows a failed run's error above
    /// the last good one. The selection survives the reload: the hash keeps the picked
    /// view and the event's number, and the page then selects the same event by its text
    /// (the nth of that text), which an edit above it renumbers.
    static let pageScript = """
        <div id="preview-error" style="display:none; white-space:pre-wrap; background:#ffe5e3; color:#a00; font:13px monospace; padding:6px 12px; border-bottom:1px solid #f99"></div>
        <script>
        (function () {
          const shown = VERSION;
          const banner = document.getElementById("preview-error");
          const key = "nestbox-preview-selected";
          const body = r => r.textContent.replace(/^#\\d+  \\S+ s  /, "");
          const rows = () => Array.from(document.querySelectorAll("#events .event"));
          const saved = JSON.parse(sessionStorage.getItem(key) || "null");
          sessionStorage.removeItem(key);
          if (saved) {
            const same = rows().filter(r => body(r) === saved.text);
            const row = same[Math.min(saved.nth, same.length - 1)];
            if (row && !row.classList.contains("selected")) row.click();
          }
          function rememberSelection() {
            const row = document.querySelector("#events .event.selected");
            if (!row) return;
            const text = body(row);
            sessionStorage.setItem(key, JSON.stringify({ text: text, nth: rows().filter(r => body(r) === text).indexOf(row) }));
          }
          // Above everything, pushing the page down: the header stays readable.
          document.body.prepend(banner);
          async function poll() {
            try {
              const s = await (await fetch("/state", { cache: "no-store" })).json();
              if (s.error) { banner.textContent = s.error; banner.style.display = "block"; }
              else if (s.version !== shown) { rememberSelection(); location.reload(); return; }
              else banner.style.display = "none";
            } catch (e) { banner.textContent = "the preview stopped"; banner.style.display = "block"; }
            setTimeout(poll, 250);
          }
          setTimeout(poll, 250);
        })();
        </script>

        """

    /// Modules FILE requires, as `require "a.b"` names them, found as a run finds them
    /// (policy Q73: the script's folder, then each folder above it), and theirs in turn;
    /// at most 200 files.
    static func requiredModules(of file: String) -> [String] {
        var found: [String] = [], pending = [file], seen = Set([file])
        let pattern = try? NSRegularExpression(pattern: #"require\s*\(?\s*["']([A-Za-z0-9_.\-]+)["']"#)
        let base = URL(fileURLWithPath: file).deletingLastPathComponent()
        while let next = pending.popLast(), found.count < 200 {
            guard let text = try? String(contentsOfFile: next, encoding: .utf8), let pattern else { continue }
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let r = Range(m.range(at: 1), in: text) else { continue }
                let relative = text[r].split(separator: ".").joined(separator: "/") + ".lua"
                var dir = base
                for _ in 0..<64 {
                    let candidate = dir.appendingPathComponent(relative).path
                    if FileManager.default.fileExists(atPath: candidate) {
                        if seen.insert(candidate).inserted { found.append(candidate); pending.append(candidate) }
                        break
                    }
                    if dir.path == "/" { break }
                    dir = dir.deletingLastPathComponent()
                }
            }
        }
        return found
    }

    static func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }

    /// Why 127.0.0.1:`port` cannot be listened on (strerror's words), or nil: a socket
    /// bound and closed at once, as the server will bind it (SO_REUSEADDR).
    static func portTaken(_ port: UInt16) -> String? {
        #if os(Linux)
        let stream = Int32(SOCK_STREAM.rawValue)     // Glibc's is an enum
        #else
        let stream = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, stream, 0)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { return String(cString: strerror(errno)) }
        return listen(fd, 1) == 0 ? nil : String(cString: strerror(errno))
    }

    private func stopOnSignals(_ server: HTTPServer) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [folder] in
                try? FileManager.default.removeItem(at: folder)
                FileHandle.standardError.write(Data("\nnestbox: preview stopped\n".utf8))
                exit(0)
            }
            source.resume()
            Self.sources.append(source)
        }
    }
    nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

    private func openInBrowser(_ url: String) {
        #if os(macOS)
        let opener = "/usr/bin/open"
        #else
        let opener = "/usr/bin/xdg-open"
        #endif
        let p = Process()
        p.executableURL = URL(fileURLWithPath: opener)
        p.arguments = [url]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        if (try? p.run()) == nil { say("nestbox: cannot open a browser (\(opener)); open \(url)") }
    }

    private func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    private func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
