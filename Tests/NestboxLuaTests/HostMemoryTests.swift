import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// What the model holds for a script counts toward the memory limit (MemoryMeter).
@Suite(.checksInvariants) struct HostMemoryTests {
    @Test("objects, strings they keep and trace events are counted, and uncounted when gone")
    func counted() throws {
        let (outcome, _, rt) = try runLua("keep = {}")
        #expect(outcome == .ok)
        let meter = rt.simulation.memory
        func run(_ source: String) {
            #expect(rt.run(source: source) == .ok)
            rt.simulation.trace.clear()
        }
        rt.simulation.trace.clear()
        let base = meter.count
        // 400 for the object, 32 + 23 for its name (over 15 bytes: on the heap)
        run("keep.v = ui.View{ name = 'a view with a long name' }")
        #expect(meter.count - base == 455)
        // 176 for the view's extras, made by its first background color (View+Extras.swift)
        run("keep.v.backgroundColor = 'secondarySystemGroupedBackground'")   // 32 bytes: 32 + 32
        #expect(meter.count - base == 455 + 176 + 64)
        run("keep.v.backgroundColor = 'red'")          // 15 bytes or less: inline, nothing more
        #expect(meter.count - base == 455 + 176)
        // a log event (Q53): its 12-byte record, 16 for its instant, 40 each for the names
        // "script" and "print" and for its shape, all new to the cleared trace, 24 for its
        // wide entry and 96 for its message on the side, 32 + 40 for the message
        #expect(rt.run(source: "print(('p'):rep(40))") == .ok)
        #expect(meter.count - base == 455 + 176 + 12 + 16 + 80 + 40 + 24 + 96 + 72)
        run("keep.v = nil")
        rt.collectGarbage()
        #expect(meter.count == base)
    }

    @Test("timers count while pending")
    func timers() throws {
        let (outcome, _, rt) = try runLua("")
        #expect(outcome == .ok)
        let base = rt.simulation.memory.count
        #expect(rt.run(source: "for i = 1, 10 do ui.after(1, function() end) end", settle: false) == .ok)
        rt.simulation.trace.clear()
        #expect(rt.simulation.memory.count - base == 10 * 64)
        #expect(rt.run(source: "ui.advance(2)") == .ok)
        rt.simulation.trace.clear()
        #expect(rt.simulation.memory.count == base)
    }
}
