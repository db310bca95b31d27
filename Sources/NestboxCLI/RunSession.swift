import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua

/// One world a command runs scripts in (README.md, `nestbox run`): a runtime configured
/// from options, scripts run in it under the limits, the report, and the outcome printed
/// once and mapped to the exit code of README.md's table. `run` and the REPL use it.
///
/// Whether a limit may end the process is the session's policy, taken from the output:
/// only for the process's own streams (`Output.ownsProcess`) does a run stuck in a C
/// function past its deadline end the process, and is the runtime of a run a limit
/// stopped left for the exit instead of closed. Otherwise every run returns its outcome,
/// so one process can run script after script.
public final class RunSession {
    public struct Options {
        /// nil: the simulation's default device.
        public var device: Device?
        /// Bytes the script may use, what the model holds for it included (0: no limit).
        public var memoryLimit = 0
        /// Seconds of wall time for each run (nil: none).
        public var timeout: Double?
        public var maxInstructions: Int?
        public var format: OutputFormat = .text
        public var filter: TraceFilter = .all
        public var views = false
        public var hookErrors: HookErrorPolicy = .stop
        /// Turn the run loop until idle after each run.
        public var settle = true
        public var frames = false
        /// Echo UIKit's warnings on standard error as they happen (`run`; the test
        /// runner keeps them in the trace).
        public var echoWarnings = true
        /// Check the lint rules (docs/lints.md): `lint`, `run --lint`, the REPL.
        public var lint = false

        public init() {}
    }

    /// What an error inside a hook does (README.md, after the exit codes).
    public enum HookErrorPolicy {
        /// The Lua call that caused it fails with the hook's message: exit 1.
        case stop
        /// Printed with its traceback on standard error as it happens; the run goes on
        /// (`--keep-going`).
        case report
        /// Printed with its traceback as it happens, and the session goes on, with no
        /// count at the end (the REPL: the line that caused it, or the settling after it,
        /// goes on, as under `--keep-going`, and the prompt comes back).
        case record
    }

    /// A run and its report: the exit code so far (0 when the caller may go on to
    /// compare or record the report), and the report, nil when the script was unreadable
    /// and empty when it was written as it was made (`execute`'s `keepingReport`).
    public struct Result {
        public var outcome: RunOutcome
        public var report: String?
        public var code: ExitStatus
    }

    public var options: Options
    let output: Output
    public private(set) var runtime: LuaRuntime

    /// The runtime of a command-line run a limit stopped, never closed (see `execute`).
    nonisolated(unsafe) static var keptUntilExit: LuaRuntime?

    public init(options: Options, output: Output) throws {
        self.options = options
        self.output = output
        runtime = try Self.makeRuntime(options, output)
    }

    /// A fresh world with the same options (the REPL's `:reset`).
    public func reset() throws {
        runtime = try Self.makeRuntime(options, output)
    }

    private static func makeRuntime(_ options: Options, _ output: Output) throws -> LuaRuntime {
        let simulation = options.device.map { Simulation(device: $0) } ?? Simulation()
        let runtime = try LuaRuntime(simulation: simulation, memoryLimit: options.memoryLimit)
        // In JSON Lines and chrome modes standard output carries only JSON; the script's own
        // prints go to standard error.
        runtime.output = options.format == .jsonl || options.format == .chrome ? output.err : output.out
        runtime.keepGoing = options.hookErrors != .stop
        runtime.simulation.samplesFrames = options.frames
        if !Environment.recordsTrace { runtime.simulation.trace.isEnabled = false }
        if options.lint { runtime.startLinting() }
        let echoErrors = options.hookErrors != .stop, echoWarnings = options.echoWarnings
        runtime.simulation.trace.hear([.warning, .error])
        runtime.simulation.trace.onEvent = { e in
            switch e.kind {
            case .warning where echoWarnings: output.err("\(e.body)\n")
            case .error where echoErrors: output.err("\(e.message ?? "")\n\(e.traceback ?? "")\n")
            default: break
            }
        }
        return runtime
    }

    // MARK: - Running

    /// What `--max-memory` leaves after what Lua and the model hold (pictures and the
    /// report's pages included); unbounded without a limit.
    public var memoryLeft: Int {
        guard options.memoryLimit > 0 else { return .max }
        return max(0, options.memoryLimit - runtime.memoryInUse - runtime.simulation.memory.count)
    }

    /// Runs a script file under the limits, then settles (unless `options.settle` is off).
    public func run(file path: String) -> RunOutcome {
        startLimits(naming: path)
        return runtime.run(file: path, settle: options.settle)
    }

    /// Runs Lua source; `chunkName` follows lua_load's convention ("@file" or "=name").
    public func run(source: String, chunkName: String = "=(script)") -> RunOutcome {
        startLimits(naming: String(chunkName.dropFirst()))
        return runtime.run(source: source, chunkName: chunkName, settle: options.settle)
    }

