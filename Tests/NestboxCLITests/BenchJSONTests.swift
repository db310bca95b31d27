import Foundation
import Testing
@testable import NestboxCLI

/// `bench --json` is strict JSON even for a figure that could not be measured.
@Suite struct BenchJSONTests {
    @Test("the skipped start-up row's value is null, not nan")
    func skippedRowIsNull() throws {
        let rows = [Bench.Row(name: "startup (skipped: build the HelloWorld product)", value: .nan, unit: "ms"),
                    Bench.Row(name: "startup-ratio", value: 2.5, unit: "x", baseline: .infinity, ratio: -.infinity)]
        let json = Bench.json(rows)
        #expect(json == """
            [{"case":"startup (skipped: build the HelloWorld product)","value":null,"unit":"ms"},
            {"case":"startup-ratio","value":2.50,"unit":"x","baseline":null,"ratio":null}]

            """)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [[String: Any]])
    }
}
