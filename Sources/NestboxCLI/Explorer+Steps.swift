import Containment
import NestboxLua

/// One step of an explored sequence (docs/explore.md, The input model): a wait, then an
/// input. `note` names what the input reached (`<Button: menu>`) for the repro's comment.
struct ExploreStep: Equatable {
    enum Wait: Equatable {
        case none
        case seconds(Double)
        /// Until nothing is pending: the world comes to rest, where invariants are checked.
        case settle
    }

    var wait: Wait
    /// Nil for a wait that failed before its input was made (the sequence's last step).
    var input: ScriptedInput?
    var note = ""

    /// The Lua lines that make it, as the repro writes them.
    var lua: [String] {
        var out: [String] = []
        switch wait {
        case .none: break
        case .seconds(let s): out.append(ScriptedInput.advance(s).lua)
        case .settle: out.append(ScriptedInput.settle.lua)
        }
        if let input { out.append(input.lua) }
        return out
    }
}

/// What ended a sequence (docs/explore.md, The oracles). Two failures are the same when
/// their kind and name are: shrinking keeps a candidate only if it fails the same way.
struct ExploreFailure: Equatable {
    /// error, exception, warning, model, invariant, lint, limit, crash.
    var kind: String
    /// What identifies it within its kind: a location, an exception's or invariant's
    /// name, a warning's number or its text with objects as `<X>`.
    var name: String
    /// What `nestbox run` of the repro prints.
    var message: String
    /// Inputs made when it happened (0: at the start, before any input).
    var after: Int

    var identity: String { kind + "\u{1}" + name }

    /// `KIND NAME` as the final line prints it.
    /// One line whatever the name holds (an invariant's name is the script's): it heads
    /// a Lua comment in the repro and the summary's line.
    var title: String {
        let title = switch kind {
        case "invariant": "invariant '\(name)'"
        case "warning", "model": name.hasPrefix("W") && !name.contains(" ") ? "warning \(name)" : "\(kind) \"\(name)\""
        default: "\(kind) \(name)"
        }
        return title.replacing("\r\n", with: "\\n").replacing("\r", with: "\\r").replacing("\n", with: "\\n")
    }
}

/// A sequence as one child reports it: the steps it made and the failure, if any.
struct SequenceResult: Equatable {
    var steps: [ExploreStep]
    var failure: ExploreFailure?
    /// Distinct lint messages seen (reported, not failures, without `--lint-fails`).
    var lints: [String] = []
}

/// The text form of steps and results: the pipe from a child and the failure database.
/// One record per line, fields separated by tabs; text fields escape tab, newline and
/// backslash, so any action name or message survives.
enum ExploreCoding {
    static func escape(_ s: String) -> String {
        escaping(s, where: { $0 == 9 || $0 == 10 || $0 == 13 || $0 == 92 }) { c in
            switch c {
            case "\t": "\\t"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\\": "\\\\"
            default: nil
            }
        }
    }

    static func unescape(_ s: Substring) -> String {
        guard s.contains("\\") else { return String(s) }
        var out = "", escaped = false
        for c in s.unicodeScalars {
            if escaped {
                switch c {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.unicodeScalars.append(c)
                }
                escaped = false
            } else if c == "\\" { escaped = true } else { out.unicodeScalars.append(c) }
        }
        return out
    }

    static func line(_ step: ExploreStep) -> String {
        let n = ScriptedInput.number
        let wait: String
        switch step.wait {
        case .none: wait = "-"
        case .settle: wait = "settle"
        case .seconds(let s): wait = n(s)
        }
        let input: String
        switch step.input {
        case nil: input = "none"
        case .tap(let p): input = "tap\t\(n(p.x))\t\(n(p.y))"
        case .pan(let f, let t, let d): input = "pan\t\(n(f.x))\t\(n(f.y))\t\(n(t.x))\t\(n(t.y))\t\(n(d))"
        case .rotate(let o): input = "rotate\t\(escape(o))"
        case .memoryWarning: input = "memoryWarning"
        case .action(let a): input = "action\t\(escape(a))"
        case .advance(let s): input = "advance\t\(n(s))"
        case .settle: input = "settle"
        }
        return "step\t\(wait)\t\(input)\t\(escape(step.note))"
    }

