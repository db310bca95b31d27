import Testing
@testable import Containment
import InvariantChecking

/// The compact trace (Q53): what is recorded reads back exactly, across chunks, with
/// any number of arguments and the rare fields, and its memory is counted by the layout.
@Suite(.checksInvariants) struct TraceStorageTests {
    @Test("a record is 12 bytes, and a repeated event costs only its record")
    func layout() {
        #expect(MemoryLayout<TraceRecord>.stride == 12)
        let sim = Simulation()
        let child = ViewController(simulation: sim, name: "child")
        // The first event brings its names, shape and instant; the next ones of the same
        // shape at the same instant, with a small argument, only their records.
        sim.trace.record(.lifecycle, child, "viewWillAppear", "animated", .bool(false))
        let before = sim.memory.count
        for _ in 0..<1_000 {
            sim.trace.record(.lifecycle, child, "viewWillAppear", "animated", .bool(false))
            sim.trace.record(.containment, child, "willMove", "toParent", ref: nil)
            sim.trace.record(.view, child, "frame", "width", .number(320))
        }
        // Two new shapes, and the names willMove, toParent, frame and width.
        let shapes = 6 * MemoryMeter.nameBytes
        #expect(sim.memory.count - before == 3_000 * 12 + shapes)
        // A number a Float cannot hold, a second argument: a wide entry each.
        let wideBefore = sim.memory.count
        sim.trace.record(.view, child, "frame", "width", .number(1.0 / 3))
        #expect(sim.memory.count - wideBefore == 12 + MemoryMeter.wideBytes + MemoryMeter.nameBytes)
        #expect(sim.trace.events.last?.args.first?.1 == .number(1.0 / 3))
        #expect(sim.trace.events[sim.trace.events.count - 2].args.first?.1 == .number(320))
    }

    /// The i-th test event: zero to five arguments of every kind, names that repeat and
    /// names made fresh (large and small), now and then a message or a result.
    static func event(_ i: Int) -> (object: String, event: String, args: [(String, TraceValue)],
                                    message: String?, result: TraceValue?) {
        let values: [TraceValue] = [.null, .bool(i % 2 == 0), .number(Double(i) / 7), .string("s\(i)"),
                                    .object("object number \(i % 13) with a long name"), .number(-.infinity),
                                    .number(Double(i)), .number(0.1), .number(-0.0), .number(1e300)]
        let args = (0..<(i % 6)).map { k in (k == 0 ? "_" : "label\(k)", values[(i + k) % values.count]) }
        let object = i % 3 == 0 ? "vc\(i % 50)" : "a view whose name is long \(i % 7)"
        return (object, i % 5 == 0 ? "event\(i)" : "viewDidAppear", args,
                i % 11 == 0 ? "message \(i) " + String(repeating: "m", count: i % 40) : nil,
                i % 17 == 0 ? .bool(true) : nil)
    }

    static func record(_ sim: Simulation, _ range: Range<Int>) {
        for i in range {
            let e = event(i)
            if i % 1000 == 0 { _ = sim.advance(by: 0.25) }
            sim.trace.record(.call, e.object, e.event, e.args, message: e.message, result: e.result,
                             traceback: i % 19 == 0 ? "tb\(i)" : nil, location: i % 23 == 0 ? "f.lua:\(i)" : nil)
        }
    }

    @Test("events read back as recorded across chunk boundaries")
    func roundTrip() {
        let sim = Simulation()
        sim.trace.clear()
        let n = 2 * TraceStorage.chunkSize + 10
        Self.record(sim, 0..<n)
        let events = sim.trace.events
        #expect(events.count == n)
        for i in [0, 1, 5, 4094, 4095, 4096, 4097, 8191, 8192, n - 1] + Array(stride(from: 0, to: n, by: 97)) {
            let e = Self.event(i), got = events[i]
            let want = TraceEvent(seq: got.seq, t: Double(i / 1000 + 1) * 0.25, kind: .call,
                                  object: e.object, event: e.event, args: e.args, message: e.message, result: e.result,
                                  traceback: i % 19 == 0 ? "tb\(i)" : nil, location: i % 23 == 0 ? "f.lua:\(i)" : nil)
            #expect(got == want, "event \(i)")
            #expect(got.traceback == want.traceback && got.location == want.location, "event \(i)")
            #expect(got.args.map(\.0) == e.args.map(\.0), "event \(i)")
        }
        #expect(events[n - 1].seq - events[0].seq == n - 1)
        #expect(Array(events[4090..<4100].map(\.seq)) == Array(events[4090].seq..<events[4090].seq + 10))
    }

