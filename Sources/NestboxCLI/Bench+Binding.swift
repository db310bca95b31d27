import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua

/// The binding's cost per call, against the same operation written by hand on Lua's C
/// API (Sources/CLuaShim/Baseline.c), tracing off: these rows measure the boundary,
/// not the trace.
extension Bench {
    struct BindingCase {
        let name: String
        let setup: String
        let body: String
        let baselineSetup: String?
        let baselineBody: String?
        /// Operations per loop iteration (a pair counts as two).
        var opsPerIteration = 1.0
    }

    static let bindingCases: [BindingCase] = [
        BindingCase(name: "noop-call", setup: "local f = baseline.nop", body: "f()", baselineSetup: nil, baselineBody: nil),
        BindingCase(name: "property-get", setup: "local vc = ui.ViewController{ title = 'Inbox' }", body: "local x = vc.title",
                    baselineSetup: "local o = baseline.new()", baselineBody: "local x = o.title"),
        BindingCase(name: "property-set", setup: "local vc = ui.ViewController{}", body: "vc.title = 'Inbox'",
                    baselineSetup: "local o = baseline.new()", baselineBody: "o.title = 'Inbox'"),
        BindingCase(name: "method-call",
                    setup: "local v, w = ui.View{}, ui.View{}", body: "v:addSubview(w); w:removeFromSuperview()",
                    baselineSetup: "local o, p = baseline.new(), baseline.new()",
                    baselineBody: "o:addSubview(p); p:removeFromSuperview()", opsPerIteration: 2),
    ]

    func bindingRows() throws -> [Row] {
        let iterations = quick ? 20_000 : 2_000_000
        let runs = quick ? 3 : 7
        let rt = try Self.runtime()
        rt.installBaseline()
        rt.simulation.trace.isEnabled = false
        /// Nanoseconds per operation of the case and of its baseline (when it has one),
        /// run by turns so both see the same machine: medians and spreads.
        func ns(_ c: BindingCase) throws -> (value: Double, spread: Double?, baseline: Double?) {
            func once(_ setup: String, _ body: String) throws -> Double {
                try Self.time(rt, "\(setup)\nfor i = 1, \(iterations) do \(body) end") * 1e9 / Double(iterations) / c.opsPerIteration
            }
            var ours: [Double] = [], theirs: [Double] = []
            for _ in 0..<runs {
                ours.append(try once(c.setup, c.body))
                if let bs = c.baselineSetup, let bb = c.baselineBody { theirs.append(try once(bs, bb)) }
            }
            return (Self.median(ours), Self.spread(ours), theirs.isEmpty ? nil : Self.median(theirs))
        }
        let model = try modelOnly(iterations, runs)
        var rows: [Row] = []
        for c in Self.bindingCases {
            let (value, spread, base) = try ns(c)
            var row = Row(name: c.name, value: value, unit: "ns/op", spread: spread)
            // The baseline's methods do the model's work themselves (Baseline.c).
            if let base {
                let ratio = row.value / base
                row.baseline = base
                row.ratio = ratio
                row.judge(ratio, atMost: 1.5, "<= 1.5x")
            }
            rows.append(row)
        }
        rows.append(Row(name: "method-model", value: model, unit: "ns/op"))
        return rows
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
            samples.append(Self.seconds(ContinuousClock.now - start) * 1e9 / Double(n) / 2)
        }
        return Self.median(samples)
    }
}
