import NestboxFiles
import ArgumentParser
import CLuaShim
import Containment
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `nestbox test [PATH...]`: runs busted-style spec files, each test in a fresh world
/// (README.md, `nestbox test`).
public struct Test: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Run the tests in *_spec.lua and *_test.lua files, each in a fresh world.")

    @Argument(help: "Spec files, or folders to search (default: the current folder).", completion: .file(extensions: ["lua"]))
    public var paths: [String] = []

    @Option(help: "Run only the tests whose full name contains this text.")
    public var filter: String?

    @Flag(help: "Write TAP (version 13) instead of the text report.")
    public var tap = false

    @Option(help: "Also write a JUnit XML report to this file.", completion: .file(extensions: ["xml"]))
    public var junit: String?

    @Option(name: .short, parsing: .unconditional,
            help: "Run this many spec files at once, or this many tests of a single file (default: the number of processors, at most 8).")
    public var jobs: Int?

    @Flag(help: "Write the goldens that expect_golden compares with.")
    public var record = false

    @OptionGroup public var limits: LimitOptions

    public init() {}

    public func validate() throws {
        if let jobs, jobs < 1 || jobs > 64 { throw ValidationError("-j must be a number from 1 to 64") }
    }

    public func execute(output: Output) -> ExitStatus {
        Self.test(paths, filter: filter, tap: tap, junit: junit, jobs: jobs, record: record, limits: limits.values, output: output)
    }

    /// The command without its parsed wrappers, also what `QuickParse` calls.
    static func test(_ paths: [String], filter: String? = nil, tap: Bool = false, junit: String? = nil, jobs: Int? = nil,
                     record: Bool = false, limits: Limits = Limits(), output: Output) -> ExitStatus {
        // A JUnit path naming a spec file would write over it: said before anything runs.
        if let junit, let spec = paths.first(where: { isSameFile(junit, $0) }) {
            output.err("nestbox: --junit \(junit) is the spec file \(spec): not written over\n")
            return .usage
        }
        var options = RunSession.Options()
        limits.apply(to: &options)
        var runner = SpecRunner(options: options, filter: filter, record: record)
        runner.forks = output.ownsProcess && SpecRunner.mayFork
        // The runner runs Lua on this thread only: its time limits need no thread, and
        // a process that never made one forks its tests without atfork handlers (Fork.c).
        if runner.forks { nb_watchdog_use_timer() }
        let printer = TestPrinter(tap: tap, output: output, colour: output.ownsProcess && Colour.forStandardOutput(output))
        // A reader that leaves early (`nestbox test --junit r.xml | grep -q FAIL`) must not
        // cost the JUnit file: SIGPIPE is ignored while the tests run, the report's lines
        // are dropped once standard output is gone, and the process ends as SIGPIPE would
        // have ended it (141) only after the file is written.
        if output.ownsProcess { signal(SIGPIPE, SIG_IGN) }
        defer {
            if output.ownsProcess, output.outFailure() == String(cString: strerror(EPIPE)) {
                signal(SIGPIPE, SIG_DFL)
                raise(SIGPIPE)
            }
        }
        // SIGINT and SIGTERM stop the run between tests: what finished is written (the
        // report, the summary, JUnit) and the exit code is the shell's 130 or 143.
        let (found, signal) = StopSignal.catching(terminate: true) {
            run(paths.isEmpty ? ["."] : paths, runner: runner, jobs: jobs ?? defaultJobs, printer: printer, output: output)
        }
        guard let results = found else { return .usage }
        // A JUnit path naming a spec file found in a folder would write over it.
        if let junit, let spec = results.first(where: { isSameFile(junit, $0.file) }) {
            output.err("nestbox: --junit \(junit) is the spec file \(spec.file): not written over\n")
            return .usage
        }
        if let junit, let failure = writeFile(JUnitReport.xml(results), to: junit) {
            output.err("nestbox: cannot write \(junit): \(failure)\n")
            return .usage
        }
        if signal != 0 { return StopSignal.status(signal) }
        return results.allSatisfy(\.passed) ? .ok : .failure
    }

    /// Tests or files at once unless `-j` says: every processor, as most test runners
    /// do, and no more than 8 (a test's process is small; more buys nothing on a laptop).
    static var defaultJobs: Int { min(max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1), 8) }

    /// Finds the spec files under `paths`, runs them and prints the report (also the
    /// REPL's `:test`); nil, with the reason said, when there is nothing to run.
    static func run(_ paths: [String], runner: SpecRunner, jobs: Int, printer: TestPrinter, output: Output) -> [SpecFileResult]? {
        var runner = runner
        let files: [String]
        switch SpecFinder.find(paths, within: runner.options.timeout ?? 60) {
        case .failure(let why):
            output.err("nestbox: \(why)\n")
            return nil
        case .success(let found): files = found
        }
        guard !files.isEmpty else {
            output.err("nestbox: no *_spec.lua or *_test.lua files under \(paths.joined(separator: ", "))\n")
            return nil
        }
        var results: [SpecFileResult] = []
        if jobs == 1 || files.count == 1 && runner.forks {
            runner.testJobs = jobs
            // Each test's line as it ends, not when its file ends: a run stopped part
            // way has said what finished.
            for file in files where StopSignal.received == 0 {
                results.append(runner.run(file: file) { printer.print($0, file: file) })
            }
        } else if runner.forks {
            // Each file's lines as soon as it and the files before it have ended.
            results = runner.runInWorkers(files: files, jobs: jobs) { printer.print($0) }
        } else {
            results = runner.run(files: files, jobs: jobs)
            for r in results { printer.print(r) }
        }
        printer.finish(results, stoppedBy: StopSignal.received)
        if let filter = runner.filter, results.allSatisfy({ $0.cases.isEmpty }), StopSignal.received == 0 {
            output.err("nestbox: no test's name contains '\(filter)' (--filter)\n")
            return nil
        }
        return results
    }
}

