import NestboxFiles
import CLuaShim
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `nestbox explore FILE` (docs/explore.md): the design is built and settled once; then
/// sequences of inputs, each in a child forked from that world, look for a failure; the
/// first one found (the lowest sequence number, so the same whatever `-j`) is shrunk,
/// stored in the database beside FILE and written out as a repro `nestbox run` replays.
final class Explorer {
    struct Settings {
        var file: String
        var seed: UInt64 = 1
        var runs: Int?
        var seconds: Double?
        var steps = 10
        var jobs = 1
        var out: String?
        var json = false
        var lintFails = false
        var limits = Limits()
        /// No database read or written (the bench, the tests of determinism).
        var useDatabase = true
        /// Each sequence in a child forked from the settled design (the command line);
        /// otherwise in a world built afresh in this process, one at a time (an embedding,
        /// the tests in-process, `NESTBOX_EXPLORE_FORK=0` for a debugger or profiler).
        var fork = true

        /// What a stored failure depends on: the device its points are on, and whether
        /// lints fail.
        var databaseKey: String {
            "device=\(limits.device.flatMap(Device.named)?.id ?? Device.iPhone15.id) lint-fails=\(lintFails)"
        }
    }

    /// What a run found, for the final line, `--json` and the tests.
    struct Summary {
        var sequences = 0
        var inputs = 0
        var seconds = 0.0
        var failure: ExploreFailure?
        var shrunkFrom = 0
        var sequence: Int?
        var fromDatabase = false
        var repro: String?
        var report: String?
        /// Whether `nestbox run` of the repro failed with the same message.
        var reproConfirmed = false
        var lints: [String] = []
        /// Why exploring never began (exit 2 or 3), for `--json`: the design's error,
        /// limit, warning or broken invariant, or the repro folder's problem.
        var stopped: (kind: String, file: String, line: Int?, message: String)?
    }

    static let defaultRuns = 1_000

    let settings: Settings
    let output: Output
    private(set) var session: RunSession!
    private let started = nb_monotonic_now()

    init(settings: Settings, output: Output) {
        self.settings = settings
        self.output = output
    }

    /// The whole command: exit 0 (no failure), 1 (a failure), 3 (the design fails before
    /// any input).
    func execute() -> (ExitStatus, Summary) {
        var summary = Summary()
        // What would stop the repro being written is said before exploring, not after.
        if let problem = Self.folderProblem(outFolder) {
            output.err("nestbox: cannot write the repro in \(outFolder): \(problem)\n")
            summary.stopped = ("usage", outFolder, nil, "cannot write the repro in \(outFolder): \(problem)")
            return (.usage, summary)
        }
        // A design named repro.lua (or repro.html) in the repro's folder would be written over.
        if let mine = ["/repro.lua", "/repro.html"].first(where: { isSameFile(outFolder + $0, settings.file) }) {
            let problem = "\(outFolder + mine) is the design itself: a repro would write over it (give --out another folder)"
            output.err("nestbox: \(problem)\n")
            summary.stopped = ("usage", outFolder, nil, problem)
            return (.usage, summary)
        }
        if let early = startDesign(&summary) {
            summary.seconds = nb_monotonic_now() - started
            return (early, summary)
        }
        // Said once the design has loaded: a file that cannot be read says only that.
        if let why = Self.moduleProblem(of: settings.file, from: outFolder) {
            output.err("nestbox: note: \(settings.file) cannot be loaded with require (\(why)), so a failure gets no repro\n")
        }
        let db = ExploreDatabase(file: settings.file, key: settings.databaseKey)
        var found: (index: Int?, result: SequenceResult)?
        if settings.useDatabase {
            // A replay a stop signal cut short says nothing about the stored sequence.
            for (k, stored) in db.entries.enumerated() where StopSignal.received == 0 {
                let r = runOne(job: -1 - k, replay: stored)
                if StopSignal.received != 0 { break }
                summary.sequences += 1
                summary.inputs += r.steps.count { $0.input != nil }
                if r.failure != nil { found = (nil, r); summary.fromDatabase = true; break }
                db.remove(stored)
            }
        }
        if found == nil { found = exploreAll(&summary) }
        summary.seconds = nb_monotonic_now() - started
        guard let (index, result) = found, let failure = result.failure else {
            clearProgress()
            removeStaleRepro()
            return (.ok, summary)
        }
        summary.sequence = index
        summary.shrunkFrom = failure.after
        let (steps, shrunk) = shrink(result.steps, failure)
        summary.failure = shrunk
        if settings.useDatabase { db.store(steps) }
        clearProgress()
        writeRepro(steps, shrunk, &summary)
        summary.seconds = nb_monotonic_now() - started
        return (.failure, summary)
    }

