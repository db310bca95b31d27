#if canImport(Glibc)
import Glibc
#endif

/// Numbers as UIKit's descriptions print them: no trailing zeros, at most 3 decimals.
public func formatNumber(_ v: Double) -> String {
    ASCIIBuffer.build { $0.append(number: v) }
}

/// `v` with exactly three decimals (trace times).
func fixedPoint(_ v: Double, trimmingZeros: Bool) -> String {
    ASCIIBuffer.build { $0.append(number: v, trimmingZeros: trimmingZeros) }
}

/// Text built byte by byte on the stack and turned into one String at the end. The
/// trace prints a frame per view per 60 Hz frame; Foundation's `String(format:)` and
/// string interpolation made that the bulk of an animation's cost (DESIGN.md §8).
struct ASCIIBuffer {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0
    /// Text that did not fit the fast path (huge numbers), appended as a String.
    private var spill = ""

    static func build(_ body: (inout ASCIIBuffer) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { raw in
            guard let base = raw.baseAddress else { return "" }
            var b = ASCIIBuffer(base: base, capacity: raw.count)
            body(&b)
            return b.spill + String(decoding: UnsafeBufferPointer(start: b.base, count: b.count), as: UTF8.self)
        }
    }

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    mutating func append(_ byte: UInt8) {
        if count == capacity { flush() }
        base[count] = byte
        count += 1
    }

    mutating func append(_ text: String) {
        for byte in text.utf8 { append(byte) }
    }

    private mutating func flush() {
        spill += String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        count = 0
    }

    mutating func append(digits n: UInt64) {
        var n = n, tmp: (UInt64, Int) = (0, 0)   // reversed digits, then written in order
        repeat { tmp.0 = tmp.0 * 10 + n % 10; tmp.1 += 1; n /= 10 } while n > 0
        while tmp.1 > 0 { append(UInt8(48 + tmp.0 % 10)); tmp.0 /= 10; tmp.1 -= 1 }
    }

    /// `%.3f` in integer arithmetic, rounding as printf does for every value that
    /// matters here; trailing zeros (and the point) dropped when `trimmingZeros`.
    mutating func append(number v: Double, trimmingZeros: Bool = true) {
        if v.isNaN { return append("nan") }
        if v.isInfinite { return append(v < 0 ? "-inf" : "inf") }
        let scaled = (abs(v) * 1000).rounded()
        guard scaled < 1e15 else { return append(Self.general(v, trimmingZeros: trimmingZeros)) }
        let m = UInt64(scaled)
        if v < 0 && m != 0 { append(45) }
        append(digits: m / 1000)
        var frac = m % 1000, places = 3
        if trimmingZeros {
            if frac == 0 { return }
            while frac % 10 == 0 { frac /= 10; places -= 1 }
        }
        append(46)
        var divisor: UInt64 = places == 3 ? 100 : places == 2 ? 10 : 1
        while divisor > 0 { append(UInt8(48 + frac / divisor % 10)); divisor /= 10 }
    }

    /// Numbers too large for the integer path: rare, so the C library formats them.
    static func general(_ v: Double, trimmingZeros: Bool) -> String {
        let r = (v * 1000).rounded() / 1000
        if trimmingZeros, r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        var buffer = [CChar](repeating: 0, count: 400)     // %.3f of DBL_MAX is 313 bytes
        _ = withVaList([r]) { vsnprintf(&buffer, buffer.count, "%.3f", $0) }
        var s = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if trimmingZeros {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }
}
