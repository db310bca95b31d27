/// A trace laid out as a timeline, a lane per object (README.md, The trace): the chrome
/// trace's tracks and the `--report` page's lanes are this one layout.
///
/// - A controller's appearance phases are slices on its lane: "appearing" from
///   viewWillAppear to viewDidAppear, "disappearing" from viewWillDisappear to
///   viewDidDisappear. A phase cut short (a cancelled transition turns it round) ends
///   where the next one begins; one still open at the end ends with the trace.
/// - Animations are slices from their begin to their end, on "animations" lanes: an
///   animation takes the first lane free at its start, so slices on one lane never
///   overlap. An end without its begin (a trace cleared in between) is an instant.
/// - Every other event is an instant on its object's lane.
///
/// Positions are the caller's: microseconds for the chrome trace, frame numbers for
/// the report.
public struct TraceLanes {
    public enum Item {
        /// `opener` is the event that began it (its arguments describe it).
        case slice(name: String, lane: Int, start: Int64, end: Int64, opener: TraceEvent)
        case instant(lane: Int, at: Int64, event: TraceEvent)
    }

    /// A switch, not a stored dictionary: nothing shared between simulations' threads (Q55).
    static func appearancePhase(_ event: String) -> (phase: String, opens: Bool)? {
        switch event {
        case "viewWillAppear": ("appearing", true)
        case "viewDidAppear": ("appearing", false)
        case "viewWillDisappear": ("disappearing", true)
        case "viewDidDisappear": ("disappearing", false)
        default: nil
        }
    }

    /// Lane `n` (from 1) is `names[n - 1]`, in order of first appearance.
    public private(set) var names: [String] = []
    /// Slices as they end, instants as they happen.
    public private(set) var items: [Item] = []
    var lanes: [String: Int] = [:]
    /// Per lane, the open appearance phase: its name, start and opening event.
    var open: [Int: (name: String, start: Int64, opener: TraceEvent)] = [:]
    /// Per animation, its start and the lane it took; per animations lane, when it frees.
    var animations: [String: (start: Int64, lane: Int, opener: TraceEvent)] = [:]
    var animationLanes: [(lane: Int, freeAt: Int64)] = []
    var last: Int64 = 0

    public init() {}

    mutating func lane(_ name: String) -> Int {
        if let t = lanes[name] { return t }
        names.append(name)
        lanes[name] = names.count
        return names.count
    }

    public mutating func add(_ e: TraceEvent, at ts: Int64) {
        last = max(last, ts)
        if e.kind == .animation, e.event == "begin" || e.event == "end" {
            animation(e, ts)
            return
        }
        let tid = lane(e.object)
        if e.kind == .lifecycle, let p = Self.appearancePhase(e.event) {
            if let current = open[tid] { items.append(.slice(name: current.name, lane: tid, start: current.start, end: ts, opener: current.opener)) }
            open[tid] = p.opens ? (p.phase, ts, e) : nil
            if p.opens { return }
        }
        items.append(.instant(lane: tid, at: ts, event: e))
    }

    mutating func animation(_ e: TraceEvent, _ ts: Int64) {
        if e.event == "begin" {
            let free = animationLanes.firstIndex { $0.freeAt <= ts }
            let tid: Int
            if let free {
                tid = animationLanes[free].lane
                animationLanes[free].freeAt = .max
            } else {
                tid = lane("animations \(animationLanes.count + 1)")
                animationLanes.append((tid, .max))
            }
            animations[e.object] = (ts, tid, e)
        } else if let a = animations.removeValue(forKey: e.object) {
            items.append(.slice(name: e.object, lane: a.lane, start: a.start, end: ts, opener: a.opener))
            if let i = animationLanes.firstIndex(where: { $0.lane == a.lane }) { animationLanes[i].freeAt = ts }
        } else {
            // An end whose begin is not in the trace (cleared since): an instant, as an
            // appearance phase's close without its open is.
            items.append(.instant(lane: lane(e.object), at: ts, event: e))
        }
    }

    /// Ends what is still open at the last position.
    public mutating func finish() {
        for (tid, p) in open.sorted(by: { $0.key < $1.key }) {
            items.append(.slice(name: p.name, lane: tid, start: p.start, end: last, opener: p.opener))
        }
        for (name, a) in animations.sorted(by: { $0.key < $1.key }) {
            items.append(.slice(name: name, lane: a.lane, start: a.start, end: last, opener: a.opener))
        }
        open = [:]
        animations = [:]
    }
}
