import Testing
import Containment
import NestboxLua

/// `ui.trace.lines`, `except`, `ui.trace.diff` and `expectTrace` showing every mismatch.
@Suite(.checksInvariants) struct TraceQueryTests {
    static let design = """
        local p = ui.ViewController{ name = "p" }
        ui.window.rootViewController = p
        ui.settle()
        ui.trace.mark("add")
        local c = ui.ViewController{ name = "c" }
        p:addChild(c)
        p.view:addSubview(c.view)
        c:didMove(p)
        print("added")
        ui.settle()

        """

    @Test func linesAreBareAndTakeTheQueriesOfEvents() throws {
        let (outcome, out, _) = try runLua(Self.design + """
            local all = ui.trace.lines{ since = "add" }
            for _, l in ipairs(all) do assert(not l:find("^%[")) end
            local containment = ui.trace.lines{ since = "add", kinds = "containment" }
            local others = ui.trace.lines{ since = "add", except = { "lifecycle", "view", "mark" } }
            local logs, same = #ui.trace.lines("log"), #all == #ui.trace.events{ since = "add" }
            print(table.concat(containment, "|"))
            print(table.concat(others, "|"))
            print(logs, same)
            print(select(2, pcall(ui.trace.lines, { kind = "log" })))
            print(select(2, pcall(ui.trace.lines, { except = "layout" })))
            """)
        #expect(outcome == .ok)
        #expect(out == """
            added
            c.willMove(toParent: p)|c.didMove(toParent: p)
            p.addChild(c)|c.willMove(toParent: p)|c.didMove(toParent: p)|log: added
            1\ttrue
            bad argument #1 to 'lines' (unknown query option 'kind' (expected: kinds, except, since))
            bad argument #1 to 'lines' (except: unknown trace kind 'layout' (expected: lifecycle, containment, call, view, animation, input, delegate, warning, lint, error, log, mark))

            """)
    }

    @Test func diffReturnsEveryDifferenceOrNil() throws {
        // 45 expected lines that are not there: all 45 show, not the first 40.
        let wrong = (1...45).map { "x\($0).viewDidLoad()" }.joined(separator: "\n")
        let (outcome, out, _) = try runLua(Self.design + """
            assert(ui.trace.diff(ui.trace.text{ since = "add", kinds = { "containment", "lifecycle" } }) == nil)
            local d = ui.trace.diff([[\(wrong)]])
            local n = 0
            for line in d:gmatch("[^\\n]+") do if line:find("^%- x") then n = n + 1 end end
            print(n, d:find("more differences") == nil)
            """)
        #expect(outcome == .ok)
        #expect(out == "added\n45\ttrue\n")
    }

    @Test func expectTraceShowsEveryMismatch() throws {
        let wrong = (1...45).map { "x\($0).viewDidLoad()" }.joined(separator: "\n")
        let message = try errorMessage(Self.design + "ui.expectTrace[[\(wrong)]]")
        let lines = message.split(separator: "\n")
        #expect(lines.first?.hasSuffix("trace mismatch (- expected, + actual):") == true)
        #expect(lines.count { $0.hasPrefix("- x") } == 45)
        #expect(lines.count { $0.hasPrefix("+ ") } == 6, "\(message)")
        #expect(!message.contains("more differences"))
    }
}
