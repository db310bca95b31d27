/// The trace's compact form (Q53): a fixed 12-byte record per event in chunks that are
/// never copied as the trace grows; names interned once per trace; the event's shape
/// (kind, event name, argument labels and types) interned as an id, since a cycle's
/// events repeat a few shapes; the instants apart, each with the index of its first
/// record, since many events share one (the tree of 100,000 controllers records 1.35
/// million events at one instant; an instant id in each record was 4 of 16 bytes); and what few
/// events carry besides one small argument (a second argument, a number a Float cannot
/// hold exactly, a message, a traceback) in a wide entry on the side. A long run
/// records millions of events: at 48 bytes a record, a 100,000-controller tree's trace
/// was a quarter of its memory.
struct TraceRecord {
    var object: UInt32
    var shape: UInt32
    /// The argument's payload (a bool, a name id, a string's index, a Float's bits) when
    /// the shape says it is inline, else the wide entry's index.
    var payload: UInt32
}

/// An event as `Trace` assembles it before it is stored: every field at full width.
struct TraceDraft {
    var t: Double
    /// Per inline argument: a number's bits, a bool, a name id or a string's index.
    var payload: (UInt64, UInt64)
    var object: UInt32
    var event: UInt32
    /// Per inline argument, its label's name id.
    var label: (UInt32, UInt32)
    /// 0 when the event has nothing on the side, else the side entry's index + 1.
    var side: UInt32
    var kind: UInt8
    /// How many arguments are inline (up to two); any more are on the side.
    var argc: UInt8
    var tag: (UInt8, UInt8)
}

/// What a record's shape id stands for.
struct TraceShape: Hashable {
    var kind: UInt8
    var argc: UInt8
    var tag0: UInt8
    var tag1: UInt8
    /// The payloads and the side index are in a wide entry.
    var wide: Bool
    var event: UInt32
    var label0: UInt32
    var label1: UInt32
}

extension TraceShape {
    /// The shape in two words: the event and first label's ids, then the second label's
    /// id and the five small fields (a kind is at most 11, so never all ones).
    @inline(__always) var key: (UInt64, UInt64) {
        (UInt64(event) | UInt64(label0) << 32,
         UInt64(label1) | UInt64(kind) << 32 | UInt64(argc) << 40 | UInt64(tag0) << 48 | UInt64(tag1) << 52
            | (wide ? 1 << 60 : 0))
    }
}

/// Payloads that do not fit a record.
struct TraceWide {
    var payload: (UInt64, UInt64)
    var side: UInt32
}

/// The rare fields of an event.
struct TraceSide {
    var moreArgs: [(String, TraceValue)]
    var message: String?
    var result: TraceValue?
    var traceback: String?
    var location: String?
}

/// The fields of a `TraceStorage` that every event's record reads and writes, apart from
/// the object: `Trace` reaches them through a pointer, so the path of an event that
/// repeats a known shape at the current instant takes no reference count (a retain and
/// a release of the storage were a fifth of what an event cost, docs/performance.md).
struct TraceHot {
    /// The next free record and the end of its chunk (nil before the first chunk).
    var next: UnsafeMutablePointer<TraceRecord>?
    var end: UnsafeMutablePointer<TraceRecord>?
    var count: Int
    /// The last instant's bits and index (`.max` before the first).
    var lastInstantBits: UInt64
    var instant: UInt32
    let epoch: UInt64
    let oneShapes: UnsafeMutablePointer<TraceStorage.OneShape>
    /// Per `TraceSite` row, its shape's id + 1 once one of its events was stored (0 before).
    let sites: UnsafeMutablePointer<UInt32>

