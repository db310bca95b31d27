import Containment
import NestboxLua

/// One sequence, in the process that makes it (a child forked from the settled design):
/// made up from a seed, or replayed from steps (the database, shrinking). After every wait
/// and every input the oracles of docs/explore.md look: the call's own error, a UIKit
/// warning, the model's invariants, and, when the world is at rest, the script's.
final class SequenceRun {
    let runtime: LuaRuntime
    let lintFails: Bool
    /// Told of each step before its input is made (the child streams it to the parent).
    var onStep: (ExploreStep) -> Void = { _ in }
    var sim: Simulation { runtime.simulation }
    private var inputs = 0
    private var warning: String?
    private var lintsSeen: [String] = []
    private var failure: ExploreFailure?

    init(runtime: LuaRuntime, lintFails: Bool) {
        self.runtime = runtime
        self.lintFails = lintFails
        runtime.output = { _ in }
        sim.trace.hear([.warning])
        // Weak: the trace belongs to the runtime, which may outlive this run (an event
        // recorded while an in-process world is torn down finds no run).
        sim.trace.onEvent = { [weak self] e in
            guard let self, self.warning == nil else { return }
            self.warning = e.message ?? e.event
        }
        lintsBefore = sim.linter?.findings.count ?? 0
    }

    /// The design's own lints, made before the sequence, are not the sequence's.
    private var lintsBefore = 0

    /// The sequence's lints so far, as `nestbox lint` prints them: `file:line: L1 message`.
    private func collectLints() -> ExploreFailure? {
        guard let findings = sim.linter?.findings, findings.count > lintsBefore else { return nil }
        var first: ExploreFailure?
        for f in findings[lintsBefore...] {
            let text = (f.location.map { $0 + ": " } ?? "") + f.rule.id + " " + f.message
            if first == nil { first = ExploreFailure(kind: "lint", name: f.rule.id, message: text, after: inputs) }
            if lintsSeen.count < 100, !lintsSeen.contains(text) { lintsSeen.append(text) }
        }
        lintsBefore = findings.count
        return first
    }

    /// Makes `count` steps chosen with `rng`, then settles.
    func explore(_ rng: inout ExploreRandom, steps count: Int) -> SequenceResult {
        var made: [ExploreStep] = []
        while made.count < count, failure == nil {
            // The input is chosen in the world the wait leaves.
            var step = ExploreStep(wait: chooseWait(&rng), input: nil)
            wait(step.wait)
            if failure == nil {
                guard let (input, note) = chooseInput(&rng) else { break }
                step.input = input
                step.note = note
                onStep(step)
                inputs += 1
                look(after: runtime.perform(input))
            }
            if step.input == nil { onStep(step) }
            made.append(step)
        }
        finish(&made)
        return SequenceResult(steps: made, failure: failure, lints: lintsSeen)
    }

    /// Makes `steps` as they are, stopping at the first failure, then settles.
    func replay(_ steps: [ExploreStep]) -> SequenceResult {
        var made: [ExploreStep] = []
        // A wait of nothing with no input does nothing: not a step.
        for step in steps where failure == nil && (step.input != nil || step.wait != .none) {
            made.append(step)
            wait(step.wait)
            // A wait that failed: its input was never made.
            if failure != nil { made[made.count - 1].input = nil }
            onStep(made[made.count - 1])
            guard failure == nil, let input = step.input else { continue }
            made[made.count - 1].note = note(for: input)
            inputs += 1
            look(after: runtime.perform(input))
        }
        finish(&made)
        return SequenceResult(steps: made, failure: failure, lints: lintsSeen)
    }

    /// What `input` reaches in the world as it is now, for the repro's comment: a
    /// replayed sequence (shrunk, or from the database) may reach other views than the
    /// one its steps were chosen in.
    private func note(for input: ScriptedInput) -> String {
        switch input {
        case .tap(let p): sim.tapTarget(at: p)?.objectDescription ?? ""
        case .pan(let from, _, _): sim.panTarget(at: from).map { $0.view.objectDescription + ($0.edge ? " (from the screen edge)" : "") } ?? ""
        default: ""
        }
    }

    private func wait(_ wait: ExploreStep.Wait) {
        switch wait {
        case .none: break
        case .seconds(let s): look(after: runtime.perform(.advance(s)))
        case .settle: look(after: runtime.perform(.settle))
        }
    }

    /// The sequence's end: the world settles, and what must hold at rest is checked. A
    /// failure here is a last step, a settle with no input, so the repro settles too.
    private func finish(_ made: inout [ExploreStep]) {
        guard failure == nil else { return }
        look(after: runtime.perform(.settle))
        if failure != nil {
            let step = ExploreStep(wait: .settle, input: nil)
            onStep(step)
            made.append(step)
        }
    }

