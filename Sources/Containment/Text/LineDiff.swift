/// Line diffs for `ui.expectTrace` and `nestbox run --expect`. Both compare what a
/// script made, so the cost is bounded: Myers's algorithm in linear space, a step
/// budget past which it gives up with a summary, and a bounded number of lines out.

/// The lines of `text`, split at "\n" only: a "\r" stays in its line, so a
/// difference in line endings shows (as a Swift Character, "\r\n" is one unit and
/// would not split at all).
public func diffLines(_ text: String) -> [String] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
}

/// The diff of two whole texts (`-` expected, `+` actual) as one string, as
/// `nestbox run --expect` prints it; nil when their bytes are equal. Lines split as in
/// `diffLines`, so a golden file with "\r\n" endings shows its "\r"s.
public func unifiedDiff(expected: String, actual: String) -> String? {
    if expected.utf8.elementsEqual(actual.utf8) { return nil }
    return unifiedDiff(diffLines(expected), diffLines(actual)).joined(separator: "\n")
}

/// A unified line diff: a line only in `a` (expected) as `- line`, only in `b` (actual)
/// as `+ line`, and up to `context` common lines around each change as `  line`; a
/// longer common run shows as `  … N matching lines`. After `maxChanges` changed lines
/// it ends with `… N more differences`. Control characters print escaped (`\r`), so
/// two lines never look the same when they differ. Past `budget` steps of the diff
/// (50 ms in a release build), it shows the first differing lines of each side instead.
public func unifiedDiff(_ a: [String], _ b: [String], context: Int = 3, maxChanges: Int = 40,
                        budget: Int = 10_000_000) -> [String] {
    guard let ops = lineOps(a, b, budget: budget) else { return tooDifferent(a, b, shown: maxChanges / 2) }
    return render(ops, a, b, context: context, maxChanges: maxChanges)
}

/// How many lines differ between `a` and `b` (deleted plus inserted, as the diff counts
/// them); nil when they are too different to diff within `budget` steps.
public func changedLineCount(_ a: [String], _ b: [String], budget: Int = 10_000_000) -> Int? {
    lineOps(a, b, budget: budget)?.count { if case .same = $0 { false } else { true } }
}

/// Myers's diff of two lists of lines; nil past `budget` steps.
func lineOps(_ a: [String], _ b: [String], budget: Int) -> [DiffOp]? {
    // Lines become integers (equal bytes, equal number), so the diff compares Ints.
    var ids: [[UInt8]: Int] = [:]
    func id(_ line: String) -> Int {
        let key = Array(line.utf8)
        if let known = ids[key] { return known }
        ids[key] = ids.count
        return ids.count - 1
    }
    var myers = MyersDiff(a: a.map(id), b: b.map(id), budget: budget)
    return myers.run()
}

/// What the diff is made of: a line of both, or one of one side only (indices into a, b).
enum DiffOp: Equatable {
    case same(Int, Int)
    case delete(Int)
    case insert(Int)
}

/// Myers's O((N+M)D) difference algorithm in linear space ("An O(ND) Difference
/// Algorithm and Its Variations", 1986, §4b): trim the common ends, find a point of an
/// optimal path halfway through (forward and backward searches meeting), recurse on
/// both sides. The recursion halves D, so it is about log D deep.
struct MyersDiff {
    let a: [Int]
    let b: [Int]
    /// Diagonal steps and snake moves left before it gives up.
    var budget: Int
    var ops: [DiffOp] = []

    init(a: [Int], b: [Int], budget: Int) {
        self.a = a; self.b = b; self.budget = budget
    }

    /// The edit script in order, or nil when it would take more than the budget.
    mutating func run() -> [DiffOp]? {
        ops.reserveCapacity(max(a.count, b.count))
        return compare(0, a.count, 0, b.count) ? ops : nil
    }

