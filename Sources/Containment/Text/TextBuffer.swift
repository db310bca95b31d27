/// Text as UTF-8 bytes in one growing buffer, made a `String` once at the end (or once
/// a piece, when streamed): the controller printer's and the text trace's. A tree of
/// 100,000 controllers is 100,000 lines of about ten pieces each, and appending each
/// piece to a `String` (its capacity and ASCII checks, a retain of every piece) was
/// about a tenth of building and printing that tree, and an `Array`'s generic append
/// half of that again (docs/performance.md).
struct TextBuffer: ~Copyable {
    private var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
    private(set) var count = 0
    /// Where a streamed text is handed on (`writeHierarchy`, `RunReport`).
    static var pieceBytes: Int { 1 << 16 }
    private var capacity = 4096

    deinit { base.deallocate() }

    mutating func append(_ s: String) {
        if let done = s.utf8.withContiguousStorageIfAvailable({ append($0) }) { return done }
        for b in s.utf8 { append(b) }
    }

    /// A literal's bytes, copied as they are: no string to retain or make contiguous
    /// (most of a line's pieces are literals).
    mutating func append(literal s: StaticString) {
        s.withUTF8Buffer { append($0) }
    }

    private mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let from = piece.baseAddress, piece.count > 0 else { return }
        if count + piece.count > capacity { grow(to: count + piece.count) }
        (base + count).initialize(from: from, count: piece.count)
        count += piece.count
    }

    mutating func append(_ byte: UInt8) {
        if count + 1 > capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    private mutating func grow(to needed: Int) {
        capacity = max(capacity * 2, needed)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
    }

    /// A default name, `base#n` and the part's suffix (`SimObject.name`), without the
    /// string it would make.
    mutating func appendName(_ base: String, _ n: UInt32, _ part: NamePart) {
        append(base)
        append(UInt8(ascii: "#"))
        var divisor: UInt32 = 1
        while n / divisor >= 10 { divisor *= 10 }
        repeat { append(UInt8(48 + n / divisor % 10)); divisor /= 10 } while divisor > 0
        append(literal: part.suffix)
    }

    /// An object's name (`SimObject.name`), a default one written from its parts.
    mutating func appendName(of object: SimObject) {
        if object.nameNumber == 0 { append(object.nameText) } else { appendName(object.nameText, object.nameNumber, object.namePart) }
    }

    /// `appendIndentation`'s rule, in bytes.
    mutating func indent(_ depth: Int) {
        for _ in 0..<min(depth, 64) { append(literal: "   | ") }
        if depth > 64 { append("(\(depth)) ") }
    }

    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Empties the text, keeping its buffer.
    mutating func removeAll() { count = 0 }
}
