import Foundation
import Testing
@testable import NestboxCLI

/// `bench --json` is strict JSON even for a figure that could not be measured.
@Suite struct BenchJSONTests {
    @Test("the bench's containment cycle records cycleEvents events (instr-trace-event divides by it)")
    func cycleEvents() throws {
        func events(_ n: Int) throws -> Int {
            let r = nestbox(["run", try script(Bench.cycleSetup.replacing("(HOOKS)", with: "{ name = \"child\" }") + "\n" + Bench.cycleLoop(n)),
                             "--trace", "jsonl"])
            #expect(r.code == 0)
            return r.out.split(separator: "\n").count
        }
        #expect(try events(3) - events(2) == Int(Bench.cycleEvents))
    }

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

    @Test("a judged row carries its spread and its distance to the target")
    func spreadAndTarget() throws {
        var get = Bench.Row(name: "property-get", value: 120, unit: "ns/op", baseline: 100, ratio: 1.2,
                            spread: Bench.spread([110, 120, 140]))
        get.judge(1.2, atMost: 1.5, "<= 1.5x")
        var cycle = Bench.Row(name: "cycle", value: 250_000, unit: "cycles/s")
        cycle.judge(250_000, atLeast: 500_000, ">= 500000/s")
        #expect(Bench.json([get, cycle]) == """
            [{"case":"property-get","value":120,"unit":"ns/op","baseline":100,"ratio":1.20,"target":"<= 1.5x","met":true,"toTarget":0.80,"spread":0.25},
            {"case":"cycle","value":250000,"unit":"cycles/s","target":">= 500000/s","met":false,"toTarget":2.00}]

            """)
        #expect(Bench.spread([3]) == nil)
    }

    @Test("growth is taken from runs by turns: each large run against the small runs beside it")
    func growthByTurns() {
        var calls = ""
        var smalls = [1.0, 3, 1, 1][...], larges = [4.0, 6, 2][...]
        let turns = Bench.byTurns(3, small: { calls += "s"; return smalls.popFirst() ?? .nan },
                                  large: { calls += "l"; return larges.popFirst() ?? .nan })
        #expect(calls == "slslsls")
        #expect(turns.small == [1, 3, 1, 1])
        #expect(turns.large == [4, 6, 2])
        // 4 / mean(1, 3), 6 / mean(3, 1), 2 / mean(1, 1): 2, 3, 2
        #expect(turns.growth == 2)
    }
}
