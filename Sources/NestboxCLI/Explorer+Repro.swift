import CLuaShim
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a failure leaves behind (docs/explore.md): `repro.lua`, a script that loads FILE
/// with `require` (Q73 finds it from `explore-out/`) and makes the shrunk steps with `ui`'s
/// own functions, so `nestbox run` of it fails with the same message; `repro.html`, the
/// report of that run; and the failure in the database beside FILE.
extension Explorer {
    /// `--out`, or `explore-out` beside FILE.
    var outFolder: String { settings.out ?? Self.folder(of: settings.file) + "explore-out" }

    /// Why `path` could not be made or written into, or nil: it must be a writable folder,
    /// or the nearest folder above it that exists must be, and the folders below that
    /// must be makeable. Those are made and taken away again: a permission check does
    /// not see a file system that refuses them (`/proc`), nor does it for root.
    static func folderProblem(_ path: String) -> String? {
        // One spelling per folder: no empty or `.` parts, no trailing slash.
        let parts = path.split(separator: "/").filter { $0 != "." }
        var probe = (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/"), missing: [String] = []
        while true {
            let shown = probe.isEmpty ? "." : probe
            var info = stat()
            if stat(shown, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { return "\(shown) is not a folder" }
                guard access(shown, W_OK) == 0 else { return "\(shown) is not writable" }
                break
            }
            // The current folder unreadable, or the root missing: nothing above to try.
            if probe.isEmpty || probe == "/" { return "\(shown) cannot be read (\(String(cString: strerror(errno))))" }
            missing.append(shown)
            // Up one folder; a relative path ends at the current folder, which exists.
            guard let slash = probe.lastIndex(of: "/") else { probe = ""; continue }
            probe = slash == probe.startIndex ? "/" : String(probe[..<slash])
        }
        var made: [String] = []
        defer { for folder in made.reversed() { rmdir(folder) } }
        for folder in missing.reversed() {
            if mkdir(folder, 0o755) == 0 { made.append(folder); continue }
            // Made meanwhile by another process: a folder is all that is asked.
            let failure = errno
            var info = stat()
            guard failure == EEXIST, stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                return "\(folder) cannot be made (\(String(cString: strerror(failure))))"
            }
        }
        return nil
    }

