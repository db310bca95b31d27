/// The kinds of events (README.md, The trace).
public enum TraceKind: String, CaseIterable, Sendable {
    case lifecycle, containment, call, view, animation, input, delegate, warning, lint, error, log, mark
}

/// An argument value in an event. Objects appear by trace name only, so traces are
/// deterministic and hold no references.
public enum TraceValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case object(String)

    public static func ref(_ o: SimObject?) -> TraceValue {
        o.map { .object($0.name) } ?? .null
    }

    /// Swift-like text for the text form: `true`, `nil`, `red`, `"Menu"`.
    public var text: String {
        switch self {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return formatNumber(n)
        case .string(let s): return "\"\(oneLine(s))\""
        case .object(let name): return name
        }
    }
}

/// An event as read from the trace (decoded from its record, TraceStorage.swift).
public struct TraceEvent: Equatable, Sendable {
    public var seq: Int
    public var t: Double
    public var kind: TraceKind
    public var object: String
    public var event: String
    /// Labelled arguments in call order; a label "_" prints without a label.
    public var args: [(String, TraceValue)]
    /// Free text: the warning, lint, error or log message.
    public var message: String?
    /// For `delegate` events that return a value (shouldSelect).
    public var result: TraceValue?
    /// For `error` events.
    public var traceback: String?
    /// Where the script made the mistake ("file:line"), for lints and warnings recorded
    /// while linting (docs/lints.md); never shown in the text trace.
    public var location: String?

    public init(seq: Int, t: Double, kind: TraceKind, object: String, event: String,
                args: [(String, TraceValue)] = [], message: String? = nil,
                result: TraceValue? = nil, traceback: String? = nil, location: String? = nil) {
        self.seq = seq; self.t = t; self.kind = kind; self.object = object; self.event = event
        self.args = args
        self.message = message; self.result = result; self.traceback = traceback; self.location = location
    }

    public static func == (l: TraceEvent, r: TraceEvent) -> Bool {
        l.seq == r.seq && l.t == r.t && l.kind == r.kind && l.object == r.object
            && l.event == r.event && l.message == r.message && l.result == r.result
            && l.args.map(\.0) == r.args.map(\.0) && l.args.map(\.1) == r.args.map(\.1)
    }

    /// Layout callbacks are left out of scenario comparisons unless asked for,
    /// as the scenarios' traces (docs/scenarios.md) leave them out.
    public var isLayout: Bool { Self.isLayout(kind, event) }

    /// Safe-area changes, delivered during layout (Q16), are left out of scenario
    /// comparisons unless asked for, like the layout callbacks.
    public var isSafeAreaChange: Bool { Self.isSafeAreaChange(kind, event) }

    /// The same asked of an event's kind and name (the text trace asks once per shape).
    static func isLayout(_ kind: TraceKind, _ event: String) -> Bool {
        kind == .lifecycle && (event == "viewWillLayoutSubviews" || event == "viewDidLayoutSubviews")
    }
    static func isSafeAreaChange(_ kind: TraceKind, _ event: String) -> Bool {
        kind == .lifecycle && event == "viewSafeAreaInsetsDidChange"
    }
}

extension TraceKind {
    /// The kind's position in `allCases`, as a record stores it.
    var index: UInt8 {
        switch self {
        case .lifecycle: 0
        case .containment: 1
        case .call: 2
        case .view: 3
        case .animation: 4
        case .input: 5
        case .delegate: 6
        case .warning: 7
        case .lint: 8
        case .error: 9
        case .log: 10
        case .mark: 11
        }
    }

    /// The inverse of `index`: a switch rather than a stored table, which every
    /// simulation's thread would share (Q55), or `allCases`, which debug builds allocate.
    init(index: UInt8) {
        switch index {
        case 0: self = .lifecycle
        case 1: self = .containment
        case 2: self = .call
        case 3: self = .view
        case 4: self = .animation
        case 5: self = .input
        case 6: self = .delegate
        case 7: self = .warning
        case 8: self = .lint
        case 9: self = .error
        case 10: self = .log
        default: self = .mark
        }
    }
}
