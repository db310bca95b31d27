#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TraceEvent {
    /// The text form (README.md, The trace), without the time prefix.
    public var body: String {
        // Appended in place: no array of argument strings, and no `joined(separator:)`,
        // whose first use looks up a generic witness at run time (docs/performance.md).
        func call(_ receiver: String) -> String {
            var out = receiver
            out += "."
            out += event
            out += "("
            for (i, (label, value)) in args.enumerated() {
                if i > 0 { out += ", " }
                if label != "_" { out += label; out += ": " }
                out += value.text
            }
            return out + ")"
        }
        switch kind {
        case .warning, .lint, .log:
            return "\(kind.rawValue): \(message ?? "")"
        case .mark:
            return message.map { "mark: \($0)" } ?? "mark"
        case .error:
            return "error: \(message ?? "")"
        case .delegate:
            // A data source's questions carry their role in `message` (a page view
            // controller's `dataSource`); everything else is a delegate's.
            let text = call("\(object).\(message ?? "delegate")")
            return result.map { "\(text) -> \($0.text)" } ?? text
        default:
            return call(object)
        }
    }

    /// `[0.300] red.viewDidAppear(animated: true)`
    public var text: String { "[\(fixedPoint(t))] \(body)" }

    /// One JSON object, keys in a fixed order.
    public var json: String {
        var out = "{\"seq\":\(seq),\"t\":\(jsonNumber(t)),\"kind\":\(jsonString(kind.rawValue))"
        out += ",\"object\":\(jsonString(object)),\"event\":\(jsonString(event))"
        out += ",\"args\":{" + args.map { "\(jsonString($0.0)):\($0.1.json)" }.joined(separator: ",") + "}"
        if let message { out += ",\"message\":\(jsonString(message))" }
        if let result { out += ",\"result\":\(result.json)" }
        if let traceback { out += ",\"traceback\":\(jsonString(traceback))" }
        if let location { out += ",\"location\":\(jsonString(location))" }
        return out + "}"
    }
}

extension TraceValue {
    public var json: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return jsonNumber(n)
        case .string(let s), .object(let s): return jsonString(s)
        }
    }
}

