import Foundation
import Testing
@testable import Containment

/// The trace's numbers are printed in integer arithmetic (for speed); they must read
/// exactly as printf's "%.3f" with trailing zeros dropped, as they always have.
@Suite struct FormattingTests {
    static func reference(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        var s = String(format: "%.3f", r)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    @Test("formatNumber matches %.3f without trailing zeros")
    func matchesPrintf() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.0004, -0.0004, 0.0005, 1.5, -1.5, 0.1, 0.25, 390, -844.125,
                                1e12 + 0.125, 9e12, 1e13, -1e16, .nan, .infinity, -.infinity]
        for _ in 0..<20_000 {
            let scale = [1.0, 10, 1000, 1e6, 1e9][Int.random(in: 0..<5, using: &rng)]
            values.append(Double.random(in: -1...1, using: &rng) * scale)
            values.append((Double.random(in: -2000...2000, using: &rng) * 1000).rounded() / 1000 + 0.0005)
        }
        for v in values { #expect(formatNumber(v) == Self.reference(v), "\(v)") }
    }

    @Test("fixedPoint matches %.Nf for 0 to 3 places away from exact ties")
    func fixedPlaces() {
        var rng = SystemRandomNumberGenerator()
        for places in 0...3 {
            for _ in 0..<5_000 {
                let v = Double.random(in: -1e6...1e6, using: &rng)
                let unit = [1.0, 10, 100, 1000][places]
                if abs((abs(v) * unit).truncatingRemainder(dividingBy: 1) - 0.5) < 1e-6 { continue }
                #expect(fixedPoint(v, places: places) == String(format: "%.\(places)f", v), "\(v) \(places)")
            }
        }
    }

    @Test("trace times keep three decimals")
    func traceTimes() {
        for t in [0, 0.35, 1.0 / 60, 10, 123.4565] {
            let e = TraceEvent(seq: 1, t: t, kind: .log, object: "x", event: "log")
            #expect(e.text.hasPrefix("[\(String(format: "%.3f", t))] "), "\(t)")
        }
    }
}
