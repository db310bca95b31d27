/// Small text helpers in place of Foundation's: the tool links FoundationEssentials
/// only, because loading Foundation and its ICU data tripled start-up (DESIGN.md §8).
extension StringProtocol {
    /// The text without spaces, tabs and line breaks at either end.
    package var trimmed: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}

/// `v` in hexadecimal, zero-padded to `width` digits ("%02X", "%04x").
package func hex(_ v: UInt32, width: Int, uppercase: Bool = false) -> String {
    let digits = String(v, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// `v` with `places` decimals, rounded half away from zero ("%.1f"), for the bench's
/// tables; trace numbers use ASCIIBuffer.
package func decimal(_ v: Double, places: Int) -> String {
    guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let m = (abs(v) * scale).rounded()
    guard m < 9e15 else { return String(v) }
    let n = UInt64(m), unit = UInt64(scale)
    let sign = v < 0 && n != 0 ? "-" : ""
    guard places > 0 else { return sign + String(n) }
    let frac = String(n % unit)
    return sign + String(n / unit) + "." + String(repeating: "0", count: places - frac.count) + frac
}

/// The part of a path after its last "/" removed ("a/b/c.lua" -> "a/b"; "c.lua" -> "").
package func parentFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
