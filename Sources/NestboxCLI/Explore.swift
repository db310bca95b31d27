import ArgumentParser
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua

/// `nestbox explore FILE`: runs the design thousands of times with random inputs timed
/// into its animations, and hands back the smallest script that breaks it (README.md,
/// Exploring timings; docs/explore.md). The command line only: the work is `Explorer`'s.
public struct Explore: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Run a design with random taps, drags, rotations and actions timed into its animations; write the smallest failing script.",
        discussion: "The limits apply to each sequence: one past a limit is a failure. Exit 0: no failure; 1: a failure (its repro written); 2: usage; 3: the design fails before any input.")

    @Argument(help: "The design script: its main chunk builds the UI.", completion: .file(extensions: ["lua"]))
    public var file: String

    @Option(parsing: .unconditional, help: "The seed of the random inputs (default: 1): the same seed, file and options make the same sequences.")
    public var seed: Int?

    @Option(parsing: .unconditional, help: "Sequences to run (default: \(Explorer.defaultRuns)).")
    public var runs: Int?

    @Option(name: .customLong("for"), parsing: .unconditional, help: "Explore for this many seconds of wall time instead of --runs.")
    public var seconds: Double?

    @Option(parsing: .unconditional, help: "Inputs per sequence (default: 10).")
    public var steps: Int?

    @Option(name: .customShort("j"), parsing: .unconditional, help: "Sequences run at once, each in its own process (default: 1).")
    public var jobs: Int?

    @Option(help: "Where the repro goes (default: explore-out beside FILE).", completion: .directory)
    public var out: String?

    @Flag(help: "Print a JSON summary instead of the final line.")
    public var json = false

    @Flag(name: .customLong("lint-fails"), help: "A lint is a failure (otherwise lints are only listed).")
    public var lintFails = false

    @OptionGroup public var limits: LimitOptions

    public init() {}

    var settings: Explorer.Settings {
        var s = Explorer.Settings(file: Self.plain(file))
        if let seed { s.seed = UInt64(seed) }
        s.runs = runs
        s.seconds = seconds
        if let steps { s.steps = steps }
        if let jobs { s.jobs = jobs }
        s.out = out
        s.json = json
        s.lintFails = lintFails
        s.limits = limits.values
        return s
    }

    public func validate() throws {
        if let seed, seed < 0 { throw ValidationError("--seed must be a number of 0 or more") }
        if let runs, runs < 1 || runs > 100_000_000 { throw ValidationError("--runs must be a number from 1 to 100000000") }
        if let seconds, !(seconds > 0 && seconds <= 1_000_000) { throw ValidationError("--for must be a number of seconds above 0 and at most 1000000") }
        if runs != nil && seconds != nil { throw ValidationError("--runs and --for cannot be used together") }
        if let steps, steps < 1 || steps > 1_000 { throw ValidationError("--steps must be a number from 1 to 1000") }
        if let jobs, jobs < 1 || jobs > 64 { throw ValidationError("-j must be a number from 1 to 64") }
        if let out, out.isEmpty { throw ValidationError("--out must name a folder") }
        try limits.validate()
    }

    public func execute(output: Output) -> ExitStatus {
        var settings = self.settings
        // Forking is for the command line's own process only (as Q72's tests).
        settings.fork = output.ownsProcess && Environment.value("NESTBOX_EXPLORE_FORK") != "0"
        let explorer = Explorer(settings: settings, output: output)
        // SIGINT and SIGTERM stop the exploration between sequences: what was explored
        // (and a failure found, shrunk as far as it got) is said, and the exit is 130 or 143.
        let ((found, summary), signal) = StopSignal.catching(terminate: true) { explorer.execute() }
        if signal != 0 {
            let stopped = "stopped by \(StopSignal.name(signal))"
            output.out(settings.json ? String(Self.json(summary, settings).dropLast()) + ",\"signal\":\(jsonString(StopSignal.name(signal)))}\n"
                       : Self.line(summary) + "; \(stopped)\n")
            return StopSignal.status(signal)
        }
        let code = found
        guard code == .ok || code == .failure else {
            // The same object with `--json`, and why nothing was explored.
            if settings.json { output.out(Self.json(summary, settings, exit: code) + "\n") }
            return code
        }
        output.out(settings.json ? Self.json(summary, settings) + "\n" : Self.line(summary) + "\n")
        if !settings.json, !settings.lintFails, !summary.lints.isEmpty {
            output.err("nestbox: \(summary.lints.count) lint\(summary.lints.count == 1 ? "" : "s") seen (not failures without --lint-fails); the first: \(summary.lints[0])\n")
        }
        return code
    }

    /// A path without "./" parts, so messages name the file as `nestbox run` of the repro does.
    static func plain(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element != "." || $0.offset == 0 && path == "." }.map(\.element)
        return parts.joined(separator: "/")
    }

    /// `explored N sequences (M inputs) in T s: no failure`, or the failure and its repro.
    static func line(_ s: Explorer.Summary) -> String {
        let head = "explored \(s.sequences) sequence\(s.sequences == 1 ? "" : "s") (\(s.inputs) input\(s.inputs == 1 ? "" : "s")) in \(fixedPoint(s.seconds, places: 1)) s"
        guard let f = s.failure else { return head + ": no failure" }
        let shrunk = s.fromDatabase ? "replayed from the database" : "shrunk from \(s.shrunkFrom)"
        return head + ": failure: \(f.title) after \(f.after) input\(f.after == 1 ? "" : "s") (\(shrunk)): \(s.repro ?? "no repro written")"
    }

    static func json(_ s: Explorer.Summary, _ settings: Explorer.Settings, exit: ExitStatus = .ok) -> String {
        func str(_ v: String?) -> String { v.map(jsonString) ?? "null" }
        var fields = [
            "\"file\":\(jsonString(settings.file))", "\"seed\":\(settings.seed)",
            "\"sequences\":\(s.sequences)", "\"inputs\":\(s.inputs)", "\"seconds\":\(fixedPoint(s.seconds, places: 3))",
        ]
        if let f = s.failure {
            fields.append("\"failure\":{\"kind\":\(jsonString(f.kind)),\"name\":\(jsonString(f.name)),\"message\":\(jsonString(f.message)),"
                + "\"inputs\":\(f.after),\"shrunkFrom\":\(s.shrunkFrom),\"sequence\":\(s.sequence.map(String.init) ?? "null"),"
                + "\"fromDatabase\":\(s.fromDatabase),\"repro\":\(str(s.repro)),\"report\":\(str(s.report)),\"reproConfirmed\":\(s.reproConfirmed)}")
        } else {
            fields.append("\"failure\":null")
        }
        fields.append("\"lints\":[\(s.lints.map(jsonString).joined(separator: ","))]")
        if let stop = s.stopped { fields.append("\"stopped\":" + LintReport.json(stop, exit: exit)) }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
