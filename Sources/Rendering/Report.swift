import Containment

/// `nestbox run --report`'s content (README.md, Pictures): the screen, the hierarchies
/// and the controllers' boxes at each instant the run was looked at, and the trace laid
/// out as `TraceLanes`. Frames hold indexes into one table of distinct strings, so an
/// animation's still parts and the hierarchies that do not change are written once.
public struct Report {
    public struct Frame: Equatable, Sendable {
        public var time: Double
        /// Indexes into `strings`: the screen's SVG, the controller hierarchy, the view
        /// hierarchy, the controllers' boxes (a JSON array of [name, x, y, w, h]), and the
        /// views drawn, back to front, as the inspector shows them (`ViewInfo`): their
        /// properties, and apart from them their places on screen, which are all that
        /// changes while they animate.
        public var screen, controllers, views, boxes, props, places: Int
        /// A frame the page draws (ReportSegment): the index of its segment in
        /// `segments` and each of the segment's groups' progress at `time`; the strings
        /// above are those of the look the segment was made at.
        public var segment: Int?
        public var progress: [Double] = []
    }

    public var title: String
    public private(set) var strings: [String] = []
    private var index: [String: Int] = [:]
    /// The bytes `strings` take in the page, escaped as JSONWriter writes them (an SVG's
    /// every `<` is six): the cap of Q33 is on what the page holds.
    public private(set) var stringBytes = 0
    public private(set) var frames: [Frame] = []
    /// The segments of the frames the page draws, as JSON (ReportSegment), each once.
    public private(set) var segments: [String] = []
    private var segmentIndex: [String: Int] = [:]
    /// The frame showing the world right after an event, by the event's number: taken
    /// before the next event of the same instant is recorded. An event with none (the
    /// last of its instant) is shown by the look at the instant's end (`frame(at:)`).
    public private(set) var eventFrames: [Int: Int] = [:]
    /// Why the capture stopped early (policy Q33), shown at the top of the page.
    public var note: String?
    /// How a run that failed ended (its error's, expectation's or limit's first line),
    /// shown at the top of the page first: a page of a failed run says why.
    public var failure: String?
    /// Why later events show their instant's end rather than the world right after them
    /// (`ReportRecorder.maxEventFrames`), shown at the top of the page.
    public var eventNote: String?

    public init(title: String) { self.title = title }

    mutating func intern(_ s: String) -> Int {
        if let i = index[s] { return i }
        strings.append(s)
        stringBytes += JSONWriter.escapedCount(s)
        index[s] = strings.count - 1
        return strings.count - 1
    }

    /// The page's bytes for those of `texts` the report does not hold yet.
    public func newBytes(_ texts: [String]) -> Int {
        texts.reduce(0) { $0 + (index[$1] == nil ? JSONWriter.escapedCount($1) : 0) }
    }

    /// Returns the frame's index: the last one's when it shows the same at the same
    /// instant, or at any instant when `unlessUnchanged`.
    /// `boxes`, `props` and `places` as `boxesJSON`, `propsJSON` and `placesJSON` write
    /// them; `props` nil: the last frame's (unchanged, and not hashed again).
    @discardableResult
    public mutating func addFrame(time: Double, screen: String, controllers: String, views: String,
                                  boxes: String, props: String?, places: String,
                                  unlessUnchanged: Bool = false) -> Int {
        let frame = Frame(time: time, screen: intern(screen), controllers: intern(controllers),
                          views: intern(views), boxes: intern(boxes), props: props.map { intern($0) } ?? frames.last?.props ?? intern("[]"),
                          places: intern(places))
        var index = frames.count
        // The same picture again is the same frame: at the same instant always (an event's
        // instant keeps a frame at its time for `frame(at:)`), later only when asked. A
        // frame the page draws is never the same as a look's: only the page knows its picture.
        if let last = frames.last, last.segment == nil, unlessUnchanged || last.time == time,
           (last.screen, last.controllers, last.views, last.boxes, last.props, last.places)
            == (frame.screen, frame.controllers, frame.views, frame.boxes, frame.props, frame.places) {
            index = frames.count - 1
        } else {
            frames.append(frame)
        }
        return index
    }

    /// A segment's JSON (ReportSegment), its index in `segments`: the same segment (a
    /// look after an event that moved nothing, or the one at a tick taken whole) once.
    mutating func add(segment: String) -> Int {
        if let i = segmentIndex[segment] { return i }
        segmentIndex[segment] = segments.count
        segments.append(segment)
        stringBytes += segment.utf8.count + 2
        return segments.count - 1
    }

