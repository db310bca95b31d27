import ArgumentParser
import Containment
import Foundation
import NestboxLua

/// `nestbox bench`: the binding's costs against the same operations written by hand
/// on Lua's C API, measured in one process (DESIGN.md §8). Medians of several runs.
public struct Bench: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Measure the Lua binding against a plain C-API baseline.")

    @Flag(help: "Print one JSON array instead of a table.")
    public var json = false

    @Flag(help: "Run each case briefly (for CI).")
    public var quick = false

    public init() {}

    public func run() throws {
        let code = execute(output: .standard)
        if code != 0 { throw ExitCode(code) }
    }

    struct Case {
        let name: String
        let setup: String
        let body: String
        let baselineSetup: String?
        let baselineBody: String?
        /// Operations per loop iteration (a pair counts as two).
        var opsPerIteration = 1.0
    }

    static let cases: [Case] = [
        Case(name: "noop-call", setup: "local f = baseline.nop", body: "f()", baselineSetup: nil, baselineBody: nil),
        Case(name: "property-get", setup: "local vc = ui.ViewController{ title = 'Inbox' }", body: "local x = vc.title",
             baselineSetup: "local o = baseline.new()", baselineBody: "local x = o.title"),
        Case(name: "property-set", setup: "local vc = ui.ViewController{}", body: "vc.title = 'Inbox'",
             baselineSetup: "local o = baseline.new()", baselineBody: "o.title = 1"),
        Case(name: "method-call",
             setup: "local v, w = ui.View{}, ui.View{}", body: "v:addSubview(w); w:removeFromSuperview()",
             baselineSetup: "local o = baseline.new()", baselineBody: "o:method(); o:method()", opsPerIteration: 2),
    ]

    struct Result {
        var name: String
        var nsPerOp: Double
        var baseline: Double?
        var ratio: Double? { baseline.map { nsPerOp / $0 } }
    }

    public func execute(output: Output) -> Int32 {
        let iterations = quick ? 20_000 : 2_000_000
        let runs = quick ? 3 : 7
        var results: [Result] = []
        do {
            let rt = try LuaRuntime()
            rt.installBaseline()
            // Tracing off: these cases measure the binding, not the trace's allocations.
            rt.simulation.trace.isEnabled = false
            for c in Self.cases {
                let ns = try median(rt, c.setup, c.body, iterations, runs) / c.opsPerIteration
                var base: Double?
                if let bs = c.baselineSetup, let bb = c.baselineBody {
                    base = try median(rt, bs, bb, iterations, runs) / c.opsPerIteration
                }
                results.append(Result(name: c.name, nsPerOp: ns, baseline: base))
            }
            results.append(Result(name: "method-model", nsPerOp: try modelOnly(iterations, runs), baseline: nil))
        } catch {
            output.err("nestbox bench: \(error)\n")
            return 1
        }
        if json {
            let items = results.map { r -> String in
                var f = ["\"case\":\"\(r.name)\"", "\"ns_per_op\":\(fmt(r.nsPerOp))", "\"ops_per_s\":\(Int(1e9 / r.nsPerOp))"]
                if let b = r.baseline, let ratio = r.ratio { f += ["\"baseline_ns_per_op\":\(fmt(b))", "\"ratio\":\(fmt(ratio))"] }
                return "{" + f.joined(separator: ",") + "}"
            }
            output.out("[" + items.joined(separator: ",") + "]\n")
        } else {
            output.out("case            ns/op   baseline   ratio\n")
            for r in results {
                let base = r.baseline.map { fmt($0).padding(toLength: 9, withPad: " ", startingAt: 0) } ?? "-        "
                let ratio = r.ratio.map { fmt($0) + "x" } ?? "-"
                output.out("\(r.name.padding(toLength: 14, withPad: " ", startingAt: 0))  \(fmt(r.nsPerOp).padding(toLength: 6, withPad: " ", startingAt: 0))  \(base)  \(ratio)\n")
            }
        }
        return 0
    }

    func median(_ rt: LuaRuntime, _ setup: String, _ body: String, _ n: Int, _ runs: Int) throws -> Double {
        let source = "\(setup)\nfor i = 1, \(n) do \(body) end"
        var samples: [Double] = []
        for _ in 0..<runs {
            var error: String?
            guard let s = rt.time(source, error: &error) else { throw BenchError(message: error ?? "failed") }
            samples.append(s * 1e9 / Double(n))
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// The model's own work for the method-call case, called from Swift (no Lua), so
    /// the binding's share of `method-call` is the difference.
    func modelOnly(_ n: Int, _ runs: Int) throws -> Double {
        let sim = Simulation()
        sim.trace.isEnabled = false
        let v = View(simulation: sim), w = View(simulation: sim)
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            for _ in 0..<n {
                try v.addSubview(w)
                w.removeFromSuperview()
            }
            let d = ContinuousClock.now - start
            samples.append((Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9) / Double(n) / 2)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    struct BenchError: Error, CustomStringConvertible { let message: String; var description: String { message } }

    func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
}
