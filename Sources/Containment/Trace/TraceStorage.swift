/// The trace's compact form (Q53): a fixed 48-byte record per event in chunks that are
/// never copied as the trace grows, names interned once per trace, and what few events
/// carry (a third argument, a message, a result, a traceback, a location) on the side.
/// A long run records millions of events; at 144 bytes plus an argument array each,
/// storing them was a third of a containment cycle, and doubling one array made a large
/// tree's trace superlinear.
struct TraceRecord {
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

/// The rare fields of an event.
struct TraceSide {
    var moreArgs: [(String, TraceValue)]
    var message: String?
    var result: TraceValue?
    var traceback: String?
    var location: String?
}

/// Append-only storage in fixed chunks: growing never moves what is stored.
struct ChunkedArray<Element> {
    static var chunkSize: Int { 4096 }
    private var chunks: [[Element]] = []
    private(set) var count = 0

    mutating func append(_ e: Element) {
        if count % Self.chunkSize == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(e)
        count += 1
    }

    subscript(i: Int) -> Element { chunks[i / Self.chunkSize][i % Self.chunkSize] }
}

/// Names interned as 32-bit ids: objects, events and argument labels repeat endlessly.
final class TraceNames {
    private(set) var list: [String] = []
    /// A direct-mapped cache keyed by a string's two words, so most events find their
    /// names without hashing the text. Equal words mean equal text: a small string's words
    /// are its bytes, a large one's point at storage the cache itself keeps alive (and so
    /// shared and never changed in place). Unequal words may still be equal text: then
    /// the table answers. Fixed buffers: no copy-on-write or exclusivity checks on
    /// the path every event takes.
    private static let slots = 1024
    private let cachedWords = UnsafeMutablePointer<(UInt64, UInt64)>.allocate(capacity: slots)
    private let cachedIds = UnsafeMutablePointer<UInt32>.allocate(capacity: slots)
    private let cachedStrings = UnsafeMutablePointer<String>.allocate(capacity: slots)
    /// Every name by its text: open addressing over (hash, id + 1) pairs, 0 an empty
    /// slot, at most half full. A `[String: UInt32]` compared the text of every key on
    /// a probe's way and hashed every key again when it grew: with the 200,000 names of
    /// a 100,000-controller tree that was a tenth of the run (docs/performance.md). Here a probe
    /// compares text only when the whole 64-bit hash matches, and growing moves the
    /// stored hashes. The hash is Swift's, seeded per process, so a script cannot choose
    /// names that collide.
    private var table = UnsafeMutablePointer<(hash: Int, id: UInt32)>.allocate(capacity: 64)
    private var mask = 63

    init() {
        cachedWords.initialize(repeating: (0, 0), count: Self.slots)
        cachedIds.initialize(repeating: .max, count: Self.slots)
        cachedStrings.initialize(repeating: "", count: Self.slots)
        table.initialize(repeating: (0, 0), count: mask + 1)
    }

    deinit {
        cachedStrings.deinitialize(count: Self.slots)
        cachedStrings.deallocate(); cachedIds.deallocate(); cachedWords.deallocate()
        table.deallocate()
    }

    @inline(__always) private static func words(_ s: String) -> (UInt64, UInt64) {
        unsafeBitCast(s, to: (UInt64, UInt64).self)
    }

