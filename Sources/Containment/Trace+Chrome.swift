/// The trace in the Trace Event Format that Perfetto UI and chrome://tracing open
/// (README.md, The trace): one process, a track per object, virtual time in
/// microseconds.
///
/// - A controller's appearance phases are duration slices on its track: "appearing" from
///   viewWillAppear to viewDidAppear, "disappearing" from viewWillDisappear to
///   viewDidDisappear. A phase cut short (a cancelled transition turns it round) ends
///   where the next one begins; one still open at the end ends with the trace.
/// - Animations are slices from their begin to their end, on "animations" tracks: an
///   animation takes the first track free at its start, so slices on one track never
///   overlap.
/// - Every other event is an instant event on its object's track; its arguments, message
///   and result go in `args`.
public enum ChromeTrace {
    static let appearancePhases: [String: (phase: String, opens: Bool)] = [
        "viewWillAppear": ("appearing", true), "viewDidAppear": ("appearing", false),
        "viewWillDisappear": ("disappearing", true), "viewDidDisappear": ("disappearing", false),
    ]

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
        var tracks: [String: Int] = [:]
        var trackNames: [String] = []
        var lines: [String] = []
        /// Per track, the open appearance phase: its name and start.
        var open: [Int: (name: String, start: Int64, args: String)] = [:]
        /// Per animation, its start and the track it took; per animations track, when it frees.
        var animations: [String: (start: Int64, track: Int, args: String)] = [:]
        var animationTracks: [(tid: Int, freeAt: Int64)] = []
        var last: Int64 = 0

        mutating func track(_ name: String) -> Int {
            if let t = tracks[name] { return t }
            trackNames.append(name)
            tracks[name] = trackNames.count
            return trackNames.count
        }

        mutating func add(_ e: TraceEvent) {
            let ts = Self.microseconds(e.t)
            last = max(last, ts)
            if e.kind == .animation, e.event == "begin" || e.event == "end" {
                animation(e, ts)
                return
            }
            let tid = track(e.object)
            if e.kind == .lifecycle, let p = appearancePhases[e.event] {
                if let current = open[tid] { slice(current.name, tid, current.start, ts, current.args) }
                open[tid] = p.opens ? (p.phase, ts, Self.args(e)) : nil
                if p.opens { return }
            }
            lines.append(#"{"ph":"i","s":"t","name":\#(jsonString(Self.name(e))),"cat":\#(jsonString(e.kind.rawValue)),"#
                + #""ts":\#(ts),"pid":1,"tid":\#(tid),"args":\#(Self.args(e))}"#)
        }

        mutating func animation(_ e: TraceEvent, _ ts: Int64) {
            if e.event == "begin" {
                let free = animationTracks.firstIndex { $0.freeAt <= ts }
                let tid: Int
                if let free {
                    tid = animationTracks[free].tid
                    animationTracks[free].freeAt = .max
                } else {
                    tid = track("animations \(animationTracks.count + 1)")
                    animationTracks.append((tid, .max))
                }
                animations[e.object] = (ts, tid, Self.args(e))
            } else if let a = animations.removeValue(forKey: e.object) {
                slice(e.object, a.track, a.start, ts, a.args)
                if let i = animationTracks.firstIndex(where: { $0.tid == a.track }) { animationTracks[i].freeAt = ts }
            }
        }

        mutating func slice(_ name: String, _ tid: Int, _ start: Int64, _ end: Int64, _ args: String) {
            lines.append(#"{"ph":"X","name":\#(jsonString(name)),"cat":"phase","ts":\#(start),"dur":\#(max(0, end - start)),"#
                + #""pid":1,"tid":\#(tid),"args":\#(args)}"#)
        }

        mutating func finish() -> String {
            for (tid, p) in open.sorted(by: { $0.key < $1.key }) { slice(p.name, tid, p.start, last, p.args) }
            for (name, a) in animations.sorted(by: { $0.key < $1.key }) { slice(name, a.track, a.start, last, a.args) }
            var out = #"{"displayTimeUnit":"ms","traceEvents":["# + "\n"
            var all = [#"{"ph":"M","name":"process_name","ts":0,"pid":1,"tid":0,"args":{"name":"Nestbox (virtual time)"}}"#]
            for (i, name) in trackNames.enumerated() {
                all.append(#"{"ph":"M","name":"thread_name","ts":0,"pid":1,"tid":\#(i + 1),"args":{"name":\#(jsonString(name))}}"#)
                all.append(#"{"ph":"M","name":"thread_sort_index","ts":0,"pid":1,"tid":\#(i + 1),"args":{"sort_index":\#(i + 1)}}"#)
            }
            all += lines
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
