import Foundation
import Testing
@testable import Containment
import InvariantChecking

/// The trace's numbers are printed in integer arithmetic (for speed); they must read
/// exactly as printf's "%.3f" with trailing zeros dropped, as they always have.
@Suite(.checksInvariants) struct FormattingTests {
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

    @Test("includes finds a word as contains does: at either end, overlapping starts, UTF-8")
    func includesAgreesWithContains() {
        let cases = [("", ""), ("", "a"), ("a", ""), ("abc", "abc"), ("abc", "abcd"), ("xxLayoutSubviews(", "LayoutSubviews("),
                     ("LayoutSubviews(v)", "LayoutSubviews("), ("LayoutSubviews", "LayoutSubviews("), ("aaab", "aab"),
                     ("é LayoutSubviews(", "LayoutSubviews("), ("caféx", "éx"), ("cafe", "é")]
        for (text, word) in cases {
            #expect(text.includes(word) == text.contains(word), "\(text) / \(word)")
        }
        #expect("SafeAreaInsetsDidChange(v)".includes("SafeAreaInsetsDidChange("))
        #expect(!"viewDidLayoutSubviews".includes("LayoutSubviews("))
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

    @Test("huge numbers print as digits, never inf: scaling 1.8e305 by 1000 overflowed")
    func hugeFixedPoint() {
        for v in [1.8e302, 1.8e305, 1.7e308, -Double.greatestFiniteMagnitude] {
            #expect(fixedPoint(v) == String(format: "%.3f", v), "\(v)")
            #expect(formatNumber(v) == String(format: "%.0f", v), "\(v)")
        }
    }

    @Test("JSON numbers are strict JSON: no inf or nan, huge values in exponent form")
    func jsonNumbers() {
        #expect(jsonNumber(.nan) == "null")
        #expect(jsonNumber(.infinity) == "null")
        #expect(jsonNumber(-.infinity) == "null")
        #expect(jsonNumber(1.8e302) == "1.8e+302")      // v * 1e6 overflowed to inf
        #expect(jsonNumber(.greatestFiniteMagnitude) == "1.7976931348623157e+308")
        #expect(jsonNumber(-2.5e15) == "-2500000000000000.0")
        #expect(jsonNumber(0.0166666666) == "0.016667")
        #expect(jsonNumber(42) == "42")
        // Six decimals; what rounds to a whole number is written as one, zero as 0.
        #expect([1e-7, -1e-7, 2.0000001, 1.5333333333].map(jsonNumber) == ["0", "0", "2", "1.533333"])
    }

    @Test("the clock stops at the largest finite time, and frames sampled there end")
    func clockCeiling() {
        let sim = Simulation()
        sim.samplesFrames = true
        var polls = 0
        sim.isInterrupted = { polls += 1; return polls > 10_000 }   // a stalled loop fails, not hangs
        sim.advance(by: 1.7e308)
        sim.advance(by: 1.7e308)
        #expect(sim.clock.now == .greatestFiniteMagnitude)
        let v = View(simulation: sim, name: "v")
        _ = sim.animator.animate(duration: 1, curve: .linear, animations: { v.alpha = 0 })
        sim.advance(by: 2)
        #expect(polls < 100, "a 1/60 s step no longer moves the clock there: frames at timers only")
        #expect(sim.trace.events.contains { $0.event == "end" })
        #expect(sim.clock.now == .greatestFiniteMagnitude)
    }

    @Test("trace times keep three decimals")
    func traceTimes() {
        for t in [0, 0.35, 1.0 / 60, 10, 123.4565] {
            let e = TraceEvent(seq: 1, t: t, kind: .log, object: "x", event: "log")
            #expect(e.text.hasPrefix("[\(String(format: "%.3f", t))] "), "\(t)")
        }
    }

    /// Default names count each class's instances from 1, named ones included, however
    /// the classes interleave and however many there are (past the four kept in front,
    /// a class's count goes to the dictionary and comes back from it).
    @Test func defaultNamesCountEachClass() {
        let sim = Simulation()
        var expected: [String: Int] = [:]
        let classes = ["ViewController", "View", "A", "B", "C", "D", "AVeryLongClassNameOfTwentyFiveBytes", "ViewController"]
        for round in 0..<300 {
            let c = classes[(round * 7 + round / 3) % classes.count]
            let named = round % 5 == 0
            expected[c, default: 0] += 1
            let object = SimObject(simulation: sim, className: c, name: named ? "given" : nil)
            #expect(object.name == (named ? "given" : "\(c)#\(expected[c]!)"), "round \(round)")
        }
        #expect(Simulation.name("X", Int.max) == "X#\(Int.max)")
        #expect(Simulation.name("X", 12, ".view") == "X#12.view")
        #expect(Simulation.name("", 0) == "#0")
    }
}

/// A default name written from its parts, by every writer, at the ends of its range.
@Suite(.checksInvariants) struct DefaultNameTests {
    @Test func everyWriterWritesTheSameBytes() {
        for n: UInt32 in [0, 1, 9, 10, 99, 1_000_000, UInt32.max] {
            for base in ["ViewController", "", "AVeryLongClassNameOfTwentyFiveBytes"] {
                for part in [NamePart.none, .view] {
                    let expected = base + "#" + String(n) + (part == .view ? ".view" : "")
                    #expect(Simulation.name(base, Int(n), part.suffix) == expected)
                    #expect(TraceName.numbered(base, n, part).text == expected)
                    #expect(TraceName.numbered(base, n, part).withBytes { Array($0) } == Array(expected.utf8))
                    var text = TextBuffer()
                    text.appendName(base, n, part)
                    #expect(text.string == expected)
                }
            }
        }
    }

