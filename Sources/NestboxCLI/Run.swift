import ArgumentParser
import Containment
import FoundationEssentials
import NestboxLua
import Rendering

/// `nestbox run FILE`: runs a script, then prints its trace and the controller
/// hierarchy (README.md, `nestbox run`).
public struct Run: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Run a Lua script and print its event trace and controller hierarchy.")

    @Argument(help: "The Lua script to run.")
    public var file: String

    @Option(help: "Trace format: text, jsonl, chrome (the Trace Event Format for Perfetto UI) or none.")
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

    @Option(help: "Write a picture of the screen (.svg or .png) after the run, or at the --snapshot-at times (%t in the path becomes the time).")
    public var snapshot: String?

    @Option(name: .customLong("snapshot-at"), help: "Comma-separated virtual times (seconds) to take --snapshot at.")
    public var snapshotAt: String?

    @Option(help: "Write the screen at successive times side by side (.svg or .png); needs --every.")
    public var filmstrip: String?

    @Option(help: "Seconds of virtual time between filmstrip frames.")
    public var every: Double?

    @Option(help: "The filmstrip's first frame (seconds, default 0).")
    public var from: Double?

    @Option(help: "The filmstrip's last frame (seconds, default: the end of the run).")
    public var to: Double?

    @Option(help: "Write an HTML report: the screen at each event and 60 Hz frame, the timeline, the hierarchies.")
    public var report: String?

    @Option(help: "Pixels per point of PNG pictures (default 1).")
    public var scale: Double = 1

    @Option(help: "Comma-separated overlays on pictures: controllers, safeArea, names.")
    public var overlays: String?

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
        _ = try pictureRequest()
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
        return Self.execute(file: file, options: options, pictures: Result { try pictureRequest() },
                            lint: lint, record: record, expect: expect, report: report, output: output)
    }

    /// What `execute` does once the command line is read: from plain values, so a plain
    /// `run FILE` can come here without ArgumentParser (`Nestbox.plainRun`).
    static func execute(file: String, options: RunSession.Options, pictures request: Result<Pictures.Request, any Error>,
                        lint: Bool, record: String?, expect: String?, report: String?, output: Output) -> Int32 {
        let session: RunSession
        do {
            session = try RunSession(options: options, output: output)
        } catch {
            output.err("nestbox: \(error)\n")
            return 1
        }
        let pictures: Pictures?
        do {
            let request = try request.get()
            pictures = request.isEmpty ? nil : Pictures(request)
        } catch {
            output.err("nestbox: \(error)\n")
            return 2
        }
        pictures?.install(on: session.runtime.simulation)
        let recorder = report.map { _ in ReportRecorder(title: file) }
        recorder?.install(on: session.runtime.simulation)
        let result = session.execute(file: file) {
            pictures?.finish(session.runtime.simulation)
            recorder?.finish(session.runtime.simulation)
        }
        // Pictures of a run that failed show where it stopped; a limit leaves none.
        if let pictures, [0, 1, 4].contains(result.code) {
            let code = pictures.write(output: output)
            if code != 0 && result.code == 0 { return code }
        }
        if let recorder, let path = report, [0, 1, 4].contains(result.code) {
            let code = writeReport(recorder, to: path, output: output)
            if code != 0 && result.code == 0 { return code }
        }
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