/// A JSON number: JSON has no `inf` or `nan`, so a non-finite value is `null`; past
/// 1e15 a Double has no fraction left to round, and scaling it by 1e6 could overflow
/// to `inf` (a time of 1.8e302 did), so it prints as Swift spells it (`1.8e+302`).
func jsonNumber(_ v: Double) -> String {
    guard v.isFinite else { return "null" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    guard abs(v) < 1e15 else { return String(v) }
    let r = (v * 1_000_000).rounded() / 1_000_000
    // Rounded to a whole number (1e-7 to 0): written as a whole number is.
    if r == r.rounded() { return String(Int64(r)) }
    return String(r)
}

/// Whether text of these bytes needs an escape in a JSON string (jsonString's test).
func jsonNeedsEscape(_ bytes: some Sequence<UInt8>) -> Bool {
    bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
}

public func jsonString(_ s: String) -> String {
    // Most strings need no escape: looked over byte by byte, then copied whole. Any other
    // is escaped byte by byte into one buffer (a scalar at a time into a `String`, a
    // printed hierarchy of 10,000 lines in JSON Lines cost 500 M instructions more:
    // docs/performance.md). A byte of a multi-byte character is never one of those
    // escaped, so the bytes copied are the characters as they were.
    if !jsonNeedsEscape(s.utf8) {
        return "\"" + s + "\""
    }
    var out = TextBuffer()
    out.append(UInt8(ascii: "\""))
    for b in s.utf8 {
        switch b {
        case UInt8(ascii: "\""): out.append(literal: "\\\"")
        case UInt8(ascii: "\\"): out.append(literal: "\\\\")
        case UInt8(ascii: "\n"): out.append(literal: "\\n")
        case UInt8(ascii: "\r"): out.append(literal: "\\r")
        case UInt8(ascii: "\t"): out.append(literal: "\\t")
        case ..<0x20: out.append("\\u" + hex(UInt32(b), width: 4))
        default: out.append(b)
        }
    }
    out.append(UInt8(ascii: "\""))
    return out.string
}

/// Which events a listing shows.
public struct TraceFilter: Sendable {
    public var kinds: Set<TraceKind>
    public var includeLayout: Bool
    public var includeSafeArea: Bool
    public init(kinds: Set<TraceKind> = Set(TraceKind.allCases), includeLayout: Bool = true, includeSafeArea: Bool = true) {
        self.kinds = kinds; self.includeLayout = includeLayout; self.includeSafeArea = includeSafeArea
    }
    // Computed, not stored: no shared Set for two simulations' threads to count (Q55).
    public static var all: TraceFilter { TraceFilter() }
    /// What `ui.expectTrace` compares.
    public static var expectation: TraceFilter {
        TraceFilter(kinds: [.lifecycle, .containment, .delegate], includeLayout: false, includeSafeArea: false)
    }

    public func accepts(_ e: TraceEvent) -> Bool { accepts(kind: e.kind, event: e.event) }

    /// The same for an event of this kind and name: the rest of an event never decides.
    func accepts(kind: TraceKind, event: String) -> Bool {
        kinds.contains(kind) && (includeLayout || !TraceEvent.isLayout(kind, event))
            && (includeSafeArea || !TraceEvent.isSafeAreaChange(kind, event))
    }

    /// Parses "lifecycle,containment" (also "all"); nil names the first unknown kind.
    public static func parse(_ list: String) -> Result<TraceFilter, TraceFilterError> {
        var kinds = Set<TraceKind>()
        for raw in list.split(separator: ",") {
            let name = raw.trimmed
            if name.isEmpty { continue }
            if name == "all" { kinds.formUnion(TraceKind.allCases); continue }
            guard let k = TraceKind(rawValue: name) else { return .failure(TraceFilterError(name: name)) }
            kinds.insert(k)
        }
        return .success(TraceFilter(kinds: kinds))
    }
}

public struct TraceFilterError: Error, Equatable, CustomStringConvertible {
    public var name: String
    public init(name: String) { self.name = name }
    public var description: String {
        "unknown trace kind '\(name)' (expected: \(TraceKind.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}

/// Compares expected trace lines with actual events; returns a readable diff or nil.
/// Expected lines may carry the `[t] ` prefix (then time is compared too); blank
/// lines and `--` comments are skipped. Layout lines count only if the expectation
/// mentions one, safe-area changes only if it mentions one of them.
public func traceMismatch(expected: String, actual: some Collection<TraceEvent>,
                          filter: TraceFilter = .expectation) -> String? {
    traceDifferences(expected: expected, actual: actual, filter: filter)
        .map { "trace mismatch (- expected, + actual):\n" + $0.joined(separator: "\n") }
}

/// Every difference between `expected` and the trace, as diff lines (`- expected`,
/// `+ actual`, context between): nil when they match. All of them, not the first
/// forty, so a test sees each mismatch at once (`ui.trace.diff`, `expect_trace`).
public func traceDifferences(expected: String, actual: some Collection<TraceEvent>,
                             filter: TraceFilter = .expectation) -> [String]? {
    let wanted = diffLines(expected)
        .map(\.trimmed)
        .filter { !$0.isEmpty && !$0.hasPrefix("--") }
    var f = filter
    if wanted.contains(where: { $0.includes("LayoutSubviews(") }) { f.includeLayout = true }
    if wanted.contains(where: { $0.includes("SafeAreaInsetsDidChange(") }) { f.includeSafeArea = true }
    let events = actual.filter(f.accepts)
    let timed = wanted.contains { $0.hasPrefix("[") }
    let got = events.map { timed ? $0.text : $0.body }
    if got == wanted { return nil }
    return unifiedDiff(wanted, got, maxChanges: .max)
}