    /// A frame the page draws from segment `segment` at `time`, the segment's groups at
    /// `progress`, over the look of frame `base`.
    mutating func addTick(time: Double, base: Int, segment: Int, progress: [Double]) -> Int {
        var frame = frames[base]
        frame.time = time
        frame.segment = segment
        frame.progress = progress
        stringBytes += Self.tickBytes(progress.count)
        frames.append(frame)
        return frames.count - 1
    }

    /// At most what a tick frame adds to the page: its indexes and its progress, each
    /// number written exactly (at most 24 bytes).
    static func tickBytes(_ groups: Int) -> Int { 24 * groups + 64 }

    public static func boxesJSON(_ boxes: [(name: String, box: Rect)]) -> String {
        "[" + boxes.map { b in "[\(jsonString(b.name)),\(numbers(b.box))]" }.joined(separator: ",") + "]"
    }

    /// Each view: `[name, class, fx, fy, fw, fh (frame), bx, by, bw, bh (bounds), alpha,
    /// top, left, bottom, right (safe area), controller, state]`.
    public static func propsJSON(_ views: [ViewInfo]) -> String {
        var out = "["
        out.reserveCapacity(views.count * 120)
        for (i, v) in views.enumerated() {
            let s = v.safeArea
            if i > 0 { out += "," }
            out += "[" + jsonString(v.name) + "," + jsonString(v.className) + "," + numbers(v.frame) + "," + numbers(v.bounds)
            out += "," + number(v.alpha) + "," + number(s.top) + "," + number(s.left) + "," + number(s.bottom) + "," + number(s.right)
            out += "," + (v.controller.map(jsonString) ?? "null") + "," + (v.controllerState.map(jsonString) ?? "null") + "]"
        }
        return out + "]"
    }

    /// Each view's box on screen, `[x, y, w, h]`, in the order of `propsJSON`.
    public static func placesJSON(_ views: [ViewInfo]) -> String {
        var values: [Double] = []
        values.reserveCapacity(views.count * 4)
        for v in views {
            values.append(v.box.origin.x); values.append(v.box.origin.y)
            values.append(v.box.size.width); values.append(v.box.size.height)
        }
        return jsonNumberGroups(values, size: 4)
    }

    static func numbers(_ r: Rect) -> String {
        number(r.origin.x) + "," + number(r.origin.y) + "," + number(r.size.width) + "," + number(r.size.height)
    }

    /// JSON has no NaN or infinity: such a value is null.
    static func number(_ x: Double) -> String { x.isFinite ? formatNumber(x) : "null" }

    /// The frame that shows the world right after event `seq`.
    public mutating func show(event seq: Int, frame: Int) { eventFrames[seq] = frame }

