import NestboxFiles
import ArgumentParser
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua
import Rendering

/// Everything `nestbox run` takes, each with its default: the one place they are
/// written. `Run` fills one from a command line ArgumentParser reads, `QuickParse` from
/// the others.
struct RunArguments {
    var file: String
    var trace: OutputFormat = .text
    var kinds: String?
    var views = false
    var expect: String?
    var record: String?
    var frames = false
    var limits = Limits()
    var snapshot: String?
    var snapshotAt: String?
    var filmstrip: String?
    var every: Double?
    var from: Double?
    var to: Double?
    var report: String?
    var scale = 1.0
    var overlays: String?
    var keepGoing = false
    var noSettle = false
    var lint = false
    /// `--matrix` axes (`devices=a,b`, `orientations=portrait,landscape`), and `--verbose`.
    var matrix: [String] = []
    var verbose = false
    /// Echo UIKit's warnings on standard error (not an option: the explorer's check of
    /// its repro reads the outcome's line alone).
    var echoWarnings = true

    /// A usage error, as a parsed command line reports it.
    func validate() throws {
        if expect != nil && record != nil {
            throw ValidationError("--expect and --record cannot be used together")
        }
        if let kinds, case .failure(let e) = TraceFilter.parse(kinds) {
            throw ValidationError(e.description)
        }
        // An empty list would show no event at all, silently.
        if let kinds, !kinds.split(separator: ",").contains(where: { !$0.trimmed.isEmpty }) {
            throw ValidationError("--kinds needs at least one kind (\(TraceKind.allCases.map(\.rawValue).joined(separator: ", ")), or all)")
        }
        try limits.validate()
        _ = try pictureRequest()
        if !matrix.isEmpty {
            _ = try Matrix(matrix, device: limits.device)
            // Each cell is its own run: one golden or timed picture would not say which (the
            // report has a page with a picker of cells).
            for (given, name) in [(expect != nil, "--expect"), (record != nil, "--record"),
                                  (filmstrip != nil, "--filmstrip"), (snapshotAt != nil, "--snapshot-at")] where given {
                throw ValidationError("\(name) cannot be used with --matrix")
            }
        } else if verbose {
            throw ValidationError("--verbose needs --matrix")
        }
    }