    /// Stores an event with at most one argument, not a number, when its instant is the
    /// last one, its shape is in the cache and its chunk has room; false otherwise (the
    /// storage's `appendOne` then does it all).
    @inline(__always) mutating func appendKnown(t: Double, kind: UInt8, object: UInt32, event: String, label: String,
                                                argc: UInt8, tag: UInt8, payload: UInt64) -> Bool {
        guard t.bitPattern == lastInstantBits, instant != .max, tag != 2, let n = next, n != end else { return false }
        let e = unsafeBitCast(event, to: (UInt64, UInt64).self), l = unsafeBitCast(label, to: (UInt64, UInt64).self)
        let small = TraceStorage.small(kind: kind, tag: tag, wide: false, argc: argc)
        guard let shape = TraceStorage.cachedShape(oneShapes, TraceStorage.slot(e, l, small), e, l, small) else { return false }
        n.initialize(to: TraceRecord(object: object, shape: shape, payload: UInt32(truncatingIfNeeded: payload)))
        next = n + 1
        count += 1
        return true
    }

    /// The same for a site's event (TraceSite), its shape found at the site's row.
    @inline(__always) mutating func appendSite(_ row: Int, t: Double, object: UInt32, payload: UInt32) -> Bool {
        let shape = sites[row]
        guard shape != 0, t.bitPattern == lastInstantBits, instant != .max, let n = next, n != end else { return false }
        n.initialize(to: TraceRecord(object: object, shape: shape &- 1, payload: payload))
        next = n + 1
        count += 1
        return true
    }
}

/// One trace's records and tables. A `clear` starts a new one, so a `TraceEvents` taken
/// before it keeps reading what it was given.
final class TraceStorage {
    static let chunkSize = 4096
    private var chunks: [UnsafeMutablePointer<TraceRecord>] = []
    var count: Int { hot.pointee.count }
    /// The seq of the first record: events are numbered on across a clear.
    let firstSeq: Int
    let names = TraceNames()
    var strings = ChunkedArray<String>()
    var sides = ChunkedArray<TraceSide>()
    var wides = ChunkedArray<TraceWide>()
    /// Each distinct instant once, in order: events of one instant share its entry.
    var instants = ChunkedArray<Double>()
    /// Per instant, the index of its first record: every instant has one (an instant is
    /// made only for the record stored next), so the starts rise strictly.
    var instantStarts = ChunkedArray<Int>()
    /// Shapes by id, and ids by shape behind a direct-mapped cache of the last shapes
    /// seen (a cycle's events hit it every time).
    private(set) var shapes: [TraceShape] = []
    private var shapeIDs: [TraceShape: UInt32] = [:]
    /// Keyed by the shape packed in two words (`TraceShape.key`); a fixed buffer, as the
    /// names' cache is, so the path every event takes has no copy-on-write check.
    private static let shapeSlots = 256
    private let shapeCache: UnsafeMutablePointer<(key: (UInt64, UInt64), id: UInt32)> = {
        let p = UnsafeMutablePointer<(key: (UInt64, UInt64), id: UInt32)>.allocate(capacity: shapeSlots)
        p.initialize(repeating: ((.max, .max), 0), count: shapeSlots)     // no shape packs to all ones
        return p
    }()

    /// Chunks of a cleared trace, reused before new ones are allocated.
    private var spare: [UnsafeMutablePointer<TraceRecord>] = []

    /// `old`, which nothing else reads, gives its chunks: a trace cleared and filled again
    /// (the bench's runs, a script's `ui.trace.clear()` in a loop) reuses memory it has
    /// already touched, as the array it replaced kept its capacity.
    init(firstSeq: Int, epoch: UInt64 = 1, reusing old: TraceStorage? = nil) {
        self.firstSeq = firstSeq
        self.epoch = epoch
        hot = .allocate(capacity: 1)
        let sites = UnsafeMutablePointer<UInt32>.allocate(capacity: TraceSite.rows)
        sites.initialize(repeating: 0, count: TraceSite.rows)
        hot.initialize(to: TraceHot(next: nil, end: nil, count: 0, lastInstantBits: 0, instant: .max, epoch: epoch,
                                    oneShapes: oneShapes, sites: sites))
        if let old {
            spare = (old.spare + old.chunks).reversed()
            old.chunks = []
            old.spare = []
        }
    }

    /// Which of its trace's storages this is (one per `clear`): an object's cached name
    /// id (`SimObject.traceNameID`) is good only in the storage of its epoch.
    let epoch: UInt64