    /// The frame showing an event at `t`: the last looked at by `t` (a look at an
    /// instant with events comes after everything at it), else the first.
    public func frame(at t: Double) -> Int {
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid].time <= t + 1e-9 { lo = mid + 1 } else { hi = mid }
        }
        return max(0, lo - 1)
    }

    /// The page's data: one JSON object, `<` escaped so no string ends the script
    /// element it sits in. nil when `interrupted` said stop (a run limit).
    public func json(events: [TraceEvent], interrupted: () -> Bool = { false }) -> [UInt8]? {
        var w = JSONWriter()
        return write(events: events, into: &w, interrupted: interrupted) ? w.out : nil
    }

    /// The data into `w`; false when `interrupted` said stop.
    func write(events: [TraceEvent], into w: inout JSONWriter, interrupted: () -> Bool) -> Bool {
        w.put("{\"title\":"); w.string(title); w.put(",\"note\":")
        let notes = [failure.map { "the run failed: " + $0 }, note, eventNote].compactMap { $0 }
        if notes.isEmpty { w.put("null") } else { w.string(notes.joined(separator: "; ")) }
        w.put(",\n\"strings\":[")
        for (i, s) in strings.enumerated() {
            if i & 255 == 255, interrupted() { return false }
            if i > 0 { w.put(",\n") }
            w.string(s)
        }
        w.put("],\n\"segments\":[")
        for (i, s) in segments.enumerated() {
            if i > 0 { w.put(",\n") }
            w.put(s)
        }
        w.put("],\n\"frames\":[")
        for (i, f) in frames.enumerated() {
            if i & 1023 == 1023, interrupted() { return false }
            w.put(i > 0 ? ",[" : "["); w.put(formatNumber(f.time))
            for n in [f.screen, f.controllers, f.views, f.boxes, f.props, f.places] { w.put(","); w.put(String(n)) }
            if let s = f.segment {
                // Progress exactly, as the segment's numbers are (the page redoes the sums).
                var n = NumberWriter()
                n.numbers(f.progress, first: true)
                w.put(",\(s),["); w.out.append(contentsOf: n.out); w.put("]")
            }
            w.put("]")
        }
        w.put("],\n\"events\":[")
        var lanes = TraceLanes()
        var position: [Int: Int] = [:]
        for (i, e) in events.enumerated() {
            if i & 1023 == 1023, interrupted() { return false }
            let f = eventFrames[e.seq] ?? frame(at: e.t)
            position[e.seq] = i
            lanes.add(e, at: Int64(f))
            if i > 0 { w.put(",\n") }
            w.put("[\(e.seq),\(formatNumber(e.t)),"); w.string(e.kind.rawValue); w.put(",")
            w.string(e.object); w.put(","); w.string(e.body); w.put(",\(f)]")
        }
        lanes.finish()
        w.put("],\n\"lanes\":[")
        for (i, name) in lanes.names.enumerated() {
            if i > 0 { w.put(",") }
            w.string(name)
        }
        var slices: [String] = [], ticks: [String] = []
        for item in lanes.items {
            switch item {
            case .slice(let name, let lane, let start, let end, let opener):
                slices.append("[\(lane - 1),\(start),\(end),\(jsonString(name).replacing("<", with: "\\u003c")),\(position[opener.seq] ?? 0)]")
            case .instant(let lane, let at, let e):
                ticks.append("[\(lane - 1),\(at),\(position[e.seq] ?? 0)]")
            }
        }
        w.put("],\n\"slices\":[" + slices.joined(separator: ",") + "],\n\"ticks\":[" + ticks.joined(separator: ",") + "]}")
        return true
    }

    /// One page of several runs (`nestbox run --matrix ... --report`): a data block per
    /// cell and a picker that switches between them (`#cell=N` in the hash). nil when
    /// `interrupted` said stop.
    public static func html(title: String, cells: [(label: String, report: Report, events: [TraceEvent])],
                            interrupted: () -> Bool = { false }) -> [UInt8]? {
        var w = JSONWriter()
        w.out.reserveCapacity(cells.reduce(0) { $0 + $1.report.estimatedPageBytes(events: $1.events.count) })
        w.put(ReportPage.head(title: title, cells: cells.map(\.label)))
        for (i, cell) in cells.enumerated() {
            w.put("<script type=\"application/json\" id=\"data-\(i)\">\n")
            guard cell.report.write(events: cell.events, into: &w, interrupted: interrupted) else { return nil }
            w.put("\n</script>\n")
        }
        w.put(ReportPage.tail)
        return w.out
    }

    /// The self-contained page: the data, the style and the script inline; nothing it
    /// loads from anywhere else.
    /// Built in one buffer: the page is written once, not copied (it counts toward the
    /// memory limit, README.md, The HTML report).
    public func html(events: [TraceEvent], interrupted: () -> Bool = { false }) -> [UInt8]? {
        var w = JSONWriter()
        w.out.reserveCapacity(estimatedPageBytes(events: events.count))
        w.put(ReportPage.head(title: title)); w.put("<script type=\"application/json\" id=\"data\">\n")
        guard write(events: events, into: &w, interrupted: interrupted) else { return nil }
        w.put("\n</script>\n"); w.put(ReportPage.tail)
        return w.out
    }

    /// About what the page takes: its strings as written, the trace at about 120 bytes
    /// an event, and the page's script and style.
    public func estimatedPageBytes(events: Int) -> Int { stringBytes + events * 120 + 64 << 10 }
}

/// JSON text as bytes: a report's strings are megabytes of SVG, escaped a byte at a time.
struct JSONWriter {
    var out: [UInt8] = []

    mutating func put(_ s: String) { out.append(contentsOf: s.utf8) }

    /// The length of `string(s)`'s output.
    static func escapedCount(_ s: String) -> Int {
        var n = 2
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"): n += 2
            case UInt8(ascii: "<"), 0..<0x20: n += 6
            default: n += 1
            }
        }
        return n
    }

    /// A JSON string; `<` as `\u003c`, so `</script>` cannot appear in it.
    mutating func string(_ s: String) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += [92, 34]
            case UInt8(ascii: "\\"): out += [92, 92]
            case UInt8(ascii: "\n"): out += [92, 110]
            case UInt8(ascii: "<"), 0..<0x20:
                out += Array("\\u00".utf8)
                out.append(hexDigit(b >> 4)); out.append(hexDigit(b & 15))
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private func hexDigit(_ n: UInt8) -> UInt8 { n < 10 ? 48 + n : 87 + n }
}
