import Foundation
import Testing
import NestboxCLI

/// `nestbox bench --quick` runs in CI so the bench cannot rot: every case runs, and
/// every figure is a real, positive measurement.
@Suite struct BenchTests {
    @Test("bench --quick --json reports every case with a positive figure")
    func quickBench() throws {
        let r = nestbox(["bench", "--quick", "--json"])
        #expect(r.code == 0, "\(r.err)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
        let names = rows.compactMap { $0["case"] as? String }
        for expected in ["noop-call", "property-get", "property-set", "method-call", "method-model",
                         "cycle", "cycle-hooks", "tree-1k", "tree-10k", "tree-growth-1k-10k", "tree-10k-memory",
                         "animation-100-views-10s", "churn-10k-rate", "churn-100k-rate", "churn-memory-growth",
                         "paging-100", "paging-1k", "paging-growth",
                         "render-100-views-svg", "render-100-views-png",
                         "startup-nestbox-run-empty", "startup-swift-hello-world", "startup-ratio", "cycle-floor",
                         "startup-run-with-options", "startup-test-one-test", "startup-repl", "lint-example",
                         "lint-against-run", "report-100-views-10s", "test-100-trivial", "test-per-test-growth", "test-per-test", "test-fork-floor", "run-example"] {
            #expect(names.contains(expected), "missing \(expected) in \(names)")
        }
        for row in rows {
            let value = try #require(row["value"] as? Double, "\(row)")
            #expect(value > 0 && value.isFinite, "\(row)")
            #expect(row["met"] == nil && row["toTarget"] == nil, "quick runs do not judge targets")
        }
        // the binding rows carry their C baseline and ratio
        let get = try #require(rows.first { $0["case"] as? String == "property-get" })
        #expect((get["baseline"] as? Double ?? 0) > 0)
        #expect((get["ratio"] as? Double ?? 0) > 0)
        // the cycle carries its floor's rate, and the report its plain run's time
        for name in ["cycle", "report-100-views-10s"] {
            let row = try #require(rows.first { $0["case"] as? String == name })
            #expect((row["baseline"] as? Double ?? 0) > 0 && (row["ratio"] as? Double ?? 0) > 0, "\(row)")
        }
    }

    @Test("bench --only picks one group; the table names the targets")
    func onlyOneGroup() {
        let r = nestbox(["bench", "--quick", "--only", "churn"])
        #expect(r.code == 0)
        let lines = r.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("case") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("churn-") })
        #expect(r.out.contains("<= 2x"))
    }
}