    // MARK: - The design

    /// Runs FILE's main chunk and settles: the world every sequence starts from. A
    /// failure here is the design's own (exit 3), said as `nestbox run` says it.
    private func startDesign(_ summary: inout Summary) -> ExitStatus? {
        let (made, outcome, warning) = makeWorld()
        guard let made else { return .failure }
        session = made
        summary.stopped = LintReport.stop(outcome, script: settings.file)
        if case .unreadable = outcome { session.printOutcome(outcome); return .usage }
        var failure: String?
        if outcome != .ok {
            session.printOutcome(outcome)
        } else if let warning {
            failure = "UIKit warned: \(warning)"
            summary.stopped = ("warning", settings.file, nil, failure!)
        } else if let broken = session.runtime.checkAllInvariants() {
            session.printOutcome(broken)
            summary.stopped = LintReport.stop(broken, script: settings.file)
        } else {
            // What every child reads before its first input, read once here: the
            // runtime's type caches and the lazily bound symbols these paths fill are
            // then the children's already, not made again in each (docs/explore.md, Speed).
            let sim = session.runtime.simulation
            _ = sim.tapTargets()
            _ = sim.panTargets()
            _ = sim.isAtRest
            return nil
        }
        if let failure { output.err("nestbox: \(failure)\n") }
        output.err("nestbox: \(settings.file) fails before any input (exit 3)\n")
        return .limit
    }

    /// A world with FILE's design built and settled: the session, the outcome, and the
    /// first UIKit warning it printed. Nil when no Lua state could be made.
    private func makeWorld() -> (RunSession?, RunOutcome, String?) {
        var options = RunSession.Options()
        settings.limits.apply(to: &options)
        options.format = .none
        options.echoWarnings = false
        // Lints are listed, or with --lint-fails failures (docs/explore.md, The oracles).
        options.lint = true
        let session: RunSession
        do { session = try RunSession(options: options, output: output) } catch {
            output.err("nestbox: \(error)\n")
            return (nil, .ok, nil)
        }
        // Standard output is the explorer's: the design's prints are not shown.
        session.runtime.output = { _ in }
        var warning: String?
        session.runtime.simulation.trace.hear([.warning])
        session.runtime.simulation.trace.onEvent = { e in if warning == nil { warning = e.message } }
        let outcome = session.run(file: settings.file)
        session.runtime.endLimits()
        session.runtime.simulation.trace.onEvent = nil
        return (session, outcome, warning)
    }

    // MARK: - Sequences

    /// One sequence in this process, in a world built afresh (`Settings.fork` off).
    private func runInProcess(job: Int, replay: [ExploreStep]?) -> SequenceResult {
        let (made, _, _) = makeWorld()
        guard let world = made else {
            return SequenceResult(steps: [], failure: ExploreFailure(kind: "crash", name: "world", message: "cannot make a world", after: 0))
        }
        world.runtime.setLimits(timeout: settings.limits.timeout, maxInstructions: settings.limits.maxInstructions)
        defer { world.runtime.endLimits() }
        let run = SequenceRun(runtime: world.runtime, lintFails: settings.lintFails)
        if let replay { return run.replay(replay) }
        var rng = ExploreRandom(seed: settings.seed, sequence: job)
        return run.explore(&rng, steps: settings.steps)
    }

    /// Sequence `job` (or, given steps, their replay) in a child of the settled world.
    func runOne(job: Int, replay steps: [ExploreStep]? = nil) -> SequenceResult {
        guard settings.fork else { return runInProcess(job: job, replay: steps) }
        var pool = ChildPool(timeout: settings.limits.timeout)
        guard start(job: job, replay: steps, in: &pool) else {
            return SequenceResult(steps: [], failure: ExploreFailure(kind: "crash", name: "fork", message: "cannot start a process", after: 0))
        }
        while true {
            if let done = pool.collect(milliseconds: 100).first { return done.result }
        }
    }

