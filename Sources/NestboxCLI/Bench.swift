import ArgumentParser
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua

/// `nestbox bench`: the binding's costs against the same operations written by hand
/// on Lua's C API, the model's throughput and how it grows with size, and start-up,
/// all measured in one process (docs/performance.md). Every figure is
/// a median of several runs.
public struct Bench: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Measure the binding, the model's throughput and start-up.",
        discussion: "Each row is a median of several runs. Ratios compare with a plain C-API baseline, or between sizes.")

    @Flag(help: "Print one JSON array instead of a table.")
    public var json = false

    @Flag(help: "Run each case briefly, at smaller sizes (for CI); targets are not judged.")
    public var quick = false

    @Option(help: "Run only the group whose name starts with this: binding, cycle, tree, animation, churn, paging, render, startup, commands, explore.",
            completion: .list(["binding", "cycle", "tree", "animation", "churn", "paging", "render", "startup", "commands", "explore"]))
    public var only: String?

    public init() {}

    /// The groups, in the order they run; `--only` must name (a prefix of) one.
    static let groupNames = ["binding", "cycle", "tree", "animation", "churn", "paging", "render", "startup", "commands", "explore"]

    static func selects(_ only: String?, _ name: String) -> Bool {
        only.map { name.hasPrefix($0) || $0.hasPrefix(name) } ?? true
    }

    public func validate() throws {
        if let only, !Self.groupNames.contains(where: { Self.selects(only, $0) }) {
            throw ValidationError("--only '\(only.prefix(80))' matches no group: \(Self.groupNames.joined(separator: ", "))")
        }
    }

    /// One line of the report.
    struct Row {
        var name: String
        var value: Double
        var unit: String
        var baseline: Double? = nil
        var ratio: Double? = nil
        /// The issue's target, e.g. "<= 1.5x", and whether the value meets it (nil when
        /// not judged: quick mode, or a figure reported for information).
        var target: String? = nil
        var met: Bool? = nil
        /// The samples' spread around the median: (max - min) / median (nil for a
        /// figure derived from other rows or measured once).
        var spread: Double? = nil
        /// The judged figure against its target as a factor, <= 1 when met: value/limit
        /// for an upper bound, limit/value for a lower one.
        var toTarget: Double? = nil

        /// Judges `value` (the row's value or its ratio) against an upper bound.
        mutating func judge(_ value: Double, atMost limit: Double, _ target: String) {
            self.target = target
            met = value <= limit
            toTarget = value / limit
        }

        /// Judges `value` against a lower bound.
        mutating func judge(_ value: Double, atLeast limit: Double, _ target: String) {
            self.target = target
            met = value >= limit
            toTarget = limit / value
        }
    }

    struct BenchError: Error, CustomStringConvertible { let message: String; var description: String { message } }

    public func execute(output: Output) -> ExitStatus {
        var rows: [Row] = []
        let measures: [() throws -> [Row]] = [bindingRows, cycleRows, treeRows, animationRows, churnRows, pagingRows, renderRows, startupRows, commandRows, exploreRows]
        do {
            for (name, measure) in zip(Self.groupNames, measures) where Self.selects(only, name) {
                rows += try measure()
            }
        } catch {
            output.err("nestbox bench: \(error)\n")
            return .failure
        }
        // Quick runs are too small to judge: no verdict, and no distance to the target.
        if quick { rows = rows.map { var r = $0; r.met = nil; r.toTarget = nil; return r } }
        output.out(json ? Self.json(rows) : Self.table(rows))
        return .ok
    }

    // MARK: - Report

    static func table(_ rows: [Row]) -> String {
        var out = pad("case", 26) + pad("value", 12) + pad("spread", 8) + pad("unit", 10) + pad("baseline", 10) + pad("ratio", 8) + "target\n"
        for r in rows {
            out += pad(r.name, 26) + pad(fmt(r.value), 12) + pad(r.spread.map { fixedPoint($0 * 100, places: 0) + "%" } ?? "-", 8) + pad(r.unit, 10)
            out += pad(r.baseline.map(fmt) ?? "-", 10) + pad(r.ratio.map { fmt($0) + "x" } ?? "-", 8)
            if let t = r.target { out += t + (r.met.map { $0 ? "  met" : "  MISSED" } ?? "") }
            out += "\n"
        }
        return out
    }

    /// Strict JSON: a figure that could not be measured (NaN, as the skipped start-up
    /// row has) is `null`, never `nan`.
    static func json(_ rows: [Row]) -> String {
        func number(_ v: Double) -> String { v.isFinite ? fmt(v) : "null" }
        let items = rows.map { r -> String in
            var f = ["\"case\":\(jsonString(r.name))", "\"value\":\(number(r.value))", "\"unit\":\(jsonString(r.unit))"]
            if let b = r.baseline { f.append("\"baseline\":\(number(b))") }
            if let x = r.ratio { f.append("\"ratio\":\(number(x))") }
            if let t = r.target { f.append("\"target\":\(jsonString(t))") }
            if let m = r.met { f.append("\"met\":\(m)") }
            if let t = r.toTarget { f.append("\"toTarget\":\(number(t))") }
            if let s = r.spread { f.append("\"spread\":\(number(s))") }
            return "{" + f.joined(separator: ",") + "}"
        }
        return "[" + items.joined(separator: ",\n") + "]\n"
    }

    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }

    /// Three significant figures, without exponents.
    static func fmt(_ v: Double) -> String {
        let a = abs(v)
        if a >= 100 || a == 0 { return fixedPoint(v, places: 0) }
        if a >= 10 { return fixedPoint(v, places: 1) }
        return fixedPoint(v, places: 2)
    }

    // MARK: - Measuring

    static func median(_ samples: [Double]) -> Double {
        let s = samples.sorted()
        return s.isEmpty ? .nan : s[s.count / 2]
    }

    /// (max - min) / median of the samples; nil for fewer than two.
    static func spread(_ samples: [Double]) -> Double? {
        guard samples.count > 1, let lo = samples.min(), let hi = samples.max() else { return nil }
        return (hi - lo) / median(samples)
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// A fresh world whose printers write nowhere.
    static func runtime(memoryLimit: Int = 0) throws -> LuaRuntime {
        let rt = try LuaRuntime(memoryLimit: memoryLimit)
        rt.output = { _ in }
        return rt
    }

    /// Runs `source` in `rt` and returns its wall time in seconds.
    static func time(_ rt: LuaRuntime, _ source: String) throws -> Double {
        var error: String?
        guard let s = rt.time(source, error: &error) else { throw BenchError(message: error ?? "failed") }
        return s
    }
}
