import Containment

/// Takes a report's frames as a run goes (`nestbox run --report`): the simulation's
/// watcher looks at every instant that recorded events and at each 1/60 s while
/// something animates (policy Q33), and each look draws the screen to SVG and prints
/// the two hierarchies.
public final class ReportRecorder {
    /// Policy Q33: a report holds at most this many frames and this many bytes of
    /// distinct text; past either the capture stops, the page and standard error say
    /// where, and the run goes on. A script that animates for hours makes a report of
    /// bounded size, not one of gigabytes.
    public static let maxFrames = 5_000
    public static let maxBytes = 48 << 20
    /// The text cap of this recorder (tests lower it).
    let maxBytes: Int

    public private(set) var report: Report
    private let renderer: Renderer
    /// The world it watches, for the trace the page lays out.
    public private(set) weak var simulation: Simulation?
    /// The last event at the last look.
    private var seenSeq: Int?

    public init(title: String, overlays: Overlays = [], maxBytes: Int = ReportRecorder.maxBytes) {
        report = Report(title: title)
        self.maxBytes = maxBytes
        var r = Renderer(overlays: overlays)
        r.collectsControllerBoxes = true
        renderer = r
    }

    /// Starts watching `sim`.
    public func install(on sim: Simulation) {
        simulation = sim
        // Weak self: the simulation keeps this closure and may outlive the recorder.
        // Unowned sim: the closure lives in `sim`'s own watch slot, so `sim` outlives
        // every call of it.
        sim.watch { [weak self, unowned sim] t in self?.look(sim, at: t) }
    }

    /// After the run: the last instant, if it recorded anything since the last look,
    /// and at least one frame for a run that recorded nothing.
    public func finish(_ sim: Simulation) {
        sim.finishWatching()
        if report.frames.isEmpty { look(sim, at: sim.clock.now) }
    }

    func look(_ sim: Simulation, at t: Double) {
        guard report.note == nil, !sim.isInterrupted() else { return }
        guard report.frames.count < Self.maxFrames else { return stop(sim, at: t) }
        let room = maxBytes - report.stringBytes
        guard let picture = renderer.render(sim),
              let svg = SVG.encode(picture, maxBytes: room, interrupted: sim.isInterrupted) else {
            if !sim.isInterrupted() { stop(sim, at: t) }
            return
        }
        // Inline in the page, where the HTML parser gives it its namespace.
        var text = String(decoding: svg, as: UTF8.self)
        if text.hasPrefix(Self.svgNamespace) { text = "<svg " + text.dropFirst(Self.svgNamespace.count) }
        let controllers = sim.hierarchyDescription(), views = sim.window.recursiveDescription()
        // The cap holds for the frame that would pass it too (Q33): it is not taken.
        guard report.newBytes([text, controllers, views]) <= room else { return stop(sim, at: t) }
        // A timer that changed nothing on screen adds no frame; an event always has one.
        let lastSeq = sim.trace.events.last?.seq
        let before = report.stringBytes
        report.addFrame(time: t, screen: text, controllers: controllers, views: views, boxes: picture.controllerBoxes,
                        unlessUnchanged: lastSeq == seenSeq)
        seenSeq = lastSeq
        // What the page will hold counts toward the memory limit, as the pictures do.
        sim.memory.hold(report.stringBytes - before + 32)
    }

    private func stop(_ sim: Simulation, at t: Double) {
        report.note = "the report stops at \(report.frames.count) frames (\(fixedPoint(report.frames.last?.time ?? t)) s): "
            + "at most \(Self.maxFrames) frames and \(formatNumber(Double(maxBytes) / Double(1 << 20))) MB of text"
        sim.watch(nil)
    }

    static let svgNamespace = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
}