    /// Names are one name when their bytes are: two spellings of the same text that
    /// Unicode calls equal are two names, each printed as the script gave it.
    @Test func namesAreTheirBytes() {
        let sim = Simulation()
        let composed = ViewController(simulation: sim, name: "Caf\u{E9}")
        let decomposed = ViewController(simulation: sim, name: "Cafe\u{301}")
        sim.trace.record(.lifecycle, composed, "viewDidLoad")
        sim.trace.record(.lifecycle, decomposed, "viewDidLoad")
        let objects = sim.trace.events.suffix(2).map(\.object)
        #expect(objects.map { Array($0.utf8) } == [Array("Caf\u{E9}".utf8), Array("Cafe\u{301}".utf8)])
        #expect(composed.traceNameID != decomposed.traceNameID)
    }

    /// A default name passes over the numbers given names in the default form took
    /// (the controller's and its view's alike), and a given name that only looks like
    /// one (a leading zero, another class) takes none.
    @Test func defaultNamesPassOverGivenOnes() {
        let sim = Simulation()
        // Three instances of the class, numbers 1 to 3; they take 3, 5 and Menu's 3.
        let named = ["ViewController#3", "ViewController#5.view", "Menu#3"].map { ViewController(simulation: sim, name: $0) }
        let made = (0..<3).map { _ in ViewController(simulation: sim) }
        #expect(made.map(\.name) == ["ViewController#4", "ViewController#6", "ViewController#7"])
        // Instance 8 is named `ViewController#09`, which is no default spelling: 9 is free.
        let zero = ViewController(simulation: sim, name: "ViewController#09")
        let more = ViewController(simulation: sim)
        _ = (named, zero, more.view)
        #expect(more.name == "ViewController#9" && more.view.name == "ViewController#9.view")
        // Its first instances take 1 and 2; the given Menu#3 is passed over.
        #expect((0..<3).map { _ in SimObject(simulation: sim, className: "Menu").name } == ["Menu#1", "Menu#2", "Menu#4"])
        // Each taken name counts toward the memory cap, once.
        let before = sim.memory.count
        let twice = ViewController(simulation: sim, name: "Menu#3")
        #expect(sim.memory.count - before == MemoryMeter.objectBytes + MemoryMeter.heapBytes("Menu#3"))
        _ = twice
    }
}