    private mutating func compare(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> Bool {
        var x = aLow, y = bLow, xEnd = aHigh, yEnd = bHigh
        while x < xEnd, y < yEnd, a[x] == b[y] { ops.append(.same(x, y)); x += 1; y += 1 }
        var common = 0
        while xEnd > x, yEnd > y, a[xEnd - 1] == b[yEnd - 1] { xEnd -= 1; yEnd -= 1; common += 1 }
        if x == xEnd {
            for j in y..<yEnd { ops.append(.insert(j)) }
        } else if y == yEnd {
            for i in x..<xEnd { ops.append(.delete(i)) }
        } else {
            guard let (sx, sy) = split(x, xEnd, y, yEnd),
                  compare(x, sx, y, sy), compare(sx, xEnd, sy, yEnd) else { return false }
        }
        for k in 0..<common { ops.append(.same(xEnd + k, yEnd + k)) }
        return true
    }

    /// A point on an optimal path from (x0, y0) to (x1, y1) strictly inside it, where
    /// the forward search (from the top left) and the backward one (from the bottom
    /// right) overlap. Both ends differ (compare trimmed them), so D >= 2 and each
    /// side of the split is a smaller problem. Nil when the budget runs out.
    private mutating func split(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> (Int, Int)? {
        let n = x1 - x0, m = y1 - y0
        let maxD = (n + m + 1) / 2
        let offset = maxD + 1
        // Furthest x reached on each diagonal k = x - y (relative to the box), forward;
        // backward, the same counted from the bottom right. -1: not reached yet.
        var forward = [Int](repeating: -1, count: 2 * maxD + 3)
        var backward = forward
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        let delta = n - m
        let checkForward = delta & 1 != 0      // odd: the paths meet on a forward step
        // Diagonals that ran off the box are skipped from then on.
        var kStart = 0, kEnd = 0, cStart = 0, cEnd = 0
        var budget = self.budget
        defer { self.budget = budget }
        // Unchecked buffers: the indices stay within the box and the diagonals' range.
        return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in
            forward.withUnsafeMutableBufferPointer { forward in backward.withUnsafeMutableBufferPointer { backward in
                for d in 0...maxD {
                    budget -= 2 * d + 2
                    if budget < 0 { return nil }
                    for k in stride(from: -d + kStart, through: d - kEnd, by: 2) {
                        let i = offset + k
                        var x = k == -d || (k != d && forward[i - 1] < forward[i + 1]) ? forward[i + 1] : forward[i - 1] + 1
                        var y = x - k
                        let start = x
                        while x < n, y < m, a[x0 + x] == b[y0 + y] { x += 1; y += 1 }
                        budget -= x - start
                        forward[i] = x
                        if x > n {
                            kEnd += 2
                        } else if y > m {
                            kStart += 2
                        } else if checkForward {
                            let j = offset + delta - k
                            if j >= 0, j < backward.count, backward[j] != -1, x >= n - backward[j] {
                                return (x0 + x, y0 + y)
                            }
                        }
                    }
                    for c in stride(from: -d + cStart, through: d - cEnd, by: 2) {
                        let i = offset + c
                        var x = c == -d || (c != d && backward[i - 1] < backward[i + 1]) ? backward[i + 1] : backward[i - 1] + 1
                        var y = x - c
                        let start = x
                        while x < n, y < m, a[x1 - x - 1] == b[y1 - y - 1] { x += 1; y += 1 }
                        budget -= x - start
                        backward[i] = x
                        if x > n {
                            cEnd += 2
                        } else if y > m {
                            cStart += 2
                        } else if !checkForward {
                            let j = offset + delta - c
                            if j >= 0, j < forward.count, forward[j] != -1 {
                                let fx = forward[j]
                                if fx >= n - x { return (x0 + fx, y0 + fx - (j - offset)) }
                            }
                        }
                    }
                }
                return nil     // not reached: the searches meet by maxD
            } }
        } }
    }
}

/// The edit script as diff lines (see unifiedDiff): within a change, removals first.
private func render(_ ops: [DiffOp], _ a: [String], _ b: [String], context: Int, maxChanges: Int) -> [String] {
    var out: [String] = []
    let totalChanges = ops.reduce(0) { n, op in if case .same = op { return n } else { return n + 1 } }
    var shown = 0
    var i = 0
    while i < ops.count {
        // a run of common lines, then a run of changes
        let sameStart = i
        while i < ops.count, case .same = ops[i] { i += 1 }
        let sameCount = i - sameStart
        let isFirst = sameStart == 0, isLast = i == ops.count
        let head = isFirst ? 0 : min(context, sameCount)              // after the previous change
        let tail = isLast ? 0 : min(context, sameCount - head)         // before the next one
        for k in sameStart..<(sameStart + head) { out.append("  " + visible(a[aIndex(ops[k])])) }
        let hidden = sameCount - head - tail
        if hidden > 0 { out.append("  … \(hidden) matching line" + (hidden == 1 ? "" : "s")) }
        for k in (i - tail)..<i { out.append("  " + visible(a[aIndex(ops[k])])) }
        var removed: [String] = [], added: [String] = []
        while i < ops.count {
            if case .delete(let x) = ops[i] { removed.append(a[x]) } else if case .insert(let y) = ops[i] { added.append(b[y]) } else { break }
            i += 1
        }
        for line in removed.map({ "- " + visible($0) }) + added.map({ "+ " + visible($0) }) {
            if shown == maxChanges {
                out.append("… \(totalChanges - shown) more differences")
                return out
            }
            out.append(line)
            shown += 1
        }
    }
    return out
}

/// The summary when the diff gives up: sizes, then the first `shown` lines of each
/// side from the first line where they differ.
private func tooDifferent(_ a: [String], _ b: [String], shown: Int) -> [String] {
    var first = 0
    while first < a.count, first < b.count, a[first].utf8.elementsEqual(b[first].utf8) { first += 1 }
    var out = ["… too different for a line diff (\(a.count) lines expected, \(b.count) actual); from line \(first + 1), the first differing lines of each:"]
    out += a[first..<min(a.count, first + shown)].map { "- " + visible($0) }
    out += b[first..<min(b.count, first + shown)].map { "+ " + visible($0) }
    return out
}

private func aIndex(_ op: DiffOp) -> Int {
    if case .same(let x, _) = op { return x }
    return 0
}

/// The line with control characters escaped: `\r`, `\u{1B}`; a tab stays a tab.
func visible(_ line: String) -> String {
    guard line.utf8.contains(where: { $0 < 0x20 && $0 != 9 || $0 == 0x7F }) else { return line }
    var out = ""
    for u in line.unicodeScalars {
        switch u.value {
        case 13: out += "\\r"
        case 9: out.unicodeScalars.append(u)
        case 0..<0x20, 0x7F: out += "\\u{" + hex(u.value, width: 2, uppercase: true) + "}"
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}
