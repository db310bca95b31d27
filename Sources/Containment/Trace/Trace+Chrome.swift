/// The trace in the Trace Event Format that Perfetto UI and chrome://tracing open
/// (README.md, The trace): one process, a track per object, virtual time in
/// microseconds. The tracks, slices and instants are `TraceLanes`' layout; each
/// instant's arguments, message and result go in `args`, a slice has its opening
/// event's.
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

        mutating func add(_ e: TraceEvent) { lanes.add(e, at: Self.microseconds(e.t)) }

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
                    all.append(#"{"ph":"X","name":\#(jsonString(name)),"cat":"phase","ts":\#(start),"dur":\#(max(0, end - start)),"#
                        + #""pid":1,"tid":\#(tid),"args":\#(Self.args(opener))}"#)
                case .instant(let tid, let ts, let e):
                    all.append(#"{"ph":"i","s":"t","name":\#(jsonString(Self.name(e))),"cat":\#(jsonString(e.kind.rawValue)),"#
                        + #""ts":\#(ts),"pid":1,"tid":\#(tid),"args":\#(Self.args(e))}"#)
                }
            }
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