    static func step(_ fields: [Substring]) -> ExploreStep? {
        guard fields.count >= 4, fields[0] == "step" else { return nil }
        let wait: ExploreStep.Wait
        switch fields[1] {
        case "-": wait = .none
        case "settle": wait = .settle
        default:
            guard let s = Double(fields[1]), s.isFinite, s >= 0 else { return nil }
            wait = .seconds(s)
        }
        let args = fields.dropFirst(3).dropLast()
        let numbers = args.compactMap { Double($0) }.filter(\.isFinite)
        let input: ScriptedInput?
        switch fields[2] {
        case "none": input = nil
        case "tap" where numbers.count == 2: input = .tap(Point(x: numbers[0], y: numbers[1]))
        case "pan" where numbers.count == 5 && numbers[4] > 0:
            input = .pan(from: Point(x: numbers[0], y: numbers[1]), to: Point(x: numbers[2], y: numbers[3]), duration: numbers[4])
        case "rotate" where args.count == 1: input = .rotate(unescape(args[args.startIndex]))
        case "memoryWarning": input = .memoryWarning
        case "action" where args.count == 1: input = .action(unescape(args[args.startIndex]))
        case "advance" where numbers.count == 1 && numbers[0] >= 0: input = .advance(numbers[0])
        case "settle": input = .settle
        default: return nil
        }
        return ExploreStep(wait: wait, input: input, note: unescape(fields[fields.count - 1]))
    }

    static func line(_ f: ExploreFailure) -> String {
        "failure\t\(escape(f.kind))\t\(escape(f.name))\t\(f.after)\t\(escape(f.message))"
    }

    static func failure(_ fields: [Substring]) -> ExploreFailure? {
        guard fields.count == 5, fields[0] == "failure", let after = Int(fields[3]), after >= 0 else { return nil }
        return ExploreFailure(kind: unescape(fields[1]), name: unescape(fields[2]), message: unescape(fields[4]), after: after)
    }

    static func encode(_ r: SequenceResult) -> String {
        r.steps.map { line($0) + "\n" }.joined() + tail(r)
    }

    /// What follows the steps a child streamed: the failure, the lints, the end.
    static func tail(_ r: SequenceResult) -> String {
        var lines: [String] = []
        if let f = r.failure { lines.append(line(f)) }
        lines += r.lints.map { "lint\t" + escape($0) }
        lines.append("end")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Nil unless the text is whole (ends with its `end` line) and every line reads.
    static func decode(_ text: String) -> SequenceResult? {
        var r = SequenceResult(steps: [])
        var ended = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard !ended else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields[0] {
            case "step": guard let s = step(fields) else { return nil }; r.steps.append(s)
            case "failure": guard r.failure == nil, let f = failure(fields) else { return nil }; r.failure = f
            case "lint" where fields.count == 2: r.lints.append(unescape(fields[1]))
            case "end" where fields.count == 1: ended = true
            default: return nil
            }
        }
        return ended ? r : nil
    }
}

/// The explorer's random numbers: SplitMix64, seeded from the run's seed and the
/// sequence's index, so sequence i is the same whatever `-j` and whichever process runs it.
struct ExploreRandom {
    private var state: UInt64

    init(seed: UInt64, sequence: Int) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: sequence) &+ 0xD1B5_4A32_D192_ED03
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// In 0..<n (n > 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// In [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// An index chosen with the given weights (some positive).
    mutating func pick(_ weights: [Int]) -> Int {
        var r = below(weights.reduce(0, +))
        for (i, w) in weights.enumerated() {
            if r < w { return i }
            r -= w
        }
        return weights.count - 1
    }
}
