import ArgumentParser
import Containment
import FoundationEssentials
import NestboxLua

/// `nestbox run FILE`: runs a script, then prints its trace and the controller
/// hierarchy (README.md, `nestbox run`).
public struct Run: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Run a Lua script and print its event trace and controller hierarchy.")

    @Argument(help: "The Lua script to run.")
    public var file: String

    @Option(help: "Trace format: text, jsonl or none.")
    public var trace: OutputFormat = .text

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

    @OptionGroup public var limits: LimitOptions

    @Flag(help: "Report errors in hooks but keep running.")
    public var keepGoing = false

    @Flag(help: "Do not run the run loop until idle after the script.")
    public var noSettle = false

    @Flag(help: "Also check the lint rules; the lints go to standard error (exit 5 when any).")
    public var lint = false

    public init() {}

    public func validate() throws {
        if expect != nil && record != nil {
            throw ValidationError("--expect and --record cannot be used together")
        }
        if let kinds, case .failure(let e) = TraceFilter.parse(kinds) {
            throw ValidationError(e.description)
        }
    }

    /// The session's options from the command line's; nil (with the line said) when
    /// the trace kinds do not parse (`validate` has said so already for a parsed command).
    func sessionOptions(output: Output) -> RunSession.Options? {
        var options = RunSession.Options()
        switch kinds.map(TraceFilter.parse) ?? .success(.all) {
        case .success(let f): options.filter = f
        case .failure(let e):
            output.err("nestbox: \(e)\n")
            return nil
        }
        limits.apply(to: &options)
        options.format = trace
        options.views = views
        options.hookErrors = keepGoing ? .report : .stop
        options.settle = !noSettle
        options.frames = frames
        options.lint = lint
        return options
    }

    /// Runs the script and returns the exit code.
    public func execute(output: Output) -> Int32 {
        guard let options = sessionOptions(output: output) else { return 2 }
        let session: RunSession
        do {
            session = try RunSession(options: options, output: output)
        } catch {
            output.err("nestbox: \(error)\n")
            return 1
        }
        let result = session.execute(file: file)
        // The lints follow the report and the outcome's line, whatever the outcome.
        let lints = lint && result.report != nil ? session.runtime.lintReport() : nil
        if let lints { output.err(lints.text) }
        guard result.code == 0, let report = result.report else { return result.code }
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
            if let diff = unifiedDiff(expected: golden, actual: report) {
                output.err("output differs from \(expect):\n\(diff)\n")
                return 4
            }
        }
        return (lints?.count ?? 0) > 0 ? 5 : 0
    }
}

extension OutputFormat: ExpressibleByArgument {}