    // MARK: - The oracles

    func look(after outcome: RunOutcome?) {
        guard failure == nil else { return }
        if let outcome, outcome != .ok {
            failure = Self.classify(outcome, after: inputs)
        } else if let warning {
            failure = ExploreFailure(kind: "warning", name: Self.warningName(warning), message: warning, after: inputs)
        } else if let lint = collectLints(), lintFails {
            failure = lint
        } else if !sim.isAtRest {
            return
        } else if let broken = sim.checkInvariants().first {
            // At rest only: the walk touches every object, and each page it touches is
            // copied into the child (docs/explore.md, Speed).
            failure = ExploreFailure(kind: "model", name: Self.template(broken), message: "model invariant broken: \(broken)", after: inputs)
        } else if let outcome = runtime.checkDeclaredInvariants() {
            failure = Self.classify(outcome, after: inputs)
            failure?.kind = "invariant"
            failure?.name = runtime.lastFailedInvariant ?? failure?.name ?? ""
        }
    }

    /// A run's outcome as a failure: an uncaught UIKit exception by its name, another
    /// error by where it was raised, a limit by which.
    static func classify(_ outcome: RunOutcome, after: Int) -> ExploreFailure {
        switch outcome {
        case .scriptError(let message, _), .expectationFailed(let message):
            if let name = exceptionName(in: message) {
                return ExploreFailure(kind: "exception", name: name, message: message, after: after)
            }
            let kind = if case .expectationFailed = outcome { "expectation" } else { "error" }
            return ExploreFailure(kind: kind, name: location(of: message) ?? template(message), message: message, after: after)
        case .limitExceeded(let message):
            let which = message.hasPrefix("memory") ? "memory" : message.hasPrefix("time") ? "time" : "instructions"
            return ExploreFailure(kind: "limit", name: which, message: message, after: after)
        case .unreadable(let message):
            return ExploreFailure(kind: "error", name: template(message), message: message, after: after)
        case .ok:
            return ExploreFailure(kind: "error", name: "", message: "", after: after)
        }
    }

    /// `NSInternalInconsistencyException` in `file:12: NSInternalInconsistencyException: …`.
    static func exceptionName(in message: String) -> String? {
        for word in message.split(whereSeparator: { $0 == " " || $0 == ":" }).prefix(4)
        where word.hasPrefix("NS") && word.hasSuffix("Exception") { return String(word) }
        return nil
    }

    /// `file.lua:12` at the start of a message, if it has one: the first `:digits:` with
    /// no ": " before it, so a path with spaces (`my designs/push.lua:7: …`) is one too.
    static func location(of message: String) -> String? {
        let bytes = Array(message.utf8.prefix(4096))
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: ":") {
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: " ") { return nil }
                var j = i + 1
                while j < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) { j += 1 }
                if i > 0, j > i + 1, j < bytes.count, bytes[j] == UInt8(ascii: ":") {
                    return String(decoding: bytes[..<j], as: UTF8.self)
                }
            }
            i += 1
        }
        return nil
    }

    /// A message with each object's description as `<X>`, as docs/uikit-messages.md
    /// writes the texts: the same mistake made on other objects is the same failure.
    static func template(_ message: String) -> String {
        var out = "", depth = 0
        for c in message {
            if c == "<" { if depth == 0 { out += "<X>" }; depth += 1; continue }
            if c == ">", depth > 0 { depth -= 1; continue }
            if depth == 0 { out.append(c) }
        }
        return String(out.prefix(200))
    }

    /// UIKit's console messages by their numbers (docs/uikit-messages.md).
    static let warningNumbers: [(prefix: String, contains: String, number: String)] = [
        ("Unbalanced calls to begin/end appearance transitions", "", "W1"),
        ("nested push animation", "", "W10"), ("nested pop animation", "", "W10"),
        ("Application tried to present modally an active controller", "", "W14"),
        ("Attempt to present", "whose view is not in the window hierarchy", "W15"),
        ("Attempt to present", "while a presentation is in progress", "W16"),
        ("Attempt to present", "which is already presenting", "W16"),
        ("Warning: Attempt to dismiss from view controller", "", "W17"),
        ("Presenting view controllers on detached view controllers", "", "W18"),
        ("[ViewController] Calling -", "", "W19"),
    ]

    static func warningName(_ message: String) -> String {
        for w in warningNumbers where message.hasPrefix(w.prefix) && (w.contains.isEmpty || message.contains(w.contains)) {
            return w.number
        }
        return template(message)
    }
}
