import Containment
import FoundationEssentials
import NestboxLua

/// What a failure leaves behind (docs/explore.md): `repro.lua`, a script that loads FILE
/// with `require` (Q73 finds it from `explore-out/`) and makes the shrunk steps with `ui`'s
/// own functions, so `nestbox run` of it fails with the same message; `repro.html`, the
/// report of that run; and the failure in the database beside FILE.
extension Explorer {
    func writeRepro(_ steps: [ExploreStep], _ failure: ExploreFailure, _ summary: inout Summary) {
        let dir = settings.out ?? Self.folder(of: settings.file) + "explore-out"
        guard let module = Self.moduleName(of: settings.file, from: dir) else {
            output.err("nestbox: the repro is not written: \(settings.file) cannot be loaded with require (its name must end in .lua and be made of letters, digits, '_' and '-')\n")
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            output.err("nestbox: cannot make \(dir): \(error)\n")
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
        var said = ""
        let code = run.execute(output: Output(out: { _ in }, err: { said += $0 }))
        if FileManager.default.fileExists(atPath: html) { summary.report = html }
        summary.reproConfirmed = code != .ok && said.contains(failure.message)
        if !summary.reproConfirmed {
            output.err("nestbox: note: nestbox run \(path) did not fail with the explorer's message (exit \(code.code)): \(said.split(separator: "\n").first ?? "")\n")
        }
    }

    private func reproText(_ steps: [ExploreStep], _ failure: ExploreFailure, module: String, path: String, summary: Summary) -> String {
        var lines: [String] = []
        let found = summary.sequence.map { "sequence \($0) of seed \(settings.seed)" } ?? "replayed from the database"
        lines.append("-- Found by nestbox explore \(settings.file) (\(found)): \(failure.title)")
        lines.append("-- after \(failure.after) input\(failure.after == 1 ? "" : "s") (shrunk from \(summary.shrunkFrom)). It fails with:")
        for l in failure.message.split(separator: "\n", omittingEmptySubsequences: false).prefix(20) { lines.append("--   \(l)") }
        lines.append("-- Replay it with: nestbox run \(failure.kind == "lint" ? "--lint " : "")\(path)")
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
            lines.append("for _, e in ipairs(ui.events(\"warning\")) do error(e.message, 0) end")
        case "invariant", "model":
            lines.append("ui.checkInvariants()")
        case "lint":
            lines.append("-- A lint: nestbox run --lint reports it (exit 5).")
        default: break
        }
        return lines.joined(separator: "\n") + "\n"
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
        guard file.hasSuffix(".lua") else { return nil }
        let f = absolute(String(file.dropLast(4))), d = absolute(dir)
        var common = 0
        while common < min(f.count - 1, d.count), f[common] == d[common] { common += 1 }
        let parts = f[common...]
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } }) else {
            return nil
        }
        return parts.joined(separator: ".")
    }
}

/// Failures found before, beside FILE (`.nestbox-explore/NAME.txt`, ignored by git in
/// the examples): each is replayed first on the next run, and dropped once it passes, as
/// Hypothesis keeps its example database.
final class ExploreDatabase {
    let path: String
    private(set) var entries: [[ExploreStep]] = []

    init(file: String) {
        var name = String(file.split(separator: "/").last ?? "design")
        if name.hasSuffix(".lua") { name.removeLast(4) }
        path = Explorer.folder(of: file) + ".nestbox-explore/" + name + ".txt"
        guard let data = FileManager.default.contents(atPath: path) else { return }
        // Each entry is a sequence's encoding; one that does not read is skipped.
        var block = ""
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            block += line + "\n"
            if line == "end" {
                if let r = ExploreCoding.decode(block), !r.steps.isEmpty { entries.append(r.steps) }
                block = ""
            }
        }
    }

    func remove(_ steps: [ExploreStep]) {
        entries.removeAll { $0 == steps }
        save()
    }

    /// Keeps the failure's shrunk steps, first, at most 20 failures.
    func store(_ steps: [ExploreStep], _ failure: ExploreFailure) {
        entries.removeAll { $0 == steps }
        entries.insert(steps, at: 0)
        if entries.count > 20 { entries.removeLast(entries.count - 20) }
        save()
    }

    private func save() {
        let folder = Explorer.folder(of: path)
        if entries.isEmpty {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = entries.map { ExploreCoding.encode(SequenceResult(steps: $0)) }.joined()
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
}