    deinit {
        for c in chunks + spare { c.deallocate() }   // records hold no references
        shapeCache.deallocate()
        oneShapes.deinitialize(count: Self.shapeSlots)
        oneShapes.deallocate()
        hot.pointee.sites.deallocate()
        hot.deinitialize(count: 1)
        hot.deallocate()
    }

    /// What the path of every event reads and writes (TraceHot), in memory this storage
    /// owns.
    let hot: UnsafeMutablePointer<TraceHot>

    /// The shapes of one-argument events by the words of their event name and label
    /// (as `TraceNames` caches names), so the events every cycle records find their shape
    /// without looking up either name. The strings are kept beside it (`oneShapeStrings`),
    /// so equal words stay equal text; the entries hold no reference, so reading one
    /// counts none.
    /// Two ways to a set (an even slot and the odd one after it, the newest first): a literal name
    /// longer than 15 bytes has its address in its words, so which names share a slot
    /// changes from build to build, and two of a cycle's events sharing one, taking
    /// turns, made every build's count differ by a couple of slow paths a cycle.
    struct OneShape {
        var event: (UInt64, UInt64), label: (UInt64, UInt64), small: UInt64, id: UInt32

        @inline(__always) func holds(_ e: (UInt64, UInt64), _ l: (UInt64, UInt64), _ small: UInt64) -> Bool {
            self.small == small && event == e && label == l
        }
    }
    private let oneShapes: UnsafeMutablePointer<OneShape> = {
        let p = UnsafeMutablePointer<OneShape>.allocate(capacity: shapeSlots)
        p.initialize(repeating: OneShape(event: (0, 0), label: (0, 0), small: .max, id: 0), count: shapeSlots)
        return p
    }()
    private var oneShapeStrings = [(String, String)](repeating: ("", ""), count: shapeSlots)
    /// How often a one-argument shape was not in the cache (the tests' count of slow paths).
    private(set) var oneShapeMisses = 0

    /// Stores an event with one argument (its tag and payload encoded), or with none
    /// (`argc` 0: no label, tag and payload 0). Returns its shape's id.
    @discardableResult
    @inline(__always) func appendOne(t: Double, kind: UInt8, object: UInt32, event: String, label: String, argc: UInt8,
                                     tag: UInt8, payload: UInt64, added: inout Int) -> UInt32 {
        let bits = t.bitPattern
        if bits != hot.pointee.lastInstantBits || instants.count == 0 { newInstant(t, &added) }
        let packed = Self.inlinePayload(tag, payload)
        let wide = packed == nil
        let inline = packed ?? wideEntry((payload, 0), side: 0, &added)
        let e = unsafeBitCast(event, to: (UInt64, UInt64).self), l = unsafeBitCast(label, to: (UInt64, UInt64).self)
        let small = Self.small(kind: kind, tag: tag, wide: wide, argc: argc)
        let slot = Self.slot(e, l, small)
        let shape: UInt32
        if let known = Self.cachedShape(oneShapes, slot, e, l, small) {
            shape = known
        } else {
            oneShapeMisses += 1
            let full = TraceShape(kind: kind, argc: argc, tag0: tag, tag1: 0, wide: wide, event: names.id(event, added: &added),
                                  label0: argc == 0 ? 0 : names.id(label, added: &added), label1: 0)
            shape = shapeID(full, added: &added)
            // By set, not by slot: the newest goes first in its set, the set's newer
            // entry second, and its older one goes. (Placed at its own slot, a shape
            // whose slot is the other of the set would evict the one it alternates with.)
            let first = slot & ~1
            oneShapes[first | 1] = oneShapes[first]
            oneShapeStrings[first | 1] = oneShapeStrings[first]
            oneShapes[first] = OneShape(event: e, label: l, small: small, id: shape)
            oneShapeStrings[first] = (event, label)
        }
        store(TraceRecord(object: object, shape: shape, payload: inline))
        return shape
    }