    /// Records keep no instant: each instant keeps its first record's index. Runs of one
    /// record, of many, and across a chunk's end read back their times.
    @Test("each record's instant is found from the instants' starts")
    func instantsFromStarts() {
        let sim = Simulation()
        let a = ViewController(simulation: sim, name: "a")
        sim.trace.clear()
        var times: [Double] = []
        let runs = [1, 1, 3, 1, TraceStorage.chunkSize - 7, 1, 2, 5000, 1]
        for (k, run) in runs.enumerated() {
            sim.clock.now += 0.5
            for _ in 0..<run { sim.trace.record(.lifecycle, a, "viewWillAppear", "animated", .bool(k % 2 == 0)) }
            times += Array(repeating: Double(k + 1) * 0.5, count: run)
        }
        let storage = sim.trace.storage
        #expect(storage.instants.count == runs.count && storage.instantStarts.count == runs.count)
        #expect((0..<times.count).allSatisfy { storage.instants[storage.instantIndex(of: $0)] == times[$0] })
        #expect(sim.trace.events.map(\.t) == times)
    }

    @Test("marks are found across chunks; clear starts afresh and keeps numbering")
    func marksAndClear() {
        let sim = Simulation()
        sim.trace.clear()
        let start = sim.trace.events.count
        #expect(start == 0)
        Self.record(sim, 0..<4095)
        sim.trace.mark("edge")                         // the chunk's last record
        Self.record(sim, 0..<3)
        sim.trace.mark("edge")                         // the latest of two with the label
        Self.record(sim, 0..<4097)
        sim.trace.mark(nil)
        Self.record(sim, 0..<2)
        #expect(sim.trace.events[4095].body == "mark: edge")
        let since = sim.trace.events(since: "edge")
        #expect(since?.startIndex == 4100 && since?.count == 4100)
        #expect(sim.trace.sinceMark.map(\.event) == ["event0", "viewDidAppear"])
        #expect(sim.trace.events(since: "nowhere") == nil)
        let before = sim.trace.events, lastSeq = before[before.count - 1].seq
        sim.trace.clear()
        #expect(sim.trace.events.isEmpty && sim.trace.sinceMark.isEmpty)
        #expect(sim.trace.events(since: "edge") == nil)
        #expect(before.count == 8200 && before[4095].body == "mark: edge", "a view taken before clear still reads")
        sim.trace.record(.log, "script", "print", message: "after")
        #expect(sim.trace.events.map(\.seq) == [lastSeq + 1])
        #expect(sim.trace.events[0].text == "[3.000] log: after")
    }

    @Test("a trace cleared with no reader left reuses its chunks and reads back what it records next")
    func reuse() {
        let sim = Simulation()
        sim.trace.clear()
        Self.record(sim, 0..<5000)
        sim.trace.clear()                              // nothing holds the events: chunks reused
        for i in 0..<5000 { sim.trace.record(.view, "v\(i % 9)", "layout", [("_", .number(Double(i)))]) }
        let events = sim.trace.events
        #expect(events.count == 5000)
        #expect(events.indices.allSatisfy { events[$0].body == "v\($0 % 9).layout(\($0))" })
    }

