import Containment

/// Takes a report's frames as a run goes (`nestbox run --report`): the simulation's
/// watcher looks at every instant that recorded events and at each 1/60 s while
/// something animates (policy Q33), and the trace asks for one more look right after
/// each event (after a run of view changes), so every event is shown with the world as
/// it left it. Each look draws the screen to SVG and prints the two hierarchies; a look
/// that finds what the last one found adds no frame.
public final class ReportRecorder {
    /// Policy Q33: a report holds at most this many frames and this many bytes of
    /// distinct text; past either the capture stops, the page and standard error say
    /// where, and the run goes on. A script that animates for hours makes a report of
    /// bounded size, not one of gigabytes.
    public static let maxFrames = 5_000
    public static let maxBytes = 48 << 20
    /// The looks after single events take at most this many frames and half the text
    /// cap: a design that builds 1,000 views at one instant would otherwise fill the
    /// report with its own construction (each look is the whole screen) and leave
    /// nothing for what follows. Past it an event shows its instant's end, and the page
    /// says from which event on (Q33).
    public static let maxEventFrames = 2_000
    /// This recorder's (tests lower it).
    let maxEventFrames: Int
    private var eventFrames = 0
    /// The text cap of this recorder (tests lower it).
    let maxBytes: Int

    public private(set) var report: Report
    /// How the run ended, when it failed: the page says so at its top (Report.failure).
    public var failure: String? {
        get { report.failure }
        set { report.failure = newValue }
    }
    private let renderer: Renderer
    /// The world it watches, for the trace the page lays out.
    public private(set) weak var simulation: Simulation?
    /// The last event at the last look.
    private var seenSeq: Int?
    /// Events of this instant not looked at yet (a call, a view change or an input, whose
    /// work the next event finds done), and the instant.
    private var waiting: [Int] = []
    private var waitingTime = -1.0
    /// View changes in a row at this instant: past `viewRunLooks` the run waits for its end.
    private var runLength = 0
    static let viewRunLooks = 8
    /// True while a look runs: anything it records (nothing should) takes no look.
    private var looking = false
    /// The views of the last look, for `ViewInfo.hasSameProperties`.
    private var lastViews: [ViewInfo] = []
    /// The last look's segment, while animations are in flight: the ticks of the same
    /// watcher turn are frames the page draws from it (ReportSegment).
    private var live: Live?
    private struct Live {
        let segment: ReportSegment
        /// The look's frame, the watcher's turn it was taken in, and the segment's index
        /// in the report once a tick uses it.
        let frame: Int, turn: Int
        var index: Int?
        /// The groups' progress at the last frame.
        var progress: [Double]
    }
    /// False: every tick is taken whole, as a look (`NESTBOX_REPORT_TICKS=whole`; the
    /// browser test compares the two).
    let drawsTicks: Bool

    public init(title: String, overlays: Overlays = [], maxBytes: Int = ReportRecorder.maxBytes,
                maxEventFrames: Int = ReportRecorder.maxEventFrames, drawsTicks: Bool = true) {
        report = Report(title: title)
        self.drawsTicks = drawsTicks
        self.maxBytes = maxBytes
        self.maxEventFrames = maxEventFrames
        var r = Renderer(overlays: overlays)
        r.collectsControllerBoxes = true
        r.collectsViews = true
        renderer = r
    }

    /// Starts watching `sim`.
    public func install(on sim: Simulation) {
        simulation = sim
        // Weak self: the simulation keeps this closure and may outlive the recorder.
        // Unowned sim: the closure lives in `sim`'s own watch slot, so `sim` outlives
        // every call of it.
        sim.watch { [weak self, unowned sim] t in self?.look(sim, at: t) }
        // The same lifetimes as the watcher's: these closures live in the simulation's
        // own trace (a `clear` replaces its storage, never the trace), and `finish` and
        // `stop` remove them.
        // Unowned sim: its trace holds this closure, so `sim` outlives every call of it.
        sim.trace.beforeRecord = { [weak self, unowned sim] kind in self?.eventComing(sim, kind) }
        // Unowned sim: as above, the closure lives in `sim.trace`, which `sim` owns.
        sim.trace.afterRecord = { [weak self, unowned sim] kind in self?.eventRecorded(sim, kind) }
    }

    /// Right after an event is stored: the world it leaves (the model sets a state, then
    /// records the event that announces it). A view change waits for the end of its run.
    private func eventRecorded(_ sim: Simulation, _ kind: TraceKind) {
        guard !looking, report.note == nil, report.eventNote == nil else { return }
        let now = sim.clock.now
        if waitingTime != now { waiting = []; runLength = 0 }
        waitingTime = now
        waiting.append(sim.trace.nextEventSeq - 1)
        // A call, a view change or an input is recorded as its work begins: the world it
        // leaves is the one the next event finds (`eventComing`). Every other event is
        // recorded once the model has changed (an appearance state, then its callback).
        if !Self.announcesWork(kind) { lookAfterEvents(sim, at: now) }
    }

    static func announcesWork(_ kind: TraceKind) -> Bool { kind == .call || kind == .view || kind == .input }

    /// Before an event is recorded: the events that announced work at this instant have
    /// done it. A run of view changes is looked at one by one for its first few (a
    /// removal and its moveToWindow(nil)), then once at its end: a loop building 1,000
    /// views is not 1,000 looks of up to 1,000 views.
    private func eventComing(_ sim: Simulation, _ kind: TraceKind) {
        guard !looking, !waiting.isEmpty, waitingTime == sim.clock.now,
              report.note == nil, report.eventNote == nil else { return }
        runLength = kind == .view ? runLength + 1 : 0
        if kind == .view && runLength > Self.viewRunLooks { return }
        lookAfterEvents(sim, at: waitingTime)
    }

