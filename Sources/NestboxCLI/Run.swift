import ArgumentParser
import Containment
import FoundationEssentials
import NestboxLua

/// `nestbox run FILE`: runs a script, then prints its trace and the controller
/// hierarchy (README.md, `nestbox run`).
public struct Run: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Run a Lua script and print its event trace and controller hierarchy.")

    public enum TraceFormat: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl, none

        var reportFormat: RunReport.Format {
            switch self {
            case .text: return .text
            case .jsonl: return .jsonl
            case .none: return .none
            }
        }
    }

    @Argument(help: "The Lua script to run.")
    public var file: String

    @Option(help: "Trace format: text, jsonl or none.")
    public var trace: TraceFormat = .text

    @Option(help: "Comma-separated event kinds to show (default: all).")
    public var kinds: String?

    @Flag(help: "Also print the view hierarchy.")
    public var views = false

    @Option(help: "Compare the output with a golden file; exit 4 when it differs.")
    public var expect: String?

    @Option(help: "Write the output to a golden file.")
    public var record: String?

    @Flag(help: "Add presentation frames of animating views to the trace, at 60 Hz.")
    public var frames = false

    @Option(help: "Device preset: \(Device.all.map(\.name).joined(separator: ", ")).")
    public var device: String?

    @Option(help: "Seconds the script may run, at most 1000000 (exit 3 past it).")
    public var timeout: Double = 10

    @Option(name: .customLong("max-memory"), help: "MiB the script may use, what the model holds for it included (exit 3 past it).")
    public var maxMemory: Int = 256

    @Option(name: .customLong("max-instructions"), help: "Lua VM instructions the script may run (exit 3 past it).")
    public var maxInstructions: Int?

    @Flag(help: "Report errors in hooks but keep running.")
    public var keepGoing = false

    @Flag(help: "Do not run the run loop until idle after the script.")
    public var noSettle = false

    public init() {}

    /// About 11.6 days.
    static let maxTimeout = 1_000_000.0

    /// The runtime of a command-line run a limit stopped, never closed (see execute).
    nonisolated(unsafe) static var keptUntilExit: LuaRuntime?

    public func validate() throws {
        if expect != nil && record != nil {
            throw ValidationError("--expect and --record cannot be used together")
        }
        if let kinds, case .failure(let e) = TraceFilter.parse(kinds) {
            throw ValidationError(e.description)
        }
        // The bound keeps the watchdog's deadline (now + timeout, as a timespec) far from
        // overflowing; NaN fails both comparisons.
        if !(timeout > 0 && timeout <= Self.maxTimeout) {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 1000000")
        }
        if maxMemory <= 0 || maxMemory > 1 << 20 { throw ValidationError("--max-memory must be a number of MiB from 1 to 1048576") }
        if let m = maxInstructions, m <= 0 { throw ValidationError("--max-instructions must be a positive number") }
        if let device, Device.named(device) == nil {
            throw ValidationError("unknown device '\(device)' (\(Device.all.map(\.name).joined(separator: ", ")))")
        }
    }

    public func run() throws {
        let code = execute(output: .standard)
        if code != 0 { throw ExitCode(code) }
    }

    /// Runs the script and returns the exit code.
    public func execute(output: Output) -> Int32 {
        let filter: TraceFilter
        switch kinds.map(TraceFilter.parse) ?? .success(.all) {
        case .success(let f): filter = f
        case .failure(let e):
            output.err("nestbox: \(e)\n")
            return 2
        }
        let runtime: LuaRuntime
        do {
            runtime = try LuaRuntime(simulation: Simulation(device: device.flatMap(Device.named) ?? .iPhone15),
                                     memoryLimit: maxMemory * 1024 * 1024)
        } catch {
            output.err("nestbox: \(error)\n")
            return 1
        }
        // In JSON Lines mode standard output carries only JSON; the script's own
        // prints go to standard error.
        runtime.output = trace == .jsonl ? output.err : output.out
        runtime.keepGoing = keepGoing
        runtime.simulation.samplesFrames = frames
        runtime.setLimits(timeout: timeout, maxInstructions: maxInstructions,
                          exitWhenStuck: output.ownsProcess ? file : nil)
        runtime.simulation.trace.onEvent = { e in
            switch e.kind {
            case .warning: output.err("\(e.body)\n")
            case .error where self.keepGoing:
                output.err("\(e.message ?? "")\n\(e.traceback ?? "")\n")
            default: break
            }
        }
        let outcome = runtime.run(file: file, settle: !noSettle)
        if case .unreadable(let why) = outcome {
            output.err("nestbox: \(why)\n")
            return 2
        }
        runtime.endLimits()
        let (report, cutShort) = RunReport(simulation: runtime.simulation, format: trace.reportFormat, filter: filter,
                                           views: views).render(until: runtime.reportDeadline)
        output.out(report)
        // The process exits right after a run a limit stopped: closing a state with
        // millions of trace events behind it takes a quarter of a second that a run
        // under a timeout does not have (T + 1 s, report included). Kept reachable, so
        // a leak checker sees no loss; other runs close theirs.
        if output.ownsProcess, cutShort || outcome.exitCode == 3 { Self.keptUntilExit = runtime }

        switch outcome {
        case .ok, .unreadable: break
        case .scriptError(let message, let traceback):
            output.err(message + "\n" + (traceback.isEmpty ? "" : traceback + "\n"))
            return outcome.exitCode
        case .expectationFailed(let message):
            output.err(message + "\n")
            return outcome.exitCode
        case .limitExceeded(let message):
            output.err("nestbox: \(message)\n")
            return outcome.exitCode
        }
        if cutShort {
            output.err("nestbox: time limit exceeded while printing the report\n")
            return 3
        }
        if let record, let failure = writeGolden(report, to: record) {
            output.err("nestbox: cannot write \(record): \(failure)\n")
            return 2
        }
        if let expect {
            guard let data = FileManager.default.contents(atPath: expect) else {
                output.err("nestbox: cannot read golden file \(expect)\n")
                return 2
            }
            let golden = String(decoding: data, as: UTF8.self)
            if let diff = lineDiff(expected: golden, actual: report) {
                output.err("output differs from \(expect):\n\(diff)\n")
                return 4
            }
        }
        return 0
    }
}

/// A unified diff of two texts (`-` the golden file, `+` this run), bounded in time
/// and length; nil when their bytes are equal. Lines split at "\n" alone, so a golden
/// file with "\r\n" endings shows its "\r"s.
func lineDiff(expected: String, actual: String) -> String? {
    if expected.utf8.elementsEqual(actual.utf8) { return nil }
    return unifiedDiff(diffLines(expected), diffLines(actual)).joined(separator: "\n")
}
