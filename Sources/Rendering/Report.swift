import Containment

/// `nestbox run --report`'s content (README.md, Pictures): the screen, the hierarchies
/// and the controllers' boxes at each instant the run was looked at, and the trace laid
/// out as `TraceLanes`. Frames hold indexes into one table of distinct strings, so an
/// animation's still parts and the hierarchies that do not change are written once.
public struct Report {
    public struct Frame: Equatable, Sendable {
        public var time: Double
        /// Indexes into `strings`: the screen's SVG, the controller hierarchy, the view
        /// hierarchy and the controllers' boxes (a JSON array of [name, x, y, w, h]).
        public var screen, controllers, views, boxes: Int
    }

    public var title: String
    public private(set) var strings: [String] = []
    private var index: [String: Int] = [:]
    /// UTF-8 bytes in `strings`.
    public private(set) var stringBytes = 0
    public private(set) var frames: [Frame] = []
    /// Why the capture stopped early (policy Q33), shown at the top of the page.
    public var note: String?

    public init(title: String) { self.title = title }

    mutating func intern(_ s: String) -> Int {
        if let i = index[s] { return i }
        strings.append(s)
        stringBytes += s.utf8.count
        index[s] = strings.count - 1
        return strings.count - 1
    }

    public mutating func addFrame(time: Double, screen: String, controllers: String, views: String,
                                  boxes: [(name: String, box: Rect)]) {
        let boxText = "[" + boxes.map { b in
            "[\(jsonString(b.name)),\([b.box.origin.x, b.box.origin.y, b.box.size.width, b.box.size.height].map(formatNumber).joined(separator: ","))]"
        }.joined(separator: ",") + "]"
        frames.append(Frame(time: time, screen: intern(screen), controllers: intern(controllers),
                            views: intern(views), boxes: intern(boxText)))
    }

    /// The frame showing an event at `t`: the first looked at from `t` on (a look comes
    /// after everything at its instant), else the last.
    public func frame(at t: Double) -> Int {
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid].time < t - 1e-9 { lo = mid + 1 } else { hi = mid }
        }
        return min(lo, max(0, frames.count - 1))
    }

    /// The page's data: one JSON object, `<` escaped so no string ends the script
    /// element it sits in. nil when `interrupted` said stop (a run limit).
    public func json(events: [TraceEvent], interrupted: () -> Bool = { false }) -> String? {
        var out = "{\"title\":\(jsonString(title)),\"note\":\(note.map(jsonString) ?? "null"),\n\"strings\":["
        for (i, s) in strings.enumerated() {
            if i > 0 { out += ",\n" }
            out += jsonString(s)
        }
        out += "],\n\"frames\":["
        out += frames.map { "[\(formatNumber($0.time)),\($0.screen),\($0.controllers),\($0.views),\($0.boxes)]" }
            .joined(separator: ",")
        out += "],\n\"events\":["
        var lanes = TraceLanes()
        var position: [Int: Int] = [:]
        for (i, e) in events.enumerated() {
            if i & 1023 == 1023, interrupted() { return nil }
            let f = frame(at: e.t)
            position[e.seq] = i
            lanes.add(e, at: Int64(f))
            if i > 0 { out += ",\n" }
            out += "[\(e.seq),\(formatNumber(e.t)),\(jsonString(e.kind.rawValue)),\(jsonString(e.object)),\(jsonString(e.body)),\(f)]"
        }
        lanes.finish()
        out += "],\n\"lanes\":[" + lanes.names.map(jsonString).joined(separator: ",") + "],\n\"slices\":["
        var slices: [String] = [], ticks: [String] = []
        for item in lanes.items {
            switch item {
            case .slice(let name, let lane, let start, let end, let opener):
                slices.append("[\(lane - 1),\(start),\(end),\(jsonString(name)),\(position[opener.seq] ?? 0)]")
            case .instant(let lane, let at, let e):
                ticks.append("[\(lane - 1),\(at),\(position[e.seq] ?? 0)]")
            }
        }
        out += slices.joined(separator: ",") + "],\n\"ticks\":[" + ticks.joined(separator: ",") + "]}"
        return out.replacing("<", with: "\\u003c")
    }

    /// The self-contained page: the data, the style and the script inline; nothing it
    /// loads from anywhere else.
    public func html(events: [TraceEvent], interrupted: () -> Bool = { false }) -> String? {
        guard let data = json(events: events, interrupted: interrupted) else { return nil }
        return ReportPage.head(title: title) + "<script type=\"application/json\" id=\"data\">\n" + data
            + "\n</script>\n" + ReportPage.tail
    }
}