/// One test's result.
struct SpecCaseResult: Sendable {
    enum Status: Sendable { case passed, failed, skipped }
    var name: String
    var status: Status
    var seconds: Double
    /// Failure lines (file:line, messages, trace diffs), then what the test printed.
    var failures: [String] = []
    var printed = ""
    /// Goldens written by --record.
    var recorded: [String] = []
    /// Where each of `recorded` was asked for ("file:line: " of its expect_golden).
    var recordedAt: [String] = []
    /// The test failed by a runtime error (a Lua error, a UIKit exception, a limit, a
    /// crash), not an assertion: JUnit's `<error>`, not `<failure>`.
    var isError = false
    /// Why a skipped test is: `pending`'s reason ("" for none).
    var reason = ""
    /// How the reports say a skipped test: "pending", or "pending: " and its reason.
    var pendingNote: String { reason.isEmpty ? "pending" : "pending: \(reason)" }
}

/// What a test printed, kept for its report up to a cap (README.md, `nestbox test`):
/// eight tests printing 40 MB each must not hold 320 MB.
final class PrintedOutput {
    static let cap = 64 * 1024
    private(set) var kept = ""
    private var cut = 0
    /// Hears each piece as it is kept: a forked test sends it to the runner at once, so
    /// what a test printed is shown even when its process is killed (Q72).
    var onKeep: ((Substring) -> Void)?

    func append(_ s: String) {
        let room = Self.cap - kept.utf8.count
        guard s.utf8.count > room else { keep(s[...]); return }
        if room > 0 {
            // at a character's boundary at or before the cap
            var end = s.utf8.index(s.utf8.startIndex, offsetBy: room)
            while end > s.startIndex && UTF8.isContinuation(s.utf8[end]) { end = s.utf8.index(before: end) }
            keep(s[..<end])
            cut += s.utf8.count - s[..<end].utf8.count
        } else {
            cut += s.utf8.count
        }
    }

    private func keep(_ piece: Substring) {
        kept += piece
        onKeep?(piece)
    }

    var text: String {
        cut == 0 ? kept : kept + "\n(printed output cut here: \(cut) more bytes)\n"
    }
}

/// A spec file's results; a file that fails to load is one failed case.
struct SpecFileResult: Sendable {
    var file: String
    var cases: [SpecCaseResult]
    var passed: Bool { cases.allSatisfy { $0.status != .failed } }
}

