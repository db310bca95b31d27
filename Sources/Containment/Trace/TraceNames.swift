#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// A name as the trace keeps it: its text, or an object's default name as its class,
/// number and part (`Class#n.view`), written out when read. A large tree's 200,000
/// default names were 64-byte strings each (docs/performance.md).
enum TraceName {
    case text(String)
    case numbered(String, UInt32, NamePart)

    /// The name's bytes, for `body` (a numbered name written into scratch space).
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch self {
        case .text(var s): return s.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        case .numbered(let base, let n, let part):
            return TraceName.withNumbered(base, n, part, body)
        }
    }

    /// `base#n` and the part's suffix, in scratch space.
    static func withNumbered<R>(_ base: String, _ n: UInt32, _ part: NamePart, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let suffix = part.suffix
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: base.utf8.count + 11 + suffix.utf8CodeUnitCount) { out in
            var at = 0
            for b in base.utf8 { out[at] = b; at += 1 }
            out[at] = UInt8(ascii: "#"); at += 1
            var digits = 1, v = n
            while v >= 10 { v /= 10; digits += 1 }
            v = n
            for k in stride(from: at + digits - 1, through: at, by: -1) { out[k] = UInt8(48 + v % 10); v /= 10 }
            at += digits
            suffix.withUTF8Buffer { for b in $0 { out[at] = b; at += 1 } }
            return body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: out[..<at])))
        }
    }

    var text: String {
        switch self {
        case .text(let s): return s
        case .numbered(let base, let n, let part): return Simulation.name(base, Int(n), part.suffix)
        }
    }
}

/// Names interned as 32-bit ids: objects, events and argument labels repeat endlessly.
///
/// Most objects keep their default names (`ViewController#12.view`), and a table entry
/// for each was a tenth of a large tree's memory (32 bytes a name: the list's 24 and
/// the pairs' 8, at the tables' fill). Such a name's id is its parts instead: the top
/// bit set, the class and part as an index into `bases` (at most 64), and the number
/// (below 2^25). Invariant: one text, one id. A name given as text that reads as a
/// default name (`Class#n`, `Class#n.view`, no leading zero) gets the same id as the
/// default name; the table holds a default-form name only when it cannot be encoded
/// (its number too large, or `bases` full before its class came), and then holds every
/// spelling of it, as `bases` never loses a class (`TraceNameEncodingTests`).
final class TraceNames {
    private var list: [TraceName] = []
    /// The ids below it are the table's; the encoded ones are above.
    var count: Int { list.count }
    private var bases: [(base: String, part: NamePart)] = []
    /// Per base, whether its text needs no JSON escape.
    private var plainBases: [Bool] = []
    static let encoded: UInt32 = 1 << 31
    static let numberBits: UInt32 = 25
    static let maxBases = 64

    @inline(__always) static func isEncoded(_ id: Int) -> Bool { id >= Int(encoded) }

    private func parts(_ id: Int) -> (base: String, n: UInt32, part: NamePart) {
        let v = UInt32(truncatingIfNeeded: id)
        let b = bases[Int((v & ~Self.encoded) >> Self.numberBits)]
        return (b.base, v & (1 << Self.numberBits - 1), b.part)
    }

    /// Name `id`'s text.
    func text(_ id: Int) -> String {
        guard Self.isEncoded(id) else { return list[id].text }
        let p = parts(id)
        return Simulation.name(p.base, Int(p.n), p.part.suffix)
    }
    /// Name `id` written into `out`, a numbered one without a string made.
    func append(_ id: Int, to out: inout TextBuffer) {
        if Self.isEncoded(id) { let p = parts(id); out.appendName(p.base, p.n, p.part); return }
        switch list[id] {
        case .text(let s): out.append(s)
        case .numbered(let base, let n, let part): out.appendName(base, n, part)
        }
    }

    /// Name `id` quoted for JSON into `out` when it is encoded and its class needs no
    /// escape (a class's name rarely does; `bases` says which); false, writing nothing,
    /// otherwise.
    func appendJSON(_ id: Int, to out: inout TextBuffer) -> Bool {
        guard Self.isEncoded(id) else { return false }
        let p = parts(id)
        guard plainBases[Int((UInt32(truncatingIfNeeded: id) & ~Self.encoded) >> Self.numberBits)] else { return false }
        out.append(UInt8(ascii: "\""))
        out.appendName(p.base, p.n, p.part)
        out.append(UInt8(ascii: "\""))
        return true
    }