    /// The shape the cache holds for these words, in either way of the slot's set.
    @inline(__always) static func cachedShape(_ shapes: UnsafeMutablePointer<OneShape>, _ slot: Int,
                                              _ e: (UInt64, UInt64), _ l: (UInt64, UInt64), _ small: UInt64) -> UInt32? {
        if shapes[slot].holds(e, l, small) { return shapes[slot].id }
        if shapes[slot ^ 1].holds(e, l, small) { return shapes[slot ^ 1].id }
        return nil
    }

    /// The one-argument shapes' cache: its small fields, and its slot for a name's and a
    /// label's words.
    @inline(__always) static func small(kind: UInt8, tag: UInt8, wide: Bool, argc: UInt8) -> UInt64 {
        UInt64(kind) | UInt64(tag) << 8 | (wide ? 1 << 16 : 0) | UInt64(argc) << 17
    }
    @inline(__always) static func slot(_ e: (UInt64, UInt64), _ l: (UInt64, UInt64), _ small: UInt64) -> Int {
        Int(truncatingIfNeeded: ((e.0 ^ e.1 &* 31 ^ l.0 &* 131 ^ small) &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }

    /// One argument's payload as a record holds it; nil when it needs a wide entry. A
    /// number goes inline when a Float holds it exactly (an index, a size).
    @inline(__always) private static func inlinePayload(_ tag: UInt8, _ payload: UInt64) -> UInt32? {
        guard tag == 2 else { return UInt32(truncatingIfNeeded: payload) }
        let f = Float(Double(bitPattern: payload))
        return Double(f).bitPattern == payload ? f.bitPattern : nil
    }

    /// Stores payloads that do not fit a record; the entry's index.
    private func wideEntry(_ payload: (UInt64, UInt64), side: UInt32, _ added: inout Int) -> UInt32 {
        wides.append(TraceWide(payload: payload, side: side))
        added += MemoryMeter.wideBytes
        return UInt32(truncatingIfNeeded: wides.count - 1)
    }

    private func newInstant(_ t: Double, _ added: inout Int) {
        instants.append(t)
        instantStarts.append(hot.pointee.count)
        hot.pointee.lastInstantBits = t.bitPattern
        hot.pointee.instant = UInt32(truncatingIfNeeded: instants.count - 1)
        added += MemoryMeter.instantBytes
    }

    /// Stores a drafted event; `added` grows by what it holds besides its record (a new
    /// instant, shape or wide entry).
    @inline(__always) func append(_ d: TraceDraft, added: inout Int) {
        if d.t.bitPattern != hot.pointee.lastInstantBits || instants.count == 0 { newInstant(d.t, &added) }
        let packed = d.side != 0 || d.argc > 1 ? nil : d.argc == 0 ? 0 : Self.inlinePayload(d.tag.0, d.payload.0)
        let wide = packed == nil
        let inline = packed ?? wideEntry(d.payload, side: d.side, &added)
        let shape = TraceShape(kind: d.kind, argc: d.argc, tag0: d.tag.0, tag1: d.tag.1, wide: wide,
                               event: d.event, label0: d.label.0, label1: d.label.1)
        store(TraceRecord(object: d.object, shape: shapeID(shape, added: &added), payload: inline))
    }

    @inline(__always) private func shapeID(_ shape: TraceShape, added: inout Int) -> UInt32 {
        let key = shape.key
        let slot = Int(truncatingIfNeeded: ((key.0 ^ (key.1 &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if shapeCache[slot].key == key { return shapeCache[slot].id }
        let id: UInt32
        if let known = shapeIDs[shape] {
            id = known
        } else {
            // Bounded like the names: each costs nameBytes under the memory cap.
            id = UInt32(truncatingIfNeeded: shapes.count)
            shapes.append(shape)
            shapeIDs[shape] = id
            added += MemoryMeter.nameBytes
        }
        shapeCache[slot] = (key, id)
        return id
    }

    @inline(__always) private func store(_ r: TraceRecord) {
        if hot.pointee.next == hot.pointee.end { newChunk() }
        hot.pointee.next?.initialize(to: r)
        hot.pointee.next = hot.pointee.next.map { $0 + 1 }
        hot.pointee.count += 1
    }

    private func newChunk() {
        let c = spare.popLast() ?? UnsafeMutablePointer<TraceRecord>.allocate(capacity: Self.chunkSize)
        chunks.append(c)
        hot.pointee.next = c
        hot.pointee.end = c + Self.chunkSize
    }

    @inline(__always) func record(_ i: Int) -> TraceRecord { chunks[i / Self.chunkSize][i % Self.chunkSize] }

    /// The index of record `i`'s instant: the last instant starting at or before it.
    func instantIndex(of i: Int) -> Int {
        var low = 0, high = instantStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if instantStarts[mid] <= i { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// A record's payloads and side index, as drafted.
    func unpack(_ r: TraceRecord) -> (shape: TraceShape, payload: (UInt64, UInt64), side: UInt32) {
        let shape = shapes[Int(r.shape)]
        if shape.wide {
            let w = wides[Int(r.payload)]
            return (shape, w.payload, w.side)
        }
        let p = shape.tag0 == 2 ? Double(Float(bitPattern: r.payload)).bitPattern : UInt64(r.payload)
        return (shape, (p, 0), 0)
    }

    func side(_ index: UInt32) -> TraceSide? { index == 0 ? nil : sides[Int(index) - 1] }

    /// Encodes an inline argument's value; `added` grows by a string's cost.
    @inline(__always) func encode(_ v: TraceValue, added: inout Int) -> (UInt8, UInt64) {
        switch v {
        case .null: return (0, 0)
        case .bool(let b): return (1, b ? 1 : 0)
        case .number(let n): return (2, n.bitPattern)
        case .string(let s):
            strings.append(s)
            added += MemoryMeter.stringBytes + MemoryMeter.heapBytes(s)
            return (3, UInt64(strings.count - 1))
        case .object(let name): return (4, UInt64(names.id(name, added: &added)))
        }
    }

    func decode(_ tag: UInt8, _ payload: UInt64) -> TraceValue {
        switch tag {
        case 1: return .bool(payload != 0)
        case 2: return .number(Double(bitPattern: payload))
        case 3: return .string(strings[Int(payload)])
        case 4: return .object(names.text(Int(payload)))
        default: return .null
        }
    }

    func event(at i: Int) -> TraceEvent {
        let r = record(i)
        let (shape, payload, sideIndex) = unpack(r)
        let side = side(sideIndex)
        var args: [(String, TraceValue)] = []
        if shape.argc > 0 {
            args.reserveCapacity(Int(shape.argc) + (side?.moreArgs.count ?? 0))
            args.append((names.text(Int(shape.label0)), decode(shape.tag0, payload.0)))
            if shape.argc > 1 { args.append((names.text(Int(shape.label1)), decode(shape.tag1, payload.1))) }
            if let more = side?.moreArgs { args += more }
        }
        return TraceEvent(seq: firstSeq + i, t: instants[instantIndex(of: i)], kind: TraceKind(index: shape.kind),
                          object: names.text(Int(r.object)), event: names.text(Int(shape.event)), args: args,
                          message: side?.message, result: side?.result, traceback: side?.traceback,
                          location: side?.location)
    }

    /// The kind and message of event `i`, without decoding the rest (mark searches).
    func kindAndMessage(_ i: Int) -> (TraceKind, String?) {
        let (shape, _, side) = unpack(record(i))
        return (TraceKind(index: shape.kind), self.side(side)?.message)
    }
}

/// The recorded events, decoded on access: Int-indexed from 0, sliceable.
public struct TraceEvents: RandomAccessCollection {
    let storage: TraceStorage
    public let endIndex: Int
    public var startIndex: Int { 0 }

    init(_ storage: TraceStorage) {
        self.storage = storage
        endIndex = storage.count
    }

    public subscript(i: Int) -> TraceEvent {
        // Array's own contract, and out of a script's reach: scripts never hand the
        // host an index into the trace (`ui.trace.events` filters and copies whole
        // ranges; marks are found by label), so only host code indexes, within
        // startIndex..<endIndex.
        precondition(i >= 0 && i < endIndex, "trace event index out of range")
        return storage.event(at: i)
    }
}
