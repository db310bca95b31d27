import Foundation
import Testing
import Containment
import NestboxLua
import Rendering

/// Each example design's screen when its script has run and settled, as SVG, with the
/// controllers outlined, compared with Golden/<name>.svg. `NESTBOX_RECORD_GOLDEN=1 swift
/// test --filter GoldenPictureTests` re-records them, and the test then fails so a
/// recording never passes silently.
@Suite struct GoldenPictureTests {
    static let examples: [String] = {
        let dir = repositoryRoot.appendingPathComponent("scripts/examples")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted()
    }()

    @Test func thereAreExamples() { #expect(Self.examples.count >= 5) }

    @Test(arguments: examples)
    func example(_ name: String) throws {
        let rt = try LuaRuntime()
        rt.output = { _ in }
        let outcome = rt.run(file: repositoryRoot.appendingPathComponent("scripts/examples/\(name)").path)
        #expect(outcome == .ok, "\(outcome)")
        let picture = try #require(Renderer(overlays: .controllers).render(rt.simulation))
        let actual = try #require(SVG.encode(picture))
        let golden = repositoryRoot.appendingPathComponent("Tests/RenderingTests/Golden")
            .appendingPathComponent(String(name.dropLast(4)) + ".svg")
        if ProcessInfo.processInfo.environment["NESTBOX_RECORD_GOLDEN"] != nil {
            try Data(actual).write(to: golden)
            Issue.record("recorded \(golden.lastPathComponent); run again without NESTBOX_RECORD_GOLDEN")
            return
        }
        let expected = try Data(contentsOf: golden)
        if expected != Data(actual) {
            let e = String(decoding: expected, as: UTF8.self).split(separator: "\n"), a = String(decoding: actual, as: UTF8.self).split(separator: "\n")
            let first = zip(e, a).enumerated().first { $0.element.0 != $0.element.1 }
            var message = "\(name) differs from its golden picture (\(e.count) lines expected, \(a.count) drawn)"
            if let first { message += "; first at line \(first.offset + 1):\n- \(first.element.0)\n+ \(first.element.1)" }
            Issue.record(Comment(rawValue: message))
        }
    }
}