    /// The encoded id of a default name's parts, adding its class and part to `bases`
    /// while there is room; nil when it cannot be encoded.
    private func encode(_ base: UnsafeRawBufferPointer, _ n: UInt32, _ part: NamePart, added: inout Int) -> UInt32? {
        // All ones (base 63, the largest number) would be the names cache's empty mark.
        guard n > 0, n < 1 << Self.numberBits - 1 else { return nil }
        var index = bases.firstIndex { b in
            b.part == part && b.base.utf8.count == base.count && TraceName.text(b.base).withBytes { Self.same($0, base) }
        }
        if index == nil, bases.count < Self.maxBases {
            let text = String(decoding: base, as: UTF8.self)
            bases.append((text, part))
            plainBases.append(!jsonNeedsEscape(base))
            added += MemoryMeter.nameBytes + MemoryMeter.heapBytes(text)
            index = bases.count - 1
        }
        guard let index else { return nil }
        return Self.encoded | UInt32(index) << Self.numberBits | n
    }

    /// The parts of a name in the default form (`base#n` and a part's suffix: a base of
    /// a byte or more, n from 1 without a leading zero), or nil.
    static func defaultParts(_ bytes: UnsafeRawBufferPointer) -> (base: UnsafeRawBufferPointer, n: UInt32, part: NamePart)? {
        var end = bytes.count, part = NamePart.none
        let view = NamePart.view.suffix
        if end > view.utf8CodeUnitCount,
           view.withUTF8Buffer({ memcmp(bytes.baseAddress! + end - $0.count, $0.baseAddress!, $0.count) == 0 }) {
            end -= view.utf8CodeUnitCount
            part = .view
        }
        var i = end, n: UInt64 = 0, scale: UInt64 = 1
        while i > 0, bytes[i - 1] >= 48, bytes[i - 1] <= 57, end - i < 10 {
            n += UInt64(bytes[i - 1] - 48) * scale
            scale *= 10
            i -= 1
        }
        guard i > 1, i < end, bytes[i - 1] == UInt8(ascii: "#"), bytes[i] != 48, n <= UInt64(UInt32.max) else { return nil }
        return (UnsafeRawBufferPointer(rebasing: bytes[..<(i - 1)]), UInt32(n), part)
    }
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
        let id = slowID(.text(s), added: &added)
        cachedStrings[slot] = s
        cachedWords[slot] = w
        cachedIds[slot] = id
        return id
    }

    /// The same without the cache: for a name its object keeps the id of
    /// (`Trace.record(_:_:_:)` with a `SimObject`), which would only evict the event
    /// names and labels every record needs.
    func uncachedID(_ s: String, added: inout Int) -> UInt32 { slowID(.text(s), added: &added) }

    /// Whether two names' bytes are equal (a byte loop through `elementsEqual` was a
    /// few instructions a byte).
    private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let p = a.baseAddress, let q = b.baseAddress else { return true }
        return memcmp(p, q, a.count) == 0
    }

    /// An object's default name, kept as its class, number and part: encoded when it
    /// can be, else in the table.
    func numberedID(_ base: String, _ n: UInt32, _ part: NamePart, added: inout Int) -> UInt32 {
        let found = TraceName.text(base).withBytes { encode($0, n, part, added: &added) }
        return found ?? slowID(.numbered(base, n, part), added: &added)
    }

    private func slowID(_ name: TraceName, added: inout Int) -> UInt32 {
        // By the bytes, whichever way a name is kept: `Class#1` given as text and made
        // as a number are one name.
        name.withBytes { bytes in
            if let d = Self.defaultParts(bytes), let id = encode(d.base, d.n, d.part, added: &added) { return id }
            var hasher = Hasher()
            hasher.combine(bytes: bytes)
            let h = UInt32(truncatingIfNeeded: hasher.finalize())
            var i = Int(truncatingIfNeeded: h) & mask
            while table[i].id != 0 {
                if table[i].hash == h, list[Int(table[i].id - 1)].withBytes({ Self.same($0, bytes) }) { return table[i].id - 1 }
                i = (i + 1) & mask
            }
            // At least MemoryMeter.nameBytes each under the memory cap: never 2^32 of them.
            let id = UInt32(truncatingIfNeeded: list.count)
            list.append(name)
            if case .text(let s) = name { added += MemoryMeter.heapBytes(s) }
            added += MemoryMeter.nameBytes
            table[i] = (h, id + 1)
            if list.count * 2 > mask + 1 { grow() }
            return id
        }
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
