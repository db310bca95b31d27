import ArgumentParser
import Containment
import NestboxLua

/// `nestbox run FILE`: runs a script, then prints its trace and the controller
/// hierarchy (README.md, `nestbox run`). The command line only: what each option means
/// and its default are `RunArguments`', which a plain `run FILE` uses without parsing.
public struct Run: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Run a Lua script and print its event trace and controller hierarchy.")

    /// The defaults the help shows, from the one place they are written.
    private static let defaults = RunArguments(file: "")

    @Argument(help: "The Lua script to run.", completion: .file(extensions: ["lua"]))
    public var file: String

    @Option(help: "Trace format: text, jsonl, chrome (the Trace Event Format for Perfetto UI) or none (default: \(defaults.trace.rawValue)).")
    public var trace: OutputFormat?

    @Option(help: "Comma-separated event kinds to show (default: all).", completion: .list(["all"] + TraceKind.allCases.map(\.rawValue)))
    public var kinds: String?

    @Flag(help: "Also print the view hierarchy.")
    public var views = false

    @Option(help: "Compare the output with a golden file; exit 4 when it differs.", completion: .file())
    public var expect: String?

    @Option(help: "Write the output to a golden file.", completion: .file())
    public var record: String?

    @Flag(help: "Add presentation frames of animating views to the trace, at 60 Hz.")
    public var frames = false

    @OptionGroup public var limits: LimitOptions

    @Option(help: "Write a picture of the screen (.svg or .png) after the run, or at the --snapshot-at times (%t in the path becomes the time).", completion: .file(extensions: ["png", "svg"]))
    public var snapshot: String?

    @Option(name: .customLong("snapshot-at"), parsing: .unconditional, help: "Comma-separated virtual times (seconds) to take --snapshot at.")
    public var snapshotAt: String?

    @Option(help: "Write the screen at successive times side by side (.svg or .png); needs --every.", completion: .file(extensions: ["png", "svg"]))
    public var filmstrip: String?

    @Option(parsing: .unconditional, help: "Seconds of virtual time between filmstrip frames.")
    public var every: Double?

    @Option(parsing: .unconditional, help: "The filmstrip's first frame (seconds, default 0).")
    public var from: Double?

    @Option(parsing: .unconditional, help: "The filmstrip's last frame (seconds, default: the end of the run).")
    public var to: Double?

    @Option(help: "Write an HTML report: the screen at each event and 60 Hz frame, the timeline, the hierarchies.", completion: .file(extensions: ["html"]))
    public var report: String?

    @Option(parsing: .unconditional, help: "Pixels per point of PNG pictures (default: \(formatNumber(defaults.scale))).")
    public var scale: Double?

    @Option(help: "Comma-separated overlays on pictures: controllers, safeArea, names.", completion: .list(["controllers", "safeArea", "names"]))
    public var overlays: String?

    @Flag(help: "Report errors in hooks but keep running (exit 1 at the end when any).")
    public var keepGoing = false

    @Flag(help: "Do not run the run loop until idle after the script.")
    public var noSettle = false

    @Flag(help: "Also check the lint rules; the lints go to standard error (exit 5 when any).")
    public var lint = false

    @Option(help: "Run once per cell of a matrix, each in a fresh world: devices=iphone-se,ipad-11, orientations=portrait,landscape or directions=ltr,rtl (repeat for each axis); one line per cell says how its trace differs from the first's, and --snapshot draws the cells in a grid.",
            completion: .list(Device.all.map { "devices=" + $0.id } + ["orientations=portrait,landscape", "directions=ltr,rtl"]))
    public var matrix: [String] = []

    @Flag(help: "With --matrix, print each cell's differences from the first cell.")
    public var verbose = false

    public init() {}

    /// The command line read: every option not given keeps `RunArguments`' default.
    var arguments: RunArguments {
        var a = RunArguments(file: file)
        if let trace { a.trace = trace }
        if let scale { a.scale = scale }
        a.kinds = kinds; a.views = views; a.expect = expect; a.record = record; a.frames = frames
        a.limits = limits.values
        a.snapshot = snapshot; a.snapshotAt = snapshotAt; a.filmstrip = filmstrip
        a.every = every; a.from = from; a.to = to; a.report = report; a.overlays = overlays
        a.keepGoing = keepGoing; a.noSettle = noSettle; a.lint = lint
        a.matrix = matrix; a.verbose = verbose
        return a
    }

    public func validate() throws { try arguments.validate() }

    public func execute(output: Output) -> ExitStatus { arguments.execute(output: output) }
}

extension OutputFormat: ExpressibleByArgument {}
