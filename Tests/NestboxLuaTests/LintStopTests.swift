import Testing
@testable import NestboxLua
import InvariantChecking

/// Where `nestbox lint --json` says a run stopped (`LintReport.stop`): a place only
/// where a chunk is named, the message whole past it.
@Suite(.checksInvariants) struct LintStopTests {
    typealias Stop = (kind: String, file: String, line: Int?, message: String)

    func stop(_ outcome: RunOutcome, _ script: String = "/Users/Jane Doe/menu.lua") -> Stop? {
        LintReport.stop(outcome, script: script)
    }

    @Test func placesAreChunkNames() throws {
        let spaced = try #require(stop(.scriptError(message: "/Users/Jane Doe/menu.lua:6: boom", traceback: "")))
        #expect(spaced == ("error", "/Users/Jane Doe/menu.lua", 6, "boom"))
        // Lua shortens a long chunk name; the script's is given back whole.
        let long = "/very/long/folder/name/that/goes/on/and/on/for/a/while/menu.lua"
        let short = try #require(stop(.scriptError(message: "...er/name/that/goes/on/and/on/for/a/while/menu.lua:3: x", traceback: ""), long))
        #expect(short == ("error", long, 3, "x"))
        let module = try #require(stop(.scriptError(message: "lib/list.lua:12: bad", traceback: "")))
        #expect(module == ("error", "lib/list.lua", 12, "bad"))
        // error("…", 0): no place, however many colons.
        let bare = try #require(stop(.scriptError(message: "look at a:3: now", traceback: "")))
        #expect(bare == ("error", "/Users/Jane Doe/menu.lua", nil, "look at a:3: now"))
        #expect(stop(.ok) == nil)
    }

    @Test func limitsEndWithTheirPlace() throws {
        let limit = try #require(stop(.limitExceeded("time limit exceeded at /Users/Jane Doe/menu.lua:9")))
        #expect(limit == ("limit", "/Users/Jane Doe/menu.lua", 9, "time limit exceeded"))
        // Only a limit's message is read for " at ": an error's text is the script's.
        let error = try #require(stop(.scriptError(message: "stopped at x.lua:3", traceback: "")))
        #expect(error == ("error", "/Users/Jane Doe/menu.lua", nil, "stopped at x.lua:3"))
    }

    @Test func theMessageStaysWhole() throws {
        let diff = "menu.lua:4: the trace differs\r\n- a\n+ b"
        let expectation = try #require(stop(.expectationFailed(message: diff), "menu.lua"))
        #expect(expectation == ("expectation", "menu.lua", 4, "the trace differs\r\n- a\n+ b"))
        let unreadable = try #require(stop(.unreadable("cannot open x.lua: No such file or directory"), "x.lua"))
        #expect(unreadable == ("unreadable", "x.lua", nil, "cannot open x.lua: No such file or directory"))
    }
}
