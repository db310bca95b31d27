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
    /// a 100,000-controller tree that was a tenth of the run (docs/performance.md). Here a
    /// probe compares text only when the stored hash matches, and growing moves the
    /// stored hashes. A pair keeps the hash's low 32 bits: 8 bytes, and that tree's
    /// table 4 MB rather than 8. The hash is Swift's, seeded per process, so a script
    /// cannot choose names that collide.
    private var table = UnsafeMutablePointer<(hash: UInt32, id: UInt32)>.allocate(capacity: 64)
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
        let h = UInt32(truncatingIfNeeded: s.hashValue)
        var i = Int(truncatingIfNeeded: h) & mask
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
            var i = Int(truncatingIfNeeded: old[j].hash) & mask
            while table[i].id != 0 { i = (i + 1) & mask }
            table[i] = old[j]
        }
        old.deallocate()
    }
}
