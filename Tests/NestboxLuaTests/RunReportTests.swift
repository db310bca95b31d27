import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// The report after a run keeps its own deadline.
@Suite(.checksInvariants) struct RunReportTests {
    @Test("a report past its deadline stops with a note; in JSON Lines, a field of the last object")
    func reportDeadline() throws {
        let (outcome, _, rt) = try runLua("""
            local v, w = ui.View{ name = "v" }, ui.View{ name = "w" }
            for i = 1, 1500 do v:addSubview(w); w:removeFromSuperview() end
            """)
        #expect(outcome == .ok)
        let (full, fullCut) = RunReport(simulation: rt.simulation).render(pastDeadline: nil)
        #expect(!fullCut && full.split(separator: "\n").count == 3000 + 1)
        let (text, cut) = RunReport(simulation: rt.simulation).render(pastDeadline: { true })    // long past
        #expect(cut)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1023 + 4)
        #expect(text.hasSuffix("""
            v.addSubview(w)

            (no root view controller)
            … report cut short at the time limit, after 1023 trace events (hierarchies incomplete)

            """))
        let (json, _) = RunReport(simulation: rt.simulation, format: .jsonl).render(pastDeadline: { true })
        #expect(json.hasSuffix("}\n{\"hierarchy\":\"(no root view controller)\",\"cutShort\":true}\n"))
        #expect(json.split(separator: "\n").count == 1023 + 1)
        // the simulation's own interruption is back afterwards
        #expect(!rt.simulation.isInterrupted())
    }
}