    /// The session's options; nil (with the line said) when the trace kinds do not
    /// parse (`validate` has said so already for a parsed command).
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
        options.echoWarnings = echoWarnings
        return options
    }

    /// Runs the script and returns the exit status.
    /// SIGINT and SIGTERM stop a run as a limit does: the script ends where it was, the
    /// trace so far and the line saying where are written, and the exit is the shell's
    /// 130 or 143 (a second signal ends the process at once).
    func execute(output: Output) -> ExitStatus {
        StopSignal.stopping { executeCaught(output: output) }
    }

    private func executeCaught(output: Output) -> ExitStatus {
        if !matrix.isEmpty {
            do { return try Matrix(matrix, device: limits.device).execute(self, output: output) } catch {
                output.err("nestbox: \(error)\n")
                return .usage
            }
        }
        guard let options = sessionOptions(output: output) else { return .usage }
        // An output named as the script would write over the design it is made from (a
        // snapshot is a .svg or .png, never a script).
        for (flag, path) in [("--report", report), ("--record", record)] {
            guard let path, isSameFile(path, file) else { continue }
            output.err("nestbox: \(flag) \(path) is the script itself: the run would write over it\n")
            return .usage
        }
        // The golden file is read before the run: one that cannot be read is a usage
        // error, with nothing run.
        var golden: String?
        if let expect {
            guard let data = FileManager.default.contents(atPath: expect) else {
                output.err("nestbox: cannot read golden file \(expect): \(LuaRuntime.whyUnreadable(expect))\n")
                return .usage
            }
            golden = String(decoding: data, as: UTF8.self)
        }
        // Asked before the session is made, said after (as a parsed command line's
        // order of errors has it); no `Result`, whose metadata costs start-up a
        // conformance scan (docs/performance.md).
        var request = Pictures.Request()
        var requestError: (any Error)?
        do { request = try pictureRequest() } catch { requestError = error }
        let session: RunSession
        do {
            session = try RunSession(options: options, output: output)
        } catch {
            output.err("nestbox: \(error)\n")
            return .failure
        }
        if let requestError {
            output.err("nestbox: \(requestError)\n")
            return .usage
        }
        let pictures = request.isEmpty ? nil : Pictures(request)
        pictures?.install(on: session.runtime.simulation) { session.memoryLeft }
        // The page is titled as errors name the script: `stdin` for `-`.
        let recorder = report.map { _ in ReportRecorder(title: file == "-" ? "stdin" : file, drawsTicks: Environment.reportDrawsTicks) }
        recorder?.install(on: session.runtime.simulation)
        let result = session.execute(file: file, keepingReport: record != nil || expect != nil) {
            pictures?.finish(session.runtime.simulation)
            recorder?.finish(session.runtime.simulation)
        }
        // An output named as a module the script required would write over it too; known
        // only now, it is not written, and the run's end is a usage error.
        var overModule = false
        for (flag, path) in [("--report", report), ("--record", record)] {
            guard let path, let module = session.runtime.modulePaths.first(where: { isSameFile(path, $0) }) else { continue }
            output.err("nestbox: \(flag) \(path) is \(module), a module the script requires: the run would write over it\n")
            overModule = true
        }
        // Pictures of a run that failed show where it stopped; a limit leaves none.
        // A switch, not a Set: building a Set's metadata at run time scans the binary's
        // conformance records, a tenth of a plain run's start-up (docs/performance.md).
        var wrote = switch result.code { case .ok, .failure, .expectation: true; default: false }
        if let pictures, pictures.overMemory {
            // The last pictures are drawn after the run's outcome: their limit is said here.
            if wrote { session.printOutcome(.limitExceeded("memory limit of \(options.memoryLimit >> 20) MiB exceeded in \(file)")) }
            wrote = false
            let held = pictures.held >> 20 > 0 ? "held \(pictures.held >> 20) MiB" : "were being drawn"
            output.err("nestbox: the pictures \(held) when the memory limit was hit "
                       + "(they count toward --max-memory: take fewer, or raise it)\n")
        }
        // The report's pages count too: say so when they were a large part of it.
        if let recorder, case .limitExceeded(let why) = result.outcome, why.hasPrefix("memory limit"),
           recorder.report.stringBytes >= options.memoryLimit / 4 {
            output.err("nestbox: the report held \(recorder.report.stringBytes >> 20) MiB of pages when the memory limit "
                       + "was hit (they count toward --max-memory: a shorter run, or raise it)\n")
        }
        // A picture or page that cannot be written is said and its code kept, but the
        // golden is still recorded or compared: nothing already computed is lost.
        var unwritten = ExitStatus.ok
        if let pictures, wrote {
            let code = pictures.write(output: output, maxBytes: session.memoryLeft)
            if code != .ok && unwritten == .ok { unwritten = code }
        }
        // The golden's comparison is known before the page is written, so a page of a run
        // that exits 4 says why, as one that exits 1 under --keep-going does.
        let expectDiff = result.code == .ok ? expect.flatMap { _ in golden }.flatMap { g in result.report.flatMap { unifiedDiff(expected: g, actual: $0) } } : nil
        if let recorder, let path = report, wrote, !overModule {
            // An expectation's diff comes whole (40 lines at most), as the terminal shows it.
            recorder.failure = Self.firstLines(result.outcome.expectationMessage)
                ?? result.outcome.failureLine
                ?? (result.code == .failure ? "an error in a callback (--keep-going: the trace's error events say where)" : nil)
                ?? expectDiff.map { "the output differs from \(expect ?? "") (--expect):\n" + (Self.firstLines($0) ?? "") }
            let code = Self.writeReport(recorder, to: path, memoryLeft: session.memoryLeft, output: output)
            if code != .ok && unwritten == .ok { unwritten = code }
        }
        if pictures?.overMemory == true { return .limit }
        // The lints follow the report and the outcome's line, whatever the outcome.
        let lints = lint && result.report != nil ? session.runtime.lintReport() : nil
        if let lints { output.err(lints.text(stoppedBy: result.outcome, ranToEnd: session.runtime.ranToEnd)) }
        if overModule { return .usage }
        guard result.code == .ok, let report = result.report else { return result.code }
        if let record, let failure = writeFile(report, to: record) {
            output.err("nestbox: cannot write \(record): \(failure)\n")
            return .usage
        }
        if let expect, let diff = expectDiff {
            output.err("output differs from \(expect) (- expected, + actual):\n\(diff)\n")
            return .expectation
        }
        if unwritten != .ok { return unwritten }
        return (lints?.count ?? 0) > 0 ? .lints : .ok
    }
}
