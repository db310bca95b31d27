/// The trace in the Trace Event Format that Perfetto UI and chrome://tracing open
/// (README.md, The trace): one process, a track per object, virtual time in
/// microseconds. The tracks, slices and instants are `TraceLanes`' layout; each
/// instant's arguments, message and result go in `args`, a slice has its opening
/// event's. Events of one virtual instant are a nanosecond apart, in the order they
/// happened (Perfetto orders events by time alone; the first 1,000 of an instant keep
/// their order), so a slice opened and closed in one instant has a length; `--frames`'
/// presentation frames are also counters Perfetto plots (x, y, width, height, alpha).
public enum ChromeTrace {
    public static func json(_ events: some Sequence<TraceEvent>, filter: TraceFilter = .all,
                            isInterrupted: () -> Bool = { false }) -> String {
        var builder = Builder()
        for (k, e) in events.enumerated() where filter.accepts(e) {
            if k & 1023 == 1023, isInterrupted() { break }
            builder.add(e)
        }
        return builder.finish()
    }

    struct Builder {
        var lanes = TraceLanes()
        /// The instant of the last event (µs) and how many came before it in that instant.
        var instant: Int64 = -1
        var within: Int64 = 0
        var counters: [String] = []

        /// Lanes are laid out in nanoseconds: the event's microsecond and its place in it.
        mutating func add(_ e: TraceEvent) {
            let us = min(Self.microseconds(e.t), 9_000_000_000_000_000)
            if us == instant { within = min(within + 1, 999) } else { instant = us; within = 0 }
            let ns = us * 1_000 + within
            lanes.add(e, at: ns)
            if e.kind == .animation, e.event == "frame", let counter = Self.counter(e, ns) { counters.append(counter) }
        }

        /// `12.345` µs from nanoseconds; a whole microsecond without decimals.
        static func time(_ ns: Int64) -> String {
            let frac = ns % 1_000
            guard frac != 0 else { return String(ns / 1_000) }
            let digits = String(frac)
            return "\(ns / 1_000)." + String(repeating: "0", count: 3 - digits.count) + digits
        }

        /// A presentation frame as a counter: its numbers from `(x y; w h)`.
        static func counter(_ e: TraceEvent, _ ns: Int64) -> String? {
            guard case .string(let frame)? = e.args.first(where: { $0.0 == "frame" })?.1 else { return nil }
            let numbers = frame.split(whereSeparator: { " ();".contains($0) }).compactMap { Double($0) }
            guard numbers.count == 4 else { return nil }
            var fields = zip(["x", "y", "width", "height"], numbers).map { "\"\($0.0)\":\(jsonNumber($0.1))" }
            if case .number(let alpha)? = e.args.first(where: { $0.0 == "alpha" })?.1 { fields.append("\"alpha\":\(jsonNumber(alpha))") }
            return #"{"ph":"C","name":\#(jsonString(e.object + " frame")),"ts":\#(time(ns)),"pid":1,"args":{\#(fields.joined(separator: ","))}}"#
        }

        mutating func finish() -> String {
            lanes.finish()
            var out = #"{"displayTimeUnit":"ms","traceEvents":["# + "\n"
            var all = [#"{"ph":"M","name":"process_name","ts":0,"pid":1,"tid":0,"args":{"name":"Nestbox (virtual time)"}}"#]
            for (i, name) in lanes.names.enumerated() {
                all.append(#"{"ph":"M","name":"thread_name","ts":0,"pid":1,"tid":\#(i + 1),"args":{"name":\#(jsonString(name))}}"#)
                all.append(#"{"ph":"M","name":"thread_sort_index","ts":0,"pid":1,"tid":\#(i + 1),"args":{"sort_index":\#(i + 1)}}"#)
            }
            for item in lanes.items {
                switch item {
                case .slice(let name, let tid, let start, let end, let opener):
                    all.append(#"{"ph":"X","name":\#(jsonString(name)),"cat":"phase","ts":\#(Self.time(start)),"dur":\#(Self.time(max(0, end - start))),"#
                        + #""pid":1,"tid":\#(tid),"args":\#(Self.args(opener))}"#)
                case .instant(let tid, let ts, let e):
                    all.append(#"{"ph":"i","s":"t","name":\#(jsonString(Self.name(e))),"cat":\#(jsonString(e.kind.rawValue)),"#
                        + #""ts":\#(Self.time(ts)),"pid":1,"tid":\#(tid),"args":\#(Self.args(e))}"#)
                }
            }
            all += counters
            out += all.joined(separator: ",\n")
            return out + "\n]}\n"
        }

        static func microseconds(_ t: Double) -> Int64 {
            let us = (t * 1_000_000).rounded()
            // Virtual time past 2^63 µs (about 292,000 years) does not fit: it stays at the end.
            return us.isFinite && abs(us) < 9.2e18 ? Int64(us) : (us < 0 ? 0 : Int64.max / 2)
        }

        static func name(_ e: TraceEvent) -> String {
            switch e.kind {
            case .delegate: return "delegate.\(e.event)"
            case .mark: return e.message.map { "mark: \($0)" } ?? "mark"
            default: return e.event
            }
        }

        static func args(_ e: TraceEvent) -> String {
            var fields = e.args.map { "\(jsonString($0.0 == "_" ? "value" : $0.0)):\($0.1.json)" }
            if let m = e.message { fields.append("\"message\":\(jsonString(m))") }
            if let r = e.result { fields.append("\"result\":\(r.json)") }
            fields.append("\"text\":\(jsonString(e.body))")
            return "{" + fields.joined(separator: ",") + "}"
        }
    }
}