    @Test("memory is counted by the record layout and given back by clear")
    func memory() {
        let sim = Simulation()
        sim.trace.clear()
        let meter = sim.memory, base = meter.count
        func added(_ body: () -> Void) -> Int {
            let before = meter.count
            body()
            return meter.count - before
        }
        // The record, two new names (2 × 40), the trace's first instant (its time and its
        // first record's index, 16), a new shape (40).
        #expect(added { sim.trace.record(.lifecycle, "red", "viewDidLoad") } == 12 + 80 + 16 + 40)
        #expect(added { sim.trace.record(.lifecycle, "red", "viewDidLoad") } == 12)
        // Two new labels, a new shape; two arguments take a wide entry (24).
        #expect(added { sim.trace.record(.lifecycle, "red", "viewDidLoad", [("animated", .bool(true)), ("_", .number(2))]) }
                == 12 + 80 + 40 + 24)
        // A string argument: 16, and 32 + its length past 15 bytes; its shape is new.
        #expect(added { sim.trace.record(.call, "red", "viewDidLoad", [("_", .string("a string of 24 bytes...."))]) }
                == 12 + 16 + 32 + 24 + 40)
        // A third argument goes on the side: 96 + 40, with a wide entry and a new shape.
        #expect(added { sim.trace.record(.call, "red", "viewDidLoad", [("_", .null), ("_", .null), ("_", .object("red"))]) }
                == 12 + 96 + 40 + 24 + 40)
        // A message: 96 on the side, and 32 + its length.
        #expect(added { sim.trace.record(.log, "red", "viewDidLoad", message: String(repeating: "m", count: 20)) }
                == 12 + 96 + 52 + 24 + 40)
        sim.trace.clear()
        #expect(meter.count == base)
    }

    @Test("names equal in text but made apart share an id; changing names never mix")
    func interning() {
        let sim = Simulation()
        sim.trace.clear()
        var names: [String] = []
        for i in 0..<3000 {
            // Fresh storage every time, over 15 bytes: the cache sees new words for old text.
            let name = "animation number \(i % 600)"
            names.append(name)
            sim.trace.record(.animation, name, "begin", [("_", .object(String(name.reversed())))])
        }
        let events = sim.trace.events
        #expect(events.map(\.object) == names)
        #expect(events.map { $0.args[0].1 } == names.map { .object(String($0.reversed())) })
        #expect(sim.trace.storage.names.count == 600 + 600 + 2)
    }

    @Test("the names' table keeps one id per text as it grows past every size it starts at")
    func tableGrowth() {
        let sim = Simulation()
        sim.trace.clear()
        let names = sim.trace.storage.names
        var added = 0
        let ids = (0..<20_000).map { names.id("a name made fresh, number \($0)", added: &added) }
        #expect(ids == (0..<20_000).map { UInt32($0) })
        // Asked again from other storage, the cache's and the table's way.
        for i in stride(from: 0, to: 20_000, by: 7) {
            #expect(names.id("a name made fresh, number \(i)", added: &added) == UInt32(i))
            #expect(names.uncachedID(String("a name made fresh, number \(i)".reversed().reversed()), added: &added) == UInt32(i))
        }
        #expect(names.count == 20_000 && names.text(12_345) == "a name made fresh, number 12345")
        #expect(added == 20_000 * MemoryMeter.nameBytes + (0..<20_000).reduce(0) { $0 + MemoryMeter.heapBytes("a name made fresh, number \($1)") })
    }

    @Test("an object's one-argument events read and count as the array form")
    func oneArgument() {
        let sim = Simulation()
        let a = ViewController(simulation: sim, name: "a controller with a long name")
        let b = View(simulation: sim, name: "b")
        sim.trace.clear()
        let meter = sim.memory
        func added(_ body: () -> Void) -> Int {
            let before = meter.count
            body()
            return meter.count - before
        }
        let direct = [
            added { sim.trace.record(.call, a, "addChild", "_", ref: b) },
            added { sim.trace.record(.containment, a, "willMove", "toParent", ref: nil) },
            added { sim.trace.record(.lifecycle, a, "viewWillAppear", "animated", .bool(true)) },
            added { sim.trace.record(.call, b, "update", "_", .number(0.25)) },
            added { sim.trace.record(.view, b, "moveToWindow", "_", .null) },
            added { sim.trace.record(.call, b, "scroll", "to", .string("(0 12.5) and more than 15 bytes")) },
        ]
        let first = sim.trace.events.map(\.body)
        sim.trace.clear()
        let arrays = [
            added { sim.trace.record(.call, a, "addChild", [("_", .ref(b))]) },
            added { sim.trace.record(.containment, a, "willMove", [("toParent", .ref(nil))]) },
            added { sim.trace.record(.lifecycle, a, "viewWillAppear", [("animated", .bool(true))]) },
            added { sim.trace.record(.call, b, "update", [("_", .number(0.25))]) },
            added { sim.trace.record(.view, b, "moveToWindow", [("_", .null)]) },
            added { sim.trace.record(.call, b, "scroll", [("to", .string("(0 12.5) and more than 15 bytes"))]) },
        ]
        #expect(first == sim.trace.events.map(\.body))
        #expect(first[0] == "a controller with a long name.addChild(b)" && first[1] == "a controller with a long name.willMove(toParent: nil)")
        #expect(direct == arrays)
        // A default name is kept as its class and number, as argument and as object, and
        // is one name with the same text given; so is a default view's (`.view`).
        let c = ViewController(simulation: sim)
        c.loadViewIfNeeded()
        #expect(c.nameNumber > 0 && c.view.nameNumber == c.nameNumber && c.view.namePart == .view)
        let written = Simulation.name("ViewController", Int(c.nameNumber))
        let same = ViewController(simulation: sim, name: written)
        sim.trace.record(.call, b, "addChild", "_", ref: c)
        sim.trace.record(.lifecycle, same, "viewDidAppear", "animated", .bool(false))
        sim.trace.record(.view, c.view, "layoutSubviews")
        #expect(sim.trace.events.suffix(3).map(\.body)
                == ["b.addChild(\(written))", "\(written).viewDidAppear(animated: false)", "\(written).view.layoutSubviews()"])
        #expect(c.traceNameID == same.traceNameID && c.nameNumber > 0)
        // Read as a string, it is written out once and kept, counted with the object.
        let before = sim.memory.count
        #expect(c.name == written && c.nameNumber == 0 && c.view.name == written + ".view")
        #expect(sim.memory.count == before + MemoryMeter.heapBytes(written) + MemoryMeter.heapBytes(written + ".view"))
        #expect(c.name == written && sim.memory.count == before + MemoryMeter.heapBytes(written) + MemoryMeter.heapBytes(written + ".view"))
        sim.trace.record(.lifecycle, c, "viewDidAppear", "animated", .bool(true))
        #expect(sim.trace.events.last?.body == "\(written).viewDidAppear(animated: true)" && c.traceNameID == same.traceNameID)
    }

    /// Names longer than 15 bytes have their address in their words, so which share a
    /// set of the shapes' cache changes with the build: three that share one, taking
    /// turns (the set holds two), each read back as recorded, and every event a record.
    @Test("events whose names share a set of the shapes' cache read back as recorded")
    func namesSharingASet() {
        let sim = Simulation()
        let a = ViewController(simulation: sim, name: "a")
        sim.trace.clear()
        let small = TraceStorage.small(kind: TraceKind.lifecycle.index, tag: 1, wide: false, argc: 1)
        let label = unsafeBitCast("animated", to: (UInt64, UInt64).self)
        var bySet: [Int: [String]] = [:]
        var names: [String] = []         // kept alive: a freed name's address could come back
        var shared: [String] = []
        for i in 0..<2_000 where shared.isEmpty {
            let name = "a long event name number \(i)"
            names.append(name)
            let set = TraceStorage.slot(unsafeBitCast(name, to: (UInt64, UInt64).self), label, small) >> 1
            bySet[set, default: []].append(name)
            if bySet[set]!.count == 3 { shared = bySet[set]! }
        }
        #expect(shared.count == 3)
        for _ in 0..<4 {
            for name in shared { sim.trace.record(.lifecycle, a, name, "animated", .bool(true)) }
        }
        #expect(sim.trace.events.map(\.body) == Array(repeating: shared.map { "a.\($0)(animated: true)" }, count: 4).flatMap { $0 })
        #expect(names.count >= 3)
    }

    /// Two names whose slots are the two of one set, taking turns: each is found after
    /// the first time (a new shape goes first in its set, the other stays second).
    @Test("two names of one set taking turns are each looked up once")
    func twoNamesOfOneSet() throws {
        let sim = Simulation()
        let a = ViewController(simulation: sim, name: "a")
        sim.trace.clear()
        let small = TraceStorage.small(kind: TraceKind.lifecycle.index, tag: 1, wide: false, argc: 1)
        let label = unsafeBitCast("animated", to: (UInt64, UInt64).self)
        var bySlot: [Int: String] = [:]
        var names: [String] = []         // kept alive: a freed name's address could come back
        var pair: (String, String)?
        for i in 0..<4_000 where pair == nil {
            let name = "another long event name \(i)"
            names.append(name)
            let slot = TraceStorage.slot(unsafeBitCast(name, to: (UInt64, UInt64).self), label, small)
            bySlot[slot] = name
            if let other = bySlot[slot ^ 1] { pair = slot & 1 == 0 ? (name, other) : (other, name) }
        }
        let (even, odd) = try #require(pair)
        let before = sim.trace.storage.oneShapeMisses
        for _ in 0..<10 {
            sim.trace.record(.lifecycle, a, even, "animated", .bool(true))
            sim.trace.record(.lifecycle, a, odd, "animated", .bool(true))
        }
        #expect(sim.trace.storage.oneShapeMisses - before == 2)
        #expect(sim.trace.events.suffix(2).map(\.body) == ["a.\(even)(animated: true)", "a.\(odd)(animated: true)"])
        #expect(names.count >= 2)
    }
}
