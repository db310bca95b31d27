import Testing
@testable import Containment
import InvariantChecking

/// The text trace a run prints is written from the records for plain events
/// (Trace+PlainText.swift): every line must be `TraceEvent.text`'s, whatever the event.
@Suite(.checksInvariants) struct PlainTextTraceTests {
    /// Events of every kind and shape: the mixed corpus of `TraceStorageTests`, the
    /// cycle's sites, layout and safe-area events, numbers inline and wide, strings,
    /// objects and nil, delegates with results, messages, across instants and chunks.
    static func world() -> Simulation {
        let sim = Simulation()
        let vc = ViewController(simulation: sim, name: "vc")
        let other = ViewController(simulation: sim, name: "a controller named at length")
        TraceStorageTests.record(sim, 0..<3_000)
        for i in 0..<2_000 {
            if i % 500 == 0 { _ = sim.advance(by: 0.125) }
            sim.trace.record(.viewWillLayoutSubviews, vc)
            sim.trace.record(.viewSafeAreaInsetsDidChange, vc)
            sim.trace.record(.viewDidAppear, vc, i % 2 == 0)
            sim.trace.record(.willMove, vc, ref: i % 3 == 0 ? nil : other)
            sim.trace.record(.animation, vc, "frame", "x", .number(Double(i) / 4))
            sim.trace.record(.animation, vc, "alpha", "_", .number(Double(i) / 3))
            sim.trace.record(.input, vc, "tap", "title", .string("Row \(i) \"quoted\"\\\n\t\u{1}é"))
            sim.trace.record(.view, vc, "name \"odd\"\n", "label\\", .bool(true))
            sim.trace.record(.view, vc, "hidden", "_", .null)
            sim.trace.record(.delegate, vc, "shouldSelect", [("_", .object("vc"))], message: "dataSource", result: .bool(true))
            sim.trace.record(.warning, "vc", "W1", [], message: "a warning \(i)")
            sim.trace.record(.log, "print", "print", [], message: "line \(i)")
        }
        return sim
    }

    @Test("every line is the event's own text or JSON, under each filter", arguments: [
        TraceFilter.all, .expectation, TraceFilter(kinds: [.animation, .warning, .lifecycle], includeLayout: false),
        TraceFilter(kinds: [.lifecycle], includeLayout: true, includeSafeArea: false),
    ])
    func sameText(filter: TraceFilter) {
        let sim = Self.world()
        let events = sim.trace.events
        let expected = events.filter { filter.accepts($0) }
        for json in [false, true] {
            var written = ""
            var pieces = 0
            let (shown, cut) = RunReport(simulation: sim, filter: filter).writeLines(events, json: json) { written += $0; pieces += 1 }
            #expect(!cut)
            #expect(shown == expected.count)
            #expect(written == expected.map { (json ? $0.json : $0.text) + "\n" }.joined())
            #expect(pieces > 1 || written.utf8.count < TextBuffer.pieceBytes)
        }
    }

    @Test("a JSON string is escaped where it must be, and copied whole where it need not")
    func jsonStrings() {
        #expect(jsonString("plain é ✓") == "\"plain é ✓\"")
        #expect(jsonString("") == "\"\"")
        #expect(jsonString("a\"b\\c\nd\re\tf\u{1}g é") == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g é\"")
    }

    @Test("a report's text is the trace's lines, a blank line and the hierarchy")
    func wholeReport() {
        let sim = Self.world()
        let text = RunReport(simulation: sim).text
        #expect(text == sim.trace.events.map { $0.text + "\n" }.joined() + "\n" + sim.hierarchyDescription() + "\n")
    }
}
