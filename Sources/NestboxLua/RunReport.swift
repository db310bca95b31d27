import Containment

/// What `nestbox run` prints after a script, and what golden files hold: the trace,
/// then the controller hierarchy (and, if asked, the view hierarchy).
public struct RunReport {
    public enum Format { case text, jsonl, none }

    public let simulation: Simulation
    public let format: Format
    public let filter: TraceFilter
    public let views: Bool

    public init(simulation: Simulation, format: Format = .text, filter: TraceFilter = .all, views: Bool = false) {
        self.simulation = simulation; self.format = format; self.filter = filter; self.views = views
    }

    public var text: String {
        let sim = simulation
        let events = sim.trace.events.filter(filter.accepts)
        var out = ""
        switch format {
        case .text:
            for e in events { out += e.text + "\n" }
            if !events.isEmpty { out += "\n" }
            out += sim.hierarchyDescription() + "\n"
            if views { out += "\n" + sim.window.recursiveDescription() + "\n" }
        case .jsonl:
            for e in events { out += e.json + "\n" }
            out += "{\"hierarchy\":\(jsonString(sim.hierarchyDescription()))"
            if views { out += ",\"views\":\(jsonString(sim.window.recursiveDescription()))" }
            out += "}\n"
        case .none:
            out += sim.hierarchyDescription() + "\n"
            if views { out += "\n" + sim.window.recursiveDescription() + "\n" }
        }
        return out
    }
}
