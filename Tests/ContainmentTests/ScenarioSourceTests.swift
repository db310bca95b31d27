import Foundation
import Testing
import InvariantChecking

/// The reading of the scenarios' expected traces from their Lua scripts (Scenario.swift):
/// a block read wrong or not at all must fail, never pass by comparing with nothing.
@Suite(.checksInvariants) struct ScenarioSourceTests {
    @Test("both literal forms, numbered in order, with their lines")
    func forms() throws {
        let source = """
            local x = 1
            ui.expectTrace [[
              a.loadView()
            ]]
            ui.expectTrace "b.willMove(toParent: n)"
            ui.expectTrace("")
            ui.expectTrace [[c.didMove(toParent: nil)]]
            """
        #expect(try Scenario.expectations(in: source) == [
            .init(text: "\n  a.loadView()\n", line: 2),
            .init(text: "b.willMove(toParent: n)", line: 5),
            .init(text: "", line: 6),
            .init(text: "c.didMove(toParent: nil)", line: 7),
        ])
    }

    @Test("an argument that is not a literal is an error, so no call goes uncounted")
    func otherForms() {
        #expect(throws: Scenario.Missing("line 2: ui.expectTrace needs a literal [[...]] or \"...\" argument")) {
            try Scenario.expectations(in: "local t = 'x'\nui.expectTrace(t)")
        }
        #expect(throws: Scenario.Missing("line 1: unterminated ui.expectTrace argument")) {
            try Scenario.expectations(in: "ui.expectTrace [[ a.loadView()")
        }
        #expect(throws: Scenario.Missing("line 1: ui.expectTrace's \"...\" argument has an escape or a line break; use [[...]]")) {
            try Scenario.expectations(in: #"ui.expectTrace "a\nb""#)
        }
    }

    @Test("a scenario without a script, or without the block asked for, fails")
    func missing() {
        #expect(throws: Scenario.Missing("no scenario script Tests/Scenarios/S123-*.lua")) {
            try Scenario.expectation("S123")
        }
        #expect(throws: Scenario.Missing("S21-push-off-screen.lua has 1 ui.expectTrace call(s), not 2")) {
            try Scenario.expectation("S21", block: 2)
        }
    }

    @Test("every scenario script's expectations can be read")
    func allScripts() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Scenario.directory.path)
            .filter { $0.hasPrefix("S") && $0.hasSuffix(".lua") }
        #expect(names.count == 49)
        for name in names {
            let source = try String(contentsOf: Scenario.directory.appendingPathComponent(name), encoding: .utf8)
            #expect(throws: Never.self, "\(name)") { _ = try Scenario.expectations(in: source) }
        }
        let (file, s26) = try Scenario.expectation("S26")
        #expect(file == "S26-set-view-controllers.lua" && s26.line == 6)
        #expect(s26.text.contains("x.willMove(toParent: n)"))
    }
}