    /// A repro left by an earlier run that found a failure this design no longer has. A
    /// repro of another design sharing the folder is not this run's to judge: its first
    /// line must name this FILE as given.
    func removeStaleRepro() {
        let path = outFolder + "/repro.lua"
        guard let data = FileManager.default.contents(atPath: path),
              String(decoding: data.prefix(4096), as: UTF8.self).hasPrefix(reproHeader) else { return }
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: outFolder + "/repro.html")
    }

    /// How a repro of this FILE begins.
    var reproHeader: String { "-- Found by nestbox explore \(settings.file) (" }

    func writeRepro(_ steps: [ExploreStep], _ failure: ExploreFailure, _ summary: inout Summary) {
        let dir = outFolder
        guard let module = Self.moduleName(of: settings.file, from: dir) else { return }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            output.err("nestbox: cannot make the folder \(dir)\n")
            return
        }
        let path = dir + "/repro.lua", html = dir + "/repro.html"
        let text = reproText(steps, failure, module: module, path: path, summary: summary)
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            output.err("nestbox: cannot write \(path)\n")
            return
        }
        summary.repro = path
        // The repro's own run: its report, and the proof that it fails the same way.
        var run = RunArguments(file: path)
        run.trace = .none
        run.report = html
        run.limits = settings.limits
        run.lint = failure.kind == "lint"
        run.echoWarnings = false
        if failure.kind == "crash" {
            // The crash the explorer found would end the explorer too: its repro runs in
            // a child, and is confirmed by the same end (`signal 11`).
            let ended = Self.inChild { run.execute(output: Output(out: { _ in }, err: { _ in })).code }
            if FileManager.default.fileExists(atPath: html) { summary.report = html }
            summary.reproConfirmed = ended == failure.name
            if !summary.reproConfirmed {
                output.err("nestbox: note: nestbox run \(path) did not end as the sequence did (\(ended), not \(failure.name))\n")
            }
            return
        }
        var said = ""
        let code = run.execute(output: Output(out: { _ in }, err: { said += $0 }))
        if FileManager.default.fileExists(atPath: html) { summary.report = html }
        // The repro fails as the explorer said: the kind's exit code, and its message as
        // the outcome's line (a limit's names where it stopped, after the message).
        summary.reproConfirmed = code == Self.exitCode(of: failure.kind)
            && (Self.sameMessage(failure.message, said) || Self.sameMessage("nestbox: " + failure.message, said)
                || failure.kind == "lint" && said.contains(failure.message))
        if !summary.reproConfirmed {
            output.err("nestbox: note: nestbox run \(path) did not fail with the explorer's message (exit \(code.code)): \(said.split(separator: "\n").first ?? "")\n")
        }
    }

    /// `body` in a forked child, and how the child ended, as a crash's name says it:
    /// `exit N` or `signal N`.
    static func inChild(_ body: () -> Int32) -> String {
        let pid = nb_fork_test()
        if pid == 0 { _exit(body()) }
        guard pid > 0 else { return "no process" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
    }

    /// Whether `said` begins with `message`; a message that starts at a script's line also
    /// when the file is the same one reached by another path (the repro requires the design
    /// from its own folder: `--out /abs/dir` makes the path absolute).
    static func sameMessage(_ message: String, _ said: String) -> Bool {
        if said.hasPrefix(message) { return true }
        guard let a = SequenceRun.location(of: message), let b = SequenceRun.location(of: said) else { return false }
        func fileAndLine(_ l: String) -> Substring { l[(l.lastIndex(of: "/").map { l.index(after: $0) } ?? l.startIndex)...] }
        return fileAndLine(a) == fileAndLine(b) && said.dropFirst(b.count).hasPrefix(message.dropFirst(a.count))
    }

    /// `path` as a shell word: as it is when it needs no quoting, else in single quotes.
    static func shellWord(_ path: String) -> String {
        let plain = path.utf8.allSatisfy { c in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || "/._-+,=:@%".utf8.contains(c)
        }
        if plain && !path.isEmpty { return path }
        return "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    private func reproText(_ steps: [ExploreStep], _ failure: ExploreFailure, module: String, path: String, summary: Summary) -> String {
        var lines: [String] = []
        let found = summary.sequence.map { "sequence \($0) of seed \(settings.seed)" } ?? "replayed from the database"
        lines.append("\(reproHeader)\(found)): \(failure.title)")
        let shrunk = summary.fromDatabase ? "" : " (shrunk from \(summary.shrunkFrom))"
        lines.append("-- after \(failure.after) input\(failure.after == 1 ? "" : "s")\(shrunk). It fails with:")
        // Every line break a Lua comment would end at: \r\n, \r and \n.
        let message = failure.message.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
        for l in message.split(separator: "\n", omittingEmptySubsequences: false).prefix(20) { lines.append("--   \(l)") }
        lines.append("-- Replay it with: nestbox run \(replayOptions(failure))\(Self.shellWord(path))")
        if let device = settings.limits.device { lines.append("ui.setDevice(\(ScriptedInput.quoted(device)))") }
        lines.append("require(\(ScriptedInput.quoted(module)))")
        lines.append("ui.settle()                -- exploring starts from the settled design")
        lines.append("")
        for step in steps {
            let made = step.lua
            for (k, l) in made.enumerated() {
                lines.append(k == made.count - 1 && !step.note.isEmpty && step.input != nil ? Self.pad(l) + "-- " + step.note : l)
            }
        }
        switch failure.kind {
        case "warning":
            lines.append("-- UIKit's console message, as the explorer saw it:")
            lines.append("for _, e in ipairs(ui.trace.events(\"warning\")) do error(e.message, 0) end")
        case "invariant", "model":
            lines.append("ui.checkInvariants()")
        case "lint":
            lines.append("-- A lint: nestbox run --lint reports it (exit 5).")
        default: break
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The exit code `nestbox run` of the repro ends with, by the failure's kind.
    static func exitCode(of kind: String) -> ExitStatus {
        switch kind {
        case "invariant", "model", "expectation": .expectation
        case "lint": .lints
        case "limit": .limit
        default: .failure
        }
    }

    /// The options the repro needs to fail the same way: `--lint`, and the limits given.
    private func replayOptions(_ failure: ExploreFailure) -> String {
        var out = failure.kind == "lint" ? "--lint " : ""
        let defaults = Limits()
        if settings.limits.timeout != defaults.timeout { out += "--timeout \(formatNumber(settings.limits.timeout)) " }
        if settings.limits.maxMemory != defaults.maxMemory { out += "--max-memory \(settings.limits.maxMemory) " }
        if let m = settings.limits.maxInstructions { out += "--max-instructions \(m) " }
        return out
    }

    private static func pad(_ s: String) -> String { s.count >= 40 ? s + "  " : s + String(repeating: " ", count: 40 - s.count) }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// A path with "." and "a/.." removed, absolute from the current folder.
    static func absolute(_ path: String) -> [String] {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var out: [String] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { if !out.isEmpty { out.removeLast() } } else { out.append(String(part)) }
        }
        return out
    }

    /// The module name under which `require` in a script in `dir` finds `file` (Q73: the
    /// script's folder, then each folder above it): the file's path from the nearest
    /// folder above both, dotted. Nil when a part is not a plain name.
    static func moduleName(of file: String, from dir: String) -> String? {
        module(of: file, from: dir).name
    }

    /// Why FILE has no module name from `dir`, in words; nil when it has one.
    static func moduleProblem(of file: String, from dir: String) -> String? {
        module(of: file, from: dir).problem
    }

    private static func module(of file: String, from dir: String) -> (name: String?, problem: String?) {
        guard file.hasSuffix(".lua") else { return (nil, "its name does not end in .lua") }
        let f = absolute(String(file.dropLast(4))), d = absolute(dir)
        var common = 0
        while common < min(f.count - 1, d.count), f[common] == d[common] { common += 1 }
        let parts = f[common...]
        if let bad = parts.first(where: { $0.isEmpty || !$0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } }) {
            return (nil, "'\(bad)' is not made of letters, digits, '_' and '-' alone, as a module's folders and name must be")
        }
        return parts.isEmpty ? (nil, "it has no name below the repro's folder") : (parts.joined(separator: "."), nil)
    }
}

