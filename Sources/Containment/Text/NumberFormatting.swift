#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers as UIKit's descriptions print them: no trailing zeros, at most 3 decimals.
public func formatNumber(_ v: Double) -> String {
    ASCIIBuffer.build { $0.append(number: v) }
}

/// `[[a,b,c,d],[e,f,g,h],...]`: `values` in groups of `size`, each as `formatNumber`
/// writes it (null when not finite, as JSON has no NaN), in one buffer: a report writes
/// a thousand views' places on screen at each 60 Hz frame.
package func jsonNumberGroups(_ values: [Double], size: Int) -> String {
    ASCIIBuffer.build { b in
        b.append(91)
        for (i, v) in values.enumerated() {
            if i % size == 0 { if i > 0 { b.append(93); b.append(44) }; b.append(91) } else { b.append(44) }
            if v.isFinite { b.append(number: v) } else { b.append("null") }
        }
        if !values.isEmpty { b.append(93) }
        b.append(93)
    }
}

/// `v` with exactly `places` decimals (0 to 3): trace times, the bench's tables.
package func fixedPoint(_ v: Double, places: Int = 3) -> String {
    ASCIIBuffer.build { $0.append(number: v, places: places, trimmingZeros: false) }
}

/// Text built byte by byte on the stack and turned into one String at the end. The
/// trace prints a frame per view per 60 Hz frame; Foundation's `String(format:)` and
/// string interpolation made that the bulk of an animation's cost (`nestbox bench`).
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

    /// `%.Nf` (N = `places`, 0 to 3) in integer arithmetic, rounding as printf does for
    /// every value that matters here; trailing zeros (and the point) dropped when
    /// `trimmingZeros`.
    mutating func append(number v: Double, places: Int = 3, trimmingZeros: Bool = true) {
        if v.isNaN { return append("nan") }
        if v.isInfinite { return append(v < 0 ? "-inf" : "inf") }
        let places = min(3, max(0, places))
        let unit: UInt64 = [1, 10, 100, 1000][places]
        let scaled = (abs(v) * Double(unit)).rounded()
        guard scaled < 1e15 else { return append(Self.general(v, places: places, trimmingZeros: trimmingZeros)) }
        let m = UInt64(scaled)
        if v < 0 && m != 0 { append(45) }
        append(digits: m / unit)
        var frac = m % unit, digits = places
        if trimmingZeros && digits > 0 {
            if frac == 0 { return }
            while frac % 10 == 0 { frac /= 10; digits -= 1 }
        }
        guard digits > 0 else { return }
        append(46)
        var divisor: UInt64 = [1, 1, 10, 100][digits]
        while divisor > 0 { append(UInt8(48 + frac / divisor % 10)); divisor /= 10 }
    }

    /// Numbers too large for the integer path: rare, so the C library formats them.
    static func general(_ v: Double, places: Int, trimmingZeros: Bool) -> String {
        let unit = [1.0, 10, 100, 1000][places]
        // Scaling 1.8e305 by 1000 overflows to inf; a Double that large has no fraction.
        let scaled = v * unit
        let r = scaled.isFinite ? scaled.rounded() / unit : v
        if trimmingZeros, r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        var buffer = [CChar](repeating: 0, count: 400)     // %.3f of DBL_MAX is 313 bytes
        _ = withVaList([Int32(places), r]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        var s = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if trimmingZeros && places > 0 {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }
}
