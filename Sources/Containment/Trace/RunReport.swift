/// How a command prints a run (`--trace`): the trace as text lines, as JSON Lines, as
/// the Trace Event Format for timeline viewers (`chrome`: that JSON alone), or not at all
/// (the hierarchy still prints). The one format type of every command.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, jsonl, chrome, none
}

/// What `nestbox run` prints after a script, and what golden files hold: the trace,
/// then the controller hierarchy (and, if asked, the view hierarchy).
public struct RunReport {
    public let simulation: Simulation
    public let format: OutputFormat
    public let filter: TraceFilter
    public let views: Bool

    public init(simulation: Simulation, format: OutputFormat = .text, filter: TraceFilter = .all, views: Bool = false) {
        self.simulation = simulation; self.format = format; self.filter = filter; self.views = views
    }

    public var text: String { render(pastDeadline: nil).text }

    /// The report, stopped once `pastDeadline` says so (the host's clock: a run under a
    /// timeout ends within it, report included). A report cut short ends with a line
    /// saying so (a JSON object in JSON Lines).
    public func render(pastDeadline: (() -> Bool)?) -> (text: String, cutShort: Bool) {
        var text = ""
        let cutShort = render(pastDeadline: pastDeadline) { text += $0 }
        return (text, cutShort)
    }

    /// The same report handed to `write` in pieces of about 64 KB as it is made, so a
    /// run's output is never held whole: a tree of 100,000 controllers printed its
    /// 1.3 million trace lines from one string of some 100 MB (docs/performance.md).
    /// Whether it was cut short.
    public func render(pastDeadline: (() -> Bool)?, to write: (String) -> Void) -> Bool {
        final class Clock { var cut = false }
        let clock = Clock()
        let sim = simulation
        let saved = sim.isInterrupted
        // The printers stop when the simulation says it is interrupted; during the
        // report that means the report's own deadline (a limit that ended the script
        // has already done its work).
        sim.isInterrupted = {
            guard let pastDeadline, !clock.cut else { return clock.cut }
            clock.cut = pastDeadline()
            return clock.cut
        }
        defer { sim.isInterrupted = saved }

        if format == .chrome {
            // A timeline viewer reads one JSON document: no hierarchy after it.
            write(ChromeTrace.json(sim.trace.events, filter: filter, isInterrupted: sim.isInterrupted))
            return clock.cut
        }
        var out = ""
        defer { if !out.isEmpty { write(out) } }
        func flush() {
            if !out.isEmpty { write(out) }
            out = ""
        }
        var shown = 0
        var eventsCut = false
        if format == .text || format == .jsonl {
            (shown, eventsCut) = writeLines(sim.trace.events, json: format == .jsonl, to: write)
        }
        switch format {
        case .text:
            if shown > 0 { out += "\n" }
            flush()
            sim.writeHierarchy(to: write)
            out += "\n"
            if views { out += "\n" + sim.window.recursiveDescription() + "\n" }
        case .jsonl:
            out += "{\"hierarchy\":\(jsonString(sim.hierarchyDescription()))"
            if views { out += ",\"views\":\(jsonString(sim.window.recursiveDescription()))" }
            if clock.cut { out += ",\"cutShort\":true" }
            out += "}\n"
        case .none, .chrome:
            flush()
            sim.writeHierarchy(to: write)
            out += "\n"
            if views { out += "\n" + sim.window.recursiveDescription() + "\n" }
        }
        if clock.cut, format != .jsonl, format != .chrome {
            out += "… report cut short at the time limit" + (eventsCut ? ", after \(shown) trace events" : "")
                + " (hierarchies incomplete)\n"
        }
        return clock.cut
    }
}