/// Failures found before, beside FILE (`.nestbox-explore/NAME.txt`, ignored by git in
/// the examples): each is replayed first on the next run with the same options, and
/// dropped once it passes, as Hypothesis keeps its example database. A failure found
/// under other options (another device, `--lint-fails`) is kept but not replayed: its
/// steps are points on that device's screen.
final class ExploreDatabase {
    let path: String
    /// The options a sequence is stored and replayed under.
    let key: String
    /// The sequences stored under `key`, newest first.
    private(set) var entries: [[ExploreStep]] = []
    /// Those stored under other options, kept as they are.
    private var others: [(key: String, steps: [ExploreStep])] = []

    init(file: String, key: String) {
        self.key = key
        var name = String(file.split(separator: "/").last ?? "design")
        if name.hasSuffix(".lua") { name.removeLast(4) }
        path = Explorer.folder(of: file) + ".nestbox-explore/" + name + ".txt"
        guard let data = FileManager.default.contents(atPath: path) else { return }
        // Each entry is its options' line and a sequence's encoding; one that does not
        // read (edited by hand) is skipped.
        var block = "", blockKey = ""
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("options\t") { blockKey = ExploreCoding.unescape(line.dropFirst(8)); continue }
            block += line + "\n"
            guard line == "end" else { continue }
            if let r = ExploreCoding.decode(block), !r.steps.isEmpty {
                if blockKey == key { entries.append(r.steps) } else { others.append((blockKey, r.steps)) }
            }
            block = ""
            blockKey = ""
        }
    }

    func remove(_ steps: [ExploreStep]) {
        entries.removeAll { $0 == steps }
        save()
    }

    /// Keeps the failure's shrunk steps, first, at most 20 failures in all.
    func store(_ steps: [ExploreStep]) {
        entries.removeAll { $0 == steps }
        entries.insert(steps, at: 0)
        if entries.count > 20 { entries.removeLast(entries.count - 20) }
        others = Array(others.prefix(20 - entries.count))
        save()
    }

    private func save() {
        if entries.isEmpty && others.isEmpty {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        try? FileManager.default.createDirectory(atPath: Explorer.folder(of: path), withIntermediateDirectories: true)
        let all = entries.map { (key, $0) } + others
        let text = all.map { "options\t" + ExploreCoding.escape($0.key) + "\n" + ExploreCoding.encode(SequenceResult(steps: $0.steps)) }.joined()
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
}
