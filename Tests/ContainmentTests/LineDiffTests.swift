import Foundation
import Testing
@testable import Containment
import InvariantChecking

/// The line diff of `ui.expectTrace` and `--expect`: minimal (checked against the
/// longest common subsequence), linear in space, bounded in time and in output.
@Suite(.checksInvariants) struct LineDiffTests {
    /// The length of the longest common subsequence, by the quadratic table.
    static func lcs(_ a: [Int], _ b: [Int]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in 0..<b.count {
                let above = row[j + 1]
                row[j + 1] = x == b[j] ? diagonal + 1 : max(row[j], above)
                diagonal = above
            }
        }
        return row[b.count]
    }

    @Test("Myers's script rebuilds both sides and is minimal, on 2,100 random pairs")
    func minimal() {
        var seed: UInt64 = 12345
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for round in 0..<2100 {
            let alphabet = 1 + next(round < 100 ? 20 : 4)
            let size = round < 100 ? 300 : 12
            let a = (0..<next(size)).map { _ in next(alphabet) }
            let b = (0..<next(size)).map { _ in next(alphabet) }
            var myers = MyersDiff(a: a, b: b, budget: .max)
            guard let ops = myers.run() else { Issue.record("gave up on \(a) \(b)"); return }
            var fromA: [Int] = [], fromB: [Int] = [], edits = 0
            var i = 0, j = 0
            for op in ops {
                switch op {
                case .same(let x, let y):
                    #expect(x == i && y == j && a[x] == b[y])
                    fromA.append(a[x]); fromB.append(b[y]); i += 1; j += 1
                case .delete(let x):
                    #expect(x == i); fromA.append(a[x]); i += 1; edits += 1
                case .insert(let y):
                    #expect(y == j); fromB.append(b[y]); j += 1; edits += 1
                }
            }
            #expect(fromA == a && fromB == b, "\(a) \(b)")
            #expect(edits == a.count + b.count - 2 * Self.lcs(a, b), "\(a) \(b): \(ops)")
        }
    }

    @Test("changes with three lines of context, longer common runs elided, removals first")
    func context() {
        let a = (1...20).map { "line \($0)" }
        var b = a
        b[1] = "changed 2"
        b.remove(at: 15)
        #expect(unifiedDiff(a, b) == [
            "  line 1",
            "- line 2",
            "+ changed 2",
            "  line 3",
            "  line 4",
            "  line 5",
            "  … 7 matching lines",
            "  line 13",
            "  line 14",
            "  line 15",
            "- line 16",
            "  line 17",
            "  line 18",
            "  line 19",
            "  … 1 matching line",
        ])
    }

    @Test("past maxChanges changed lines it stops with the count of the rest")
    func bounded() {
        let a = (1...100).map { "a\($0)" }
        let b = (1...100).map { "b\($0)" }
        let diff = unifiedDiff(a, b, maxChanges: 4)
        #expect(diff == ["- a1", "- a2", "- a3", "- a4", "… 196 more differences"])
    }

    @Test("a carriage return shows, so the two lines do not look the same")
    func carriageReturn() {
        #expect(unifiedDiff(["a\r", "b"], ["a", "b"]) == ["- a\\r", "+ a", "  b"])
        #expect(unifiedDiff(["\u{1B}[0m"], [""]) == ["- \\u{1B}[0m", "+ "])
        #expect(diffLines("a\r\nb\n") == ["a\r", "b", ""])
    }

    @Test("two whole texts: nil when their bytes are equal, else the diff as one string")
    func texts() {
        #expect(unifiedDiff(expected: "a\r\nb\n", actual: "a\r\nb\n") == nil)
        #expect(unifiedDiff(expected: "a\r\nb\n", actual: "a\nb\n") == "- a\\r\n+ a\n  b\n  ")
    }

    @Test("past its budget the diff gives up with the first differing lines of each side")
    func givesUp() {
        let a = ["same"] + (1...30).map { "a\($0)" }
        let b = ["same"] + (1...30).map { "b\($0)" }
        let diff = unifiedDiff(a, b, maxChanges: 4, budget: 100)
        #expect(diff == [
            "… too different for a line diff (31 lines expected, 31 actual); from line 2, the first differing lines of each:",
            "- a1", "- a2", "+ b1", "+ b2",
        ])
    }

    @Test("20,000 lines against 20,000 others: bounded time and output (it took 14 s and 3.2 GB)")
    func large() {
        let a = (1...20_000).map { "d\($0).willMove(toParent: p)" }
        let b = (1...20_000).map { "c\($0).willMove(toParent: p)" }
        // CPU time of this thread, not wall time: other tests and builds share the cores.
        let start = threadCPUSeconds()
        let diff = unifiedDiff(a, b)
        #expect(threadCPUSeconds() - start < 6, "a debug build on this 2-core machine")
        #expect(diff.count == 41)
        #expect(diff.first?.hasPrefix("… too different for a line diff (20000 lines expected, 20000 actual); from line 1") == true)
        // one change among 20,000 equal lines: found, with its context only
        var c = a
        c[10_000] = "x"
        var expected: [String] = ["  … 9997 matching lines"]
        expected += a[9997..<10_000].map { "  " + $0 }
        expected += ["- " + a[10_000], "+ x"]
        expected += a[10_001..<10_004].map { "  " + $0 }
        expected.append("  … 9996 matching lines")
        #expect(unifiedDiff(a, c) == expected)
    }
}

/// Seconds of CPU the calling thread has used.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