    /// Loads a spec file under the limits (`nestbox test`): the tests it registers.
    public func loadSpec(file path: String, slice: ClosedRange<Int>? = nil) -> ([SpecTest], RunOutcome) {
        startLimits(naming: path)
        defer { runtime.endLimits() }
        return runtime.loadSpec(file: path, slice: slice)
    }

    /// Runs test `index` of the spec file loaded in this session, under fresh limits;
    /// `exitWhenStuck` in a process of its own (a forked test, Q72).
    public func runSpec(_ index: Int, file path: String, exitWhenStuck: Bool = false) -> (SpecResult, RunOutcome) {
        startLimits(naming: path, exitWhenStuck: exitWhenStuck)
        defer { runtime.endLimits() }
        return runtime.runSpec(index)
    }

    /// Work that is no script file (a REPL line or command) under fresh limits, which
    /// stop after it.
    public func withLimits<T>(naming script: String, _ body: () -> T) -> T {
        startLimits(naming: script)
        defer { runtime.endLimits() }
        return body()
    }

    private func startLimits(naming script: String, exitWhenStuck: Bool = false) {
        guard options.timeout != nil || options.maxInstructions != nil else { return }
        runtime.setLimits(timeout: options.timeout, maxInstructions: options.maxInstructions,
                          exitWhenStuck: output.ownsProcess || exitWhenStuck ? script : nil)
    }

    /// The report of the runs so far: the limits stop (the watchdog must not fire while
    /// it prints), and the report ends at the runtime's report deadline, cut short there.
    public func report() -> (text: String, cutShort: Bool) {
        var text = ""
        let cutShort = report { text += $0 }
        return (text, cutShort)
    }

    /// The same report handed to `write` in pieces as it is made; whether it was cut short.
    public func report(to write: (String) -> Void) -> Bool {
        runtime.endLimits()
        return RunReport(simulation: runtime.simulation, format: options.format, filter: options.filter,
                         views: options.views).render(pastDeadline: runtime.reportPastDeadline, to: write)
    }

    /// `nestbox run`'s order: the script, `afterRun` (the pictures' last instants), the
    /// report on standard output (none for an unreadable script), then the outcome's
    /// line on standard error and its exit code. The report is written as it is made
    /// unless `keepingReport` (a caller that records or compares it): a large run's
    /// output is then never held whole.
    public func execute(file path: String, keepingReport: Bool = true, afterRun: () -> Void = {}) -> Result {
        let outcome = run(file: path)
        if case .unreadable = outcome { return Result(outcome: outcome, report: nil, code: printOutcome(outcome)) }
        afterRun()
        // The end-of-run lints belong in the trace the report prints.
        if options.lint { runtime.simulation.lintEndOfRun() }
        let report: String, cutShort: Bool
        if keepingReport {
            (report, cutShort) = self.report()
            output.out(report)
        } else {
            report = ""
            cutShort = self.report(to: output.out)
        }
        // A process that ends right after a run a limit stopped need not close its
        // state: closing one with millions of trace events behind it takes a quarter of
        // a second that a run under a timeout does not have (T + 1 s, report included).
        // Kept reachable, so a leak checker sees no loss; other runs close theirs.
        if output.ownsProcess, cutShort || outcome.exitStatus == .limit { Self.keptUntilExit = runtime }
        var code = printOutcome(outcome)
        // `--keep-going` goes on past a callback's error, as make -k does, and like it
        // still fails at the end: a CI job must not pass with errors in its log.
        if code == .ok, options.hookErrors == .report, !runtime.hookErrors.isEmpty {
            let n = runtime.hookErrors.count
            output.err("nestbox: \(n) error\(n == 1 ? "" : "s") in callbacks (--keep-going went on past \(n == 1 ? "it" : "them"))\n")
            code = .failure
        }
        if code == .ok, cutShort {
            output.err("nestbox: time limit exceeded while printing the report\n")
            code = .limit
        }
        return Result(outcome: outcome, report: report, code: code)
    }

    /// The one outcome printer: the outcome's line (and traceback) on standard error,
    /// nothing for success; returns its exit code.
    @discardableResult
    public func printOutcome(_ outcome: RunOutcome) -> ExitStatus {
        switch outcome {
        case .ok: break
        case .unreadable(let why): output.err("nestbox: \(why)\n")
        case .scriptError(let message, let traceback):
            output.err(message + "\n" + (traceback.isEmpty ? "" : traceback + "\n"))
        case .expectationFailed(let message): output.err(message + "\n")
        case .limitExceeded(let message): output.err("nestbox: \(message)\n")
        }
        return outcome.exitStatus
    }
}