/// Runs the tests of spec files, each in a fresh session (new simulation, window, clock
/// and trace) under the limits, so a test that hits one fails alone.
struct SpecRunner: Sendable {
    // The options hold only values (a device preset, numbers, a trace filter).
    nonisolated(unsafe) let options: RunSession.Options
    let filter: String?
    let record: Bool
    /// Each test in a child process forked after the file loaded, and with `-j N` the
    /// tests or files shared by worker processes (Q72): only a process of its own (the
    /// command line, the REPL), whose only other thread is the signal watcher.
    var forks = false
    /// Workers sharing one file's tests when forking (`-j` with one file).
    var testJobs = 1

    init(options: RunSession.Options, filter: String?, record: Bool) {
        var options = options
        options.echoWarnings = false      // warnings stay in each test's trace
        self.options = options
        self.filter = filter
        self.record = record
    }

    /// Runs files on `jobs` threads; each runtime stays on its thread. The results come
    /// back in the files' order.
    func run(files: [String], jobs: Int) -> [SpecFileResult] {
        let results = Mutex<[Int: SpecFileResult]>([:])
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, files.count)) { _ in
            while StopSignal.received == 0 {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < files.count else { return }
                let r = run(file: files[i])
                results.withLock { $0[i] = r }
            }
        }
        return results.withLock { all in files.indices.compactMap { all[$0] } }
    }

    /// Runs one file; `ended` hears each case as it ends.
    func run(file: String, ended: ((SpecCaseResult) -> Void)? = nil) -> SpecFileResult {
        let start = ContinuousClock.now
        var cases: [SpecCaseResult] = []
        // A golden name is one file beside the spec: a second test recording it would
        // replace the first's, and the next run fail one of them. The later test in the
        // file fails, naming the first.
        var recordedBy: [String: String] = [:]
        func claimed(_ result: SpecCaseResult) -> SpecCaseResult { claim(result, recordedBy: &recordedBy) }
        func fail(_ why: String, _ printed: String = "") -> SpecFileResult {
            let failed = failedLoad(file, why, start, printed)
            ended?(failed)
            return SpecFileResult(file: file, cases: cases + [failed])
        }
        // Forking, the file is loaded once per slice of `Self.slice` tests (Q72).
        var first = 1, total: Int?
        repeat {
            guard let session = try? RunSession(options: options, output: Output(out: { _ in }, err: { _ in })) else {
                return fail("cannot make a Lua state")
            }
            let printed = PrintedOutput()
            session.runtime.output = printed.append
            let (tests, outcome) = session.loadSpec(file: file, slice: forks ? first...(first + Self.slice - 1) : nil)
            if StopSignal.received != 0 { return SpecFileResult(file: file, cases: cases) }
            guard outcome == .ok else { return fail(Self.describe(outcome), printed.text) }
            let loose = session.runtime.looseChecks()
            if tests.isEmpty, session.runtime.specCount == 0 {
                // A file that defines no test, named or found in a folder, is one test named
                // "(script)" (README.md, `nestbox test`): a self-checking design script joins
                // a test run, and its invariants are checked wherever it was found. `--filter`
                // chooses it as any other.
                if let filter, !"(script)".contains(filter) { return SpecFileResult(file: file, cases: []) }
                let script = runAsScript(session, loose: loose, printed: printed, start: start)
                ended?(script)
                return SpecFileResult(file: file, cases: [script])
            }
            if !loose.isEmpty { return fail(loose.joined(separator: "\n"), printed.text) }
            if forks {
                if let total, total != session.runtime.specCount { return fail("\(file) registered other tests when loaded again") }
                total = session.runtime.specCount
                session.runtime.compactForForking()
            }
            let chosen = tests.enumerated().filter { filter == nil || $0.element.name.contains(filter!) }
            if forks {
                // A test a signal stopped did not finish: it is not reported.
                let list = chosen.map { (index: $0.offset + 1, test: $0.element) }
                let said: (SpecCaseResult) -> Void = { let r = claimed($0); cases.append(r); ended?(r) }
                if testJobs > 1 && list.count > 1 {
                    runSharded(list, file: file, loaded: session, ended: said)
                } else {
                    runForked(list, file: file, loaded: session, ended: said)
                }
            }
            for (i, test) in forks ? [] : chosen {
                if StopSignal.received != 0 { break }
                let result = test.isPending ? SpecCaseResult(name: test.name, status: .skipped, seconds: 0)
                    : run(test, index: i + 1, file: file)
                if StopSignal.received != 0 { Self.discardRecordings(result); break }
                let r = claimed(result)
                cases.append(r)
                ended?(r)
            }
            first += Self.slice
        } while forks && first <= (total ?? 0) && StopSignal.received == 0
        return SpecFileResult(file: file, cases: cases)
    }

    /// A file with no test, run as one: what it raised while loading failed its load
    /// already; its `check`s, the run loop's settling and its invariants decide.
    private func runAsScript(_ session: RunSession, loose: [String], printed: PrintedOutput, start: ContinuousClock.Instant) -> SpecCaseResult {
        var failures = loose
        session.runtime.setLimits(timeout: options.timeout, maxInstructions: options.maxInstructions)
        let settled = session.runtime.settle()
        let broken = settled == .ok ? session.runtime.checkAllInvariants() : settled
        session.runtime.endLimits()
        if let broken, broken != .ok { failures.append(Self.describe(broken)) }
        return SpecCaseResult(name: "(script)", status: failures.isEmpty ? .passed : .failed,
                              seconds: Self.seconds(since: start), failures: failures, printed: failures.isEmpty ? "" : printed.text)
    }

    /// Tests per load when forking: a child's cost grows with what its parent holds.
    static let slice = 2_000

    /// Loads the file again in a fresh session and runs test `index` there (files run on
    /// threads, and embeddings, which must not fork).
    private func run(_ test: SpecTest, index: Int, file: String) -> SpecCaseResult {
        let start = ContinuousClock.now
        var result = SpecCaseResult(name: test.name, status: .passed, seconds: 0)
        guard let session = try? RunSession(options: options, output: Output(out: { _ in }, err: { _ in })) else {
            result.status = .failed
            result.failures = ["cannot make a Lua state"]
            return result
        }
        let printed = PrintedOutput()
        session.runtime.output = printed.append
        let (tests, loaded) = session.loadSpec(file: file)
        if loaded != .ok || tests.count < index || tests[index - 1].name != test.name {
            result.failures = [loaded == .ok ? "\(file) registered other tests when loaded again" : Self.describe(loaded)]
            result.printed = printed.text
            result.status = .failed
        } else {
            finish(&result, index: index, file: file, in: session, printed: printed)
        }
        result.seconds = Self.seconds(since: start)
        return result
    }

    /// Runs test `index` in `session`, where its file is loaded, into `result`.
    func finish(_ result: inout SpecCaseResult, index: Int, file: String, in session: RunSession,
                printed: PrintedOutput, exitWhenStuck: Bool = false) {
        let (found, outcome) = session.runSpec(index, file: file, exitWhenStuck: exitWhenStuck)
        result.failures = found.failures
        result.isError = found.isError || (found.failures.isEmpty && outcome != .ok)
        if outcome != .ok { result.failures.append(Self.describe(outcome)) }
        for golden in found.goldens { compare(golden, file: file, test: index, into: &result) }
        result.printed = printed.text
        result.status = !result.failures.isEmpty ? .failed : found.pending != nil ? .skipped : .passed
        result.reason = found.pending ?? ""
    }

    private func failedLoad(_ file: String, _ why: String, _ start: ContinuousClock.Instant, _ printed: String = "") -> SpecCaseResult {
        SpecCaseResult(name: "(loading \(file))", status: .failed, seconds: Self.seconds(since: start), failures: [why],
                       printed: printed, isError: true)
    }

    static func describe(_ outcome: RunOutcome) -> String {
        switch outcome {
        case .ok: return "ok"
        case .unreadable(let why): return why
        case .scriptError(let message, let traceback): return LuaRuntime.placed(message, traceback: traceback)
        case .expectationFailed(let message): return message
        case .limitExceeded(let message): return message
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
