import Foundation
import Testing
import Containment
import InvariantChecking

/// The expected traces of docs/scenarios.md, written once: in the Lua scenario scripts
/// (Tests/Scenarios/SNN-*.lua), whose `ui.expectTrace [[...]]` calls
/// ScenarioScriptTests checks through the bindings. The Swift tests read the same text
/// here and check it against the model alone, so a wrong line fails both.
enum Scenario {
    struct Missing: Error, CustomStringConvertible, Equatable {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// One `ui.expectTrace` call of a script: its text and where it stands.
    struct Expectation: Equatable {
        let text: String
        let line: Int
    }

    static var directory: URL { SharedTestFiles.scenarios }

    /// The one script of scenario `id` ("S26" → `S26-set-view-controllers.lua`).
    static func script(_ id: String) throws -> URL {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix(id + "-") && $0.hasSuffix(".lua") }
        guard names.count == 1, let name = names.first else {
            throw Missing("\(names.isEmpty ? "no" : "more than one") scenario script Tests/Scenarios/\(id)-*.lua")
        }
        return directory.appendingPathComponent(name)
    }

    /// The `block`-th (from 1) `ui.expectTrace` of scenario `id`'s script, with its place.
    static func expectation(_ id: String, block: Int = 1) throws -> (file: String, Expectation) {
        let url = try script(id)
        let all = try expectations(in: String(contentsOf: url, encoding: .utf8))
        guard all.indices.contains(block - 1) else {
            throw Missing("\(url.lastPathComponent) has \(all.count) ui.expectTrace call(s), not \(block)")
        }
        return (url.lastPathComponent, all[block - 1])
    }

    /// Every `ui.expectTrace` argument of a script, in order. Only literal arguments,
    /// `[[...]]` or `"..."` without escapes, are accepted: any other form is an error, so
    /// that the numbering the Swift tests use always counts every call.
    static func expectations(in source: String) throws -> [Expectation] {
        var found: [Expectation] = []
        var rest = source[...]
        while let call = rest.range(of: "ui.expectTrace") {
            let line = source[..<call.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            var arg = rest[call.upperBound...].drop(while: { $0 == " " || $0 == "(" })
            let close: String
            if arg.hasPrefix("[[") { close = "]]" } else if arg.hasPrefix("\"") { close = "\"" } else {
                throw Missing("line \(line): ui.expectTrace needs a literal [[...]] or \"...\" argument")
            }
            arg = arg.dropFirst(close.count)
            guard let end = arg.range(of: close) else { throw Missing("line \(line): unterminated ui.expectTrace argument") }
            let text = String(arg[..<end.lowerBound])
            if close == "\"" && (text.contains("\\") || text.contains("\n")) {
                throw Missing("line \(line): ui.expectTrace's \"...\" argument has an escape or a line break; use [[...]]")
            }
            found.append(Expectation(text: text, line: line))
            rest = arg[end.upperBound...]
        }
        return found
    }
}

/// Compares the trace since the last mark with the `block`-th expectation of scenario
/// `id`'s Lua script; a missing script or block throws, so it fails the test. `subjects`
/// renames the object each expected line begins with, for a test that repeats a
/// scenario with other controllers.
func expectTrace(_ sim: Simulation, scenario id: String, block: Int = 1, subjects: [String: String] = [:],
                 sourceLocation: SourceLocation = #_sourceLocation) throws {
    let (file, expected) = try Scenario.expectation(id, block: block)
    let text = expected.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        let body = line.drop { $0 == " " }
        guard let dot = body.firstIndex(of: "."), let to = subjects[String(body[..<dot])] else { return String(line) }
        return to + body[dot...]
    }.joined(separator: "\n")
    if let diff = traceMismatch(expected: text, actual: sim.trace.sinceMark) {
        Issue.record(Comment(rawValue: "\(file):\(expected.line): \(diff)"), sourceLocation: sourceLocation)
    }
}