    /// Forks the child of sequence `job`. `stream`: it sends each step as it makes it, so
    /// a child that dies leaves its steps; otherwise it sends everything at its end, in
    /// one write (a write per step woke the parent ten times a sequence), and a child
    /// that dies is run again streaming (it is deterministic) to learn its steps.
    private func start(job: Int, replay: [ExploreStep]?, stream: Bool = true, in pool: inout ChildPool) -> Bool {
        let runtime = session.runtime, settings = self.settings
        return pool.start(job: job) { send in
            runtime.collectOnlyWhenFull()
            // The parent ends a child past `--timeout` (ChildPool): a watchdog thread in
            // every child cost a tenth of its time.
            runtime.setLimits(timeout: nil, maxInstructions: settings.limits.maxInstructions)
            let run = SequenceRun(runtime: runtime, lintFails: settings.lintFails)
            if stream { run.onStep = { send(ExploreCoding.line($0) + "\n") } }
            let result: SequenceResult
            if let replay {
                result = run.replay(replay)
            } else {
                var rng = ExploreRandom(seed: settings.seed, sequence: job)
                result = run.explore(&rng, steps: settings.steps)
            }
            send(stream ? ExploreCoding.tail(result) : ExploreCoding.encode(result))
        }
    }

    /// Sequences 0, 1, 2, … on `jobs` children at once, until `--runs` or `--for` or a
    /// failure. The failure reported is the lowest-numbered one: sequences after it are
    /// stopped, those before it finish (one of them may fail too).
    private func exploreAll(_ summary: inout Summary) -> (Int?, SequenceResult)? {
        var pool = ChildPool(timeout: settings.limits.timeout)
        var next = 0
        var failed: (index: Int, result: SequenceResult)?
        var inputsOf: [Int: Int] = [:]
        var lints: [String] = []
        var lastProgress = 0.0
        let runs = settings.runs ?? (settings.seconds == nil ? Self.defaultRuns : .max)
        func mayStart(_ i: Int) -> Bool {
            i < runs && (failed == nil || i < failed!.index)
                && (settings.seconds == nil || nb_monotonic_now() - started < settings.seconds!)
                && StopSignal.received == 0
        }
        while true {
            var finished: [ChildPool.Finished] = []
            if settings.fork {
                while pool.count < settings.jobs, mayStart(next) {
                    guard start(job: next, replay: nil, stream: false, in: &pool) else { break }
                    next += 1
                }
                if pool.count == 0 { break }
                finished = pool.collect(milliseconds: 20).compactMap { done in
                    // A child that died sent nothing: run it again, streaming its steps;
                    // not once a stop signal came, which is what ended it (a group's
                    // SIGINT or SIGTERM reaches the children too), and a child forked
                    // now would start interrupted: its sequence is dropped, not failed.
                    guard let f = done.result.failure, f.kind == "crash" || f.kind == "limit", done.result.steps.isEmpty else { return done }
                    if StopSignal.received != 0 { return nil }
                    return ChildPool.Finished(job: done.job, result: runOne(job: done.job))
                }
            } else {
                guard mayStart(next) else { break }
                finished = [ChildPool.Finished(job: next, result: runInProcess(job: next, replay: nil))]
                next += 1
            }
            for done in finished {
                inputsOf[done.job] = done.result.steps.count { $0.input != nil }
                for l in done.result.lints where !lints.contains(l) && lints.count < 100 { lints.append(l) }
                if done.result.failure != nil, failed == nil || done.job < failed!.index {
                    failed = (done.job, done.result)
                    pool.stop { $0 > done.job }
                }
            }
            if StopSignal.received != 0 { pool.stop() }
            let now = nb_monotonic_now()
            if now - lastProgress > 0.2 {
                lastProgress = now
                progress(sequences: inputsOf.count, inputs: inputsOf.values.reduce(0, +), failures: failed == nil ? 0 : 1)
            }
        }
        // Counted up to the failure: the same numbers whatever `-j`.
        let counted = inputsOf.filter { failed == nil || $0.key <= failed!.index }
        summary.sequences += counted.count
        summary.inputs += counted.values.reduce(0, +)
        summary.lints = lints
        return failed.map { ($0.index, $0.result) }
    }

    // MARK: - Progress on a terminal

    private var showsProgress: Bool { !settings.json && output.ownsProcess && isatty(2) != 0 }

    private func progress(sequences: Int, inputs: Int, failures: Int) {
        guard showsProgress else { return }
        let elapsed = max(nb_monotonic_now() - started, 1e-9)
        output.err("\r\u{1b}[Kexploring: \(sequences) sequences (\(inputs) inputs), \(Int(Double(sequences) / elapsed))/s, \(failures) failure\(failures == 1 ? "" : "s")")
    }

    private func clearProgress() {
        if showsProgress { output.err("\r\u{1b}[K") }
    }
}