    /// The name's id; `added` grows by what a new name costs (MemoryMeter.nameBytes).
    @inline(__always) func id(_ s: String, added: inout Int) -> UInt32 {
        let w = Self.words(s)
        let slot = Int(truncatingIfNeeded: ((w.0 ^ (w.1 &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 54)
        if cachedWords[slot] == w, cachedIds[slot] != .max { return cachedIds[slot] }
        let id = slowID(s, added: &added)
        cachedStrings[slot] = s
        cachedWords[slot] = w
        cachedIds[slot] = id
        return id
    }

    /// The same without the cache: for a name its object keeps the id of
    /// (`Trace.record(_:_:_:)` with a `SimObject`), which would only evict the event
    /// names and labels every record needs.
    func uncachedID(_ s: String, added: inout Int) -> UInt32 { slowID(s, added: &added) }

    private func slowID(_ s: String, added: inout Int) -> UInt32 {
        let h = s.hashValue
        var i = h & mask
        while table[i].id != 0 {
            if table[i].hash == h, list[Int(table[i].id - 1)] == s { return table[i].id - 1 }
            i = (i + 1) & mask
        }
        // At least MemoryMeter.nameBytes each under the memory cap: never 2^32 of them.
        let id = UInt32(truncatingIfNeeded: list.count)
        list.append(s)
        added += MemoryMeter.nameBytes + MemoryMeter.heapBytes(s)
        table[i] = (h, id + 1)
        if list.count * 2 > mask + 1 { grow() }
        return id
    }

    private func grow() {
        let old = table, oldCount = mask + 1
        mask = oldCount * 2 - 1
        table = .allocate(capacity: mask + 1)
        table.initialize(repeating: (0, 0), count: mask + 1)
        for j in 0..<oldCount where old[j].id != 0 {
            var i = old[j].hash & mask
            while table[i].id != 0 { i = (i + 1) & mask }
            table[i] = old[j]
        }
        old.deallocate()
    }
}

/// One trace's records and tables. A `clear` starts a new one, so a `TraceEvents` taken
/// before it keeps reading what it was given.
final class TraceStorage {
    static let chunkSize = 4096
    private var chunks: [UnsafeMutablePointer<TraceRecord>] = []
    private(set) var count = 0
    /// The seq of the first record: events are numbered on across a clear.
    let firstSeq: Int
    let names = TraceNames()
    var strings = ChunkedArray<String>()
    var sides = ChunkedArray<TraceSide>()

    /// Chunks of a cleared trace, reused before new ones are allocated.
    private var spare: [UnsafeMutablePointer<TraceRecord>] = []

    /// `old`, which nothing else reads, gives its chunks: a trace cleared and filled again
    /// (the bench's runs, a script's `ui.trace.clear()` in a loop) reuses memory it has
    /// already touched, as the array it replaced kept its capacity.
    init(firstSeq: Int, epoch: UInt64 = 1, reusing old: TraceStorage? = nil) {
        self.firstSeq = firstSeq
        self.epoch = epoch
        if let old {
            spare = (old.spare + old.chunks).reversed()
            old.chunks = []
            old.spare = []
        }
    }

    /// Which of its trace's storages this is (one per `clear`): an object's cached name
    /// id (`SimObject.traceNameID`) is good only in the storage of its epoch.
    let epoch: UInt64

    deinit { for c in chunks + spare { c.deallocate() } }   // records hold no references

    /// The next free record: the last chunk's, or nil when it is full.
    private var next: UnsafeMutablePointer<TraceRecord>?
    private var end: UnsafeMutablePointer<TraceRecord>?

    @inline(__always) func append(_ r: TraceRecord) {
        if next == end { newChunk() }
        next?.initialize(to: r)
        next = next.map { $0 + 1 }
        count += 1
    }

    private func newChunk() {
        let c = spare.popLast() ?? UnsafeMutablePointer<TraceRecord>.allocate(capacity: Self.chunkSize)
        chunks.append(c)
        next = c
        end = c + Self.chunkSize
    }

    @inline(__always) func record(_ i: Int) -> TraceRecord { chunks[i / Self.chunkSize][i % Self.chunkSize] }

    func side(_ r: TraceRecord) -> TraceSide? { r.side == 0 ? nil : sides[Int(r.side) - 1] }

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
        case 4: return .object(names.list[Int(payload)])
        default: return .null
        }
    }

    func event(at i: Int) -> TraceEvent {
        let r = record(i)
        let side = side(r)
        var args: [(String, TraceValue)] = []
        if r.argc > 0 {
            args.reserveCapacity(Int(r.argc) + (side?.moreArgs.count ?? 0))
            args.append((names.list[Int(r.label.0)], decode(r.tag.0, r.payload.0)))
            if r.argc > 1 { args.append((names.list[Int(r.label.1)], decode(r.tag.1, r.payload.1))) }
            if let more = side?.moreArgs { args += more }
        }
        return TraceEvent(seq: firstSeq + i, t: r.t, kind: TraceKind(index: r.kind),
                          object: names.list[Int(r.object)], event: names.list[Int(r.event)], args: args,
                          message: side?.message, result: side?.result, traceback: side?.traceback,
                          location: side?.location)
    }

    /// The kind and message of event `i`, without decoding the rest (mark searches).
    func kindAndMessage(_ i: Int) -> (TraceKind, String?) {
        let r = record(i)
        return (TraceKind(index: r.kind), side(r)?.message)
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

extension TraceKind {
    /// The kind's position in `allCases`, as a record stores it.
    var index: UInt8 {
        switch self {
        case .lifecycle: 0
        case .containment: 1
        case .call: 2
        case .view: 3
        case .animation: 4
        case .input: 5
        case .delegate: 6
        case .warning: 7
        case .lint: 8
        case .error: 9
        case .log: 10
        case .mark: 11
        }
    }

    /// The inverse of `index`: a switch rather than a stored table, which every
    /// simulation's thread would share (Q55), or `allCases`, which debug builds allocate.
    init(index: UInt8) {
        switch index {
        case 0: self = .lifecycle
        case 1: self = .containment
        case 2: self = .call
        case 3: self = .view
        case 4: self = .animation
        case 5: self = .input
        case 6: self = .delegate
        case 7: self = .warning
        case 8: self = .lint
        case 9: self = .error
        case 10: self = .log
        default: self = .mark
        }
    }
}