    /// One look for the events waiting, within the looks' cap (Q33).
    private func lookAfterEvents(_ sim: Simulation, at now: Double) {
        if eventFrames < maxEventFrames, report.stringBytes < maxBytes / 2 {
            let before = report.frames.count
            if let frame = look(sim, at: now, afterEvent: true) {
                for seq in waiting { report.show(event: seq, frame: frame) }
            }
            eventFrames += report.frames.count - before
        } else {
            report.eventNote = "from event #\(waiting[0]) on, an event shows its instant's end (the looks after single events stop at "
                + "\(maxEventFrames) frames or half the text)"
        }
        waiting = []
    }

    /// After the run: the last instant, if it recorded anything since the last look,
    /// and at least one frame for a run that recorded nothing.
    public func finish(_ sim: Simulation) {
        sim.finishWatching()
        sim.trace.beforeRecord = nil
        sim.trace.afterRecord = nil
        if report.frames.isEmpty { look(sim, at: sim.clock.now) }
        live = nil
    }

    /// The frame taken (or the last one, when it shows the same at this instant); nil
    /// when none was. `afterEvent`: a look between two events of one instant.
    @discardableResult
    func look(_ sim: Simulation, at t: Double, afterEvent: Bool = false) -> Int? {
        guard report.note == nil, !sim.isInterrupted() else { return nil }
        looking = true
        defer { looking = false }
        guard report.frames.count < Self.maxFrames else { stop(sim, at: t); return nil }
        if !afterEvent, sim.isWatchTick, let live, live.turn == sim.watchTurn, let frame = tick(live, sim, at: t) {
            return frame
        }
        live = nil
        let room = maxBytes - report.stringBytes
        var drawn: DrawnViews? = drawsTicks && !afterEvent && !sim.animator.active.isEmpty ? DrawnViews() : nil
        guard let picture = renderer.render(sim.window, collecting: &drawn),
              let svg = SVG.encode(picture, maxBytes: room, interrupted: sim.isInterrupted) else {
            if !sim.isInterrupted() { stop(sim, at: t) }
            return nil
        }
        // Inline in the page, where the HTML parser gives it its namespace.
        var text = String(decoding: svg, as: UTF8.self)
        if text.hasPrefix(Self.svgNamespace) { text = "<svg " + text.dropFirst(Self.svgNamespace.count) }
        let controllers = sim.hierarchyDescription(), views = sim.window.recursiveDescription()
        // The cap holds for the frame that would pass it too (Q33): it is not taken.
        // The views' properties change with the model, not with each 60 Hz tick: the same
        // as the last look's are not written (nor hashed) again.
        let infos = picture.views
        let sameProps = infos.count == lastViews.count && zip(infos, lastViews).allSatisfy { $0.hasSameProperties(as: $1) }
        let props = sameProps ? nil : Report.propsJSON(infos)
        let boxes = Report.boxesJSON(picture.controllerBoxes), places = Report.placesJSON(infos)
        guard report.newBytes([text, controllers, views, boxes, props ?? "", places]) <= room else { stop(sim, at: t); return nil }
        lastViews = infos
        // A timer that changed nothing on screen adds no frame.
        let lastSeq = sim.trace.events.last?.seq
        let before = report.stringBytes
        let frame = report.addFrame(time: t, screen: text, controllers: controllers, views: views, boxes: boxes,
                                    props: props, places: places, unlessUnchanged: lastSeq == seenSeq)
        if !afterEvent { seenSeq = lastSeq }
        if let drawn, let segment = ReportSegment.make(picture, drawn, renderer: renderer) {
            live = Live(segment: segment, frame: frame, turn: sim.watchTurn, progress: segment.groups.map { $0.progress(at: t) })
        }
        // What the page will hold counts toward the memory limit, as the pictures do.
        sim.memory.hold(report.stringBytes - before + 32)
        return frame
    }

    /// A tick of the live segment's turn: a frame the page draws, or the last frame when
    /// no animation moved. nil when a group's progress is no number JSON can hold (the
    /// tick is then taken whole).
    private func tick(_ live: Live, _ sim: Simulation, at t: Double) -> Int? {
        let progress = live.segment.groups.map { $0.progress(at: t) }
        guard progress.allSatisfy(\.isFinite) else { return nil }
        // Nothing moved: the picture is the last frame's (Q33).
        if progress == live.progress { return report.frames.count - 1 }
        let before = report.stringBytes
        let segmentBytes = live.index == nil ? live.segment.json.utf8.count + 2 : 0
        guard before + segmentBytes + Report.tickBytes(progress.count) <= maxBytes else {
            stop(sim, at: t)
            return report.frames.count - 1
        }
        let index = live.index ?? report.add(segment: live.segment.json)
        let frame = report.addTick(time: t, base: live.frame, segment: index, progress: progress)
        self.live?.index = index
        self.live?.progress = progress
        sim.memory.hold(report.stringBytes - before + 32)
        return frame
    }

    private func stop(_ sim: Simulation, at t: Double) {
        report.note = "the report stops at \(report.frames.count) frames (\(fixedPoint(report.frames.last?.time ?? t)) s): "
            + "at most \(Self.maxFrames) frames and \(formatNumber(Double(maxBytes) / Double(1 << 20))) MB of text"
        sim.watch(nil)
        sim.trace.beforeRecord = nil
        sim.trace.afterRecord = nil
    }

    static let svgNamespace = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
}
