import Testing
@testable import Containment
import InvariantChecking

/// Default names carried in their ids (TraceNames): no table entry for them, and still
/// one text, one id, whichever way a name arrives and in whichever order.
@Suite(.checksInvariants) struct TraceNameEncodingTests {
    @Test("a default name is encoded, costs no table entry, and reads back in every form")
    func encodedNames() {
        let names = TraceNames()
        var added = 0
        let a = names.numberedID("ViewController", 12, .none, added: &added)
        let v = names.numberedID("ViewController", 12, .view, added: &added)
        let big = names.numberedID("ViewController", (1 << 25) - 2, .view, added: &added)
        #expect(TraceNames.isEncoded(Int(a)) && TraceNames.isEncoded(Int(v)) && TraceNames.isEncoded(Int(big)))
        #expect(names.count == 0 && a != v)
        // Two classes and parts: two bases, counted once each; the names themselves nothing.
        #expect(added == 2 * MemoryMeter.nameBytes + 2 * MemoryMeter.heapBytes("ViewController"))
        #expect(names.text(Int(a)) == "ViewController#12" && names.text(Int(v)) == "ViewController#12.view")
        #expect(names.text(Int(big)) == "ViewController#33554430.view")
        var out = TextBuffer()
        names.append(Int(v), to: &out)
        #expect(names.appendJSON(Int(a), to: &out))
        #expect(out.string == "ViewController#12.view\"ViewController#12\"")
        #expect(!names.appendJSON(Int(names.id("root", added: &added)), to: &out))
    }

    @Test("a name given as text in the default form is the default name's id, in either order")
    func textSpellings() {
        let names = TraceNames()
        var added = 0
        // Text first: the class enters the bases from the text.
        let text = names.uncachedID("Menu#3.view", added: &added)
        #expect(TraceNames.isEncoded(Int(text)) && names.count == 0)
        #expect(names.numberedID("Menu", 3, .view, added: &added) == text)
        // Number first, then the text through the cache and without it.
        let n = names.numberedID("Menu", 40, .none, added: &added)
        #expect(names.id("Menu#40", added: &added) == n && names.uncachedID(String("Menu#40".reversed().reversed()), added: &added) == n)
        // Not the default form: in the table, each its own name.
        let plain = ["Menu#03", "Menu#0", "Menu#", "#5", "Menu#3.views", "Menu#3 ", "Menu#12345678901", "root.view", "Menu.view#2"]
        let ids = plain.map { names.uncachedID($0, added: &added) }
        #expect(ids.map { TraceNames.isEncoded(Int($0)) } == [false, false, false, false, false, false, false, false, true])
        #expect(Set(ids).count == plain.count)
        #expect(ids.map { names.text(Int($0)) } == plain)
        // `Menu.view#2` is class `Menu.view`'s default name, not `Menu`'s `.view`.
        #expect(names.numberedID("Menu.view", 2, .none, added: &added) == ids[8])
        #expect(names.numberedID("Menu", 2, .view, added: &added) != ids[8])
    }

    @Test("a number too large for the id, or a class past the bases' room, goes to the table and keeps one id")
    func fallbacks() {
        let names = TraceNames()
        var added = 0
        let huge = names.numberedID("Menu", 1 << 25, .none, added: &added)
        #expect(!TraceNames.isEncoded(Int(huge)) && names.text(Int(huge)) == "Menu#33554432")
        #expect(names.uncachedID("Menu#33554432", added: &added) == huge)
        // The largest number is the table's too: its id would be all ones, the names
        // cache's empty mark, with the 64th base.
        let top = names.numberedID("Menu", (1 << 25) - 1, .none, added: &added)
        #expect(!TraceNames.isEncoded(Int(top)) && names.id("Menu#33554431", added: &added) == top)
        // A number that cannot be encoded adds no base: C0… fill them.
        for k in 0..<TraceNames.maxBases { _ = names.numberedID("C\(k)", 1, .none, added: &added) }
        // The bases are full: a new class's names are table names.
        let late = names.uncachedID("Late#7", added: &added)
        #expect(!TraceNames.isEncoded(Int(late)))
        #expect(names.numberedID("Late", 7, .none, added: &added) == late)
        #expect(names.numberedID("Late", 7, .view, added: &added) == names.uncachedID("Late#7.view", added: &added))
        // A class already there still encodes.
        #expect(TraceNames.isEncoded(Int(names.numberedID("C5", 9, .none, added: &added))))
        #expect(names.text(Int(names.uncachedID("C5#9", added: &added))) == "C5#9")
    }

    @Test("a tree's default names leave the table alone, and the trace reads as before")
    func traceOfDefaultNames() {
        let sim = Simulation()
        let root = ViewController(simulation: sim, name: "root")
        let kids = (0..<200).map { _ in ViewController(simulation: sim) }
        for c in kids { c.loadViewIfNeeded() }
        sim.trace.clear()
        let before = sim.trace.storage.names.count
        for c in kids {
            sim.trace.record(.call, root, "addChild", "_", ref: c)
            sim.trace.record(.view, c.view, "layoutSubviews")
        }
        // `root`, two event names and a label; none of the 400 objects' default names.
        #expect(sim.trace.storage.names.count - before == 4)
        let bodies = sim.trace.events.map(\.body)
        let expected = kids.flatMap { c in
            let n = Simulation.name("ViewController", Int(c.nameNumber))
            return ["root.addChild(\(n))", "\(n).view.layoutSubviews()"]
        }
        #expect(bodies.count == 400 && bodies.elementsEqual(expected))
        #expect(sim.trace.events.first.map { $0.args[0].1 } == .object(Simulation.name("ViewController", Int(kids[0].nameNumber))))
    }
}
