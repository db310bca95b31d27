import NestboxFiles
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Instruction counts, which do not move from run to run as wall times do on a shared
/// machine: callgrind (valgrind) of a copy of this binary with its debug information
/// stripped (valgrind 3.19 cannot read Swift 6.3's DWARF 5). Measured only when
/// `valgrind` and `objcopy` are on the PATH, and not with `--quick`; the rows say so
/// otherwise (docs/performance.md, Method).
extension Bench {
    func instructionRows(_ nestbox: String, _ files: CommandFiles, example: String) throws -> [Row] {
        if quick { return [] }
        guard let valgrind = Self.onPath("valgrind"), let objcopy = Self.onPath("objcopy") else {
            return [Row(name: "instructions (skipped: valgrind or objcopy is not on the PATH)", value: .nan, unit: "M")]
        }
        let stripped = files.folder + "/nestbox-stripped"
        try? FileManager.default.removeItem(atPath: stripped)
        guard (try? Self.spawnAndWait(objcopy, ["--strip-debug", nestbox, stripped])) != nil,
              FileManager.default.isExecutableFile(atPath: stripped) else {
            throw BenchError(message: "objcopy could not strip a copy of \(nestbox)")
        }
        func count(_ args: [String]) throws -> Double {
            try Self.instructions(valgrind, stripped, args, log: files.folder + "/callgrind.log")
        }
        // The cycle and a hook's call: 2,000 cycles less none, as the bench's loop runs them.
        func cycleScript(_ n: Int, hooks: Bool) throws -> String {
            let path = files.folder + "/cycle-\(n)-\(hooks).lua"
            let text = Self.cycleSetup.replacing("(HOOKS)", with: hooks ? Self.everyHook : "{ name = \"child\" }") + "\n" + Self.cycleLoop(n)
            if let failure = writeFile(text, to: path) { throw BenchError(message: "cannot write \(path): \(failure)") }
            return path
        }
        let quiet = ["--trace", "none", "--timeout", "1000"]
        let cycles = 2_000.0
        let cycle = try count(["run", try cycleScript(2_000, hooks: false)] + quiet) - count(["run", try cycleScript(0, hooks: false)] + quiet)
        let hooked = try count(["run", try cycleScript(2_000, hooks: true)] + quiet) - count(["run", try cycleScript(0, hooks: true)] + quiet)
        // The same cycle recording nothing: the trace's share, over the cycle's 17 events.
        setenv("NESTBOX_TRACE", "off", 1)
        let untraced = try { () throws -> Double in
            defer { unsetenv("NESTBOX_TRACE") }
            return try count(["run", try cycleScript(2_000, hooks: false)] + quiet) - count(["run", try cycleScript(0, hooks: false)] + quiet)
        }()
        var rows: [Row] = []
        func row(_ name: String, _ value: Double, _ unit: String, atMost limit: Double, _ target: String) {
            var r = Row(name: name, value: value, unit: unit)
            r.judge(value, atMost: limit, target)
            rows.append(r)
        }
        let m = 1e6
        row("instr-run-empty", try count(["run", files.empty]) / m, "M", atMost: 3.5, "<= 3.5M")
        row("instr-run-with-options", try count(["run", files.empty, "--trace", "text", "--kinds", "lifecycle"]) / m, "M",
            atMost: 6, "<= 6M")
        row("instr-test-one-test", try count(["test", files.oneTest]) / m, "M", atMost: 6, "<= 6M")
        row("instr-repl", try count(["repl"]) / m, "M", atMost: 8, "<= 8M")
        let lint = try count(["lint", example]), run = try count(["run", example])
        // The example's own run: a cost on the first constructor or first hook (a table
        // worked out where it is used) shows here, where the ratio above hides it.
        rows.append(Row(name: "instr-run-example", value: run / m, unit: "M"))
        row("instr-lint-against-run", lint / run, "x", atMost: 1.5, "<= 1.5x")
        row("instr-cycle", cycle / cycles, "instr", atMost: 8_000, "<= 8000")
        row("instr-hook-call", (hooked - cycle) / cycles / 11, "instr", atMost: 700, "<= 700")
        row("instr-trace-event", (cycle - untraced) / cycles / Self.cycleEvents, "instr", atMost: 60, "<= 60")
        return rows
    }

    /// The instructions of one run of `binary` under callgrind: the count valgrind
    /// prints for the process it started.
    static func instructions(_ valgrind: String, _ binary: String, _ args: [String], log: String) throws -> Double {
        let valgrindPID = try spawn(valgrind, ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=\(log).%p",
                                               binary] + args).pid
        // Forked children (a test's) write logs of their own: each is removed.
        let folder = parentFolder(log), name = String(log.split(separator: "/").last ?? "")
        var found: Double?
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where file.hasPrefix(name + ".") {
            let path = folder + "/" + file
            defer { try? FileManager.default.removeItem(atPath: path) }
            guard file == "\(name).\(valgrindPID)", let data = FileManager.default.contents(atPath: path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }) {
                found = Double(line.split(separator: " ").last ?? "")
            }
        }
        guard let found else { throw BenchError(message: "callgrind printed no count for \(args.joined(separator: " "))") }
        return found
    }
}
