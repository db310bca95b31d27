import Testing
import InvariantChecking
import Containment
import NestboxLua

/// Every Swift→Lua call goes through LuaRuntime.docall: an error in any callback is an
/// `error` event charged to the object and named by the callback, and the Lua call that
/// led to it fails with its message, as a hook's error does (README, exit codes).
@Suite(.checksInvariants) struct CallbackErrorTests {
    /// The `error` events of a run, as (object, event, text).
    func errors(_ rt: LuaRuntime) -> [String] {
        rt.simulation.trace.events.filter { $0.kind == .error }.map { "\($0.object) \($0.event) \($0.text)" }
    }

    /// The message and traceback of a failed run, or a test failure.
    func failure(_ outcome: RunOutcome, sourceLocation: SourceLocation = #_sourceLocation) -> (String, String) {
        guard case .scriptError(let message, let traceback) = outcome else {
            Issue.record("expected a script error, got \(outcome)", sourceLocation: sourceLocation)
            return ("", "")
        }
        return (message, traceback)
    }

    static let transition = """
        local p, a, b = ui.ViewController{ name = "p" }, ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
        ui.window.rootViewController = p
        ui.window:makeKeyAndVisible()
        p:addChild(a); p.view:addSubview(a.view); p:addChild(b)
        p:transition{ from = a, to = b, animator = {
          transitionDuration = function(ctx) error("no duration") end,
          animateTransition = function(ctx) print("animating"); ctx:completeTransition(true) end } }
        print("after", a.appearanceState, b.appearanceState)
        """

    @Test("an error in transitionDuration fails the transition call (it used to become 0 silently)")
    func transitionDuration() throws {
        let (outcome, out, rt) = try runLua(Self.transition)
        let (message, traceback) = failure(outcome)
        #expect(message == "test:6: no duration")
        #expect(traceback.contains("[C]: in method 'transition'"))
        #expect(errors(rt) == ["TransitionContext#1 transitionDuration [0.000] error: test:6: no duration"])
        // The transition itself ran, with no duration, before the call failed.
        #expect(out == "animating\n")
    }

    @Test("with keepGoing, a failing transitionDuration is reported and the transition runs with no duration")
    func transitionDurationKeepGoing() throws {
        let (outcome, out, rt) = try runLua(Self.transition, keepGoing: true)
        #expect(outcome == .ok)
        #expect(out == "animating\nafter\tdisappeared\tappeared\n")
        #expect(rt.hookErrors.map(\.message) == ["test:6: no duration"])
        #expect(rt.simulation.clock.now == 0)
    }

    @Test("an error in a data source's numberOfRows fails the call that asked (the constructor)")
    func numberOfRows() throws {
        let (outcome, out, rt) = try runLua("""
            local t = ui.TableView{ name = "t", frame = { 0, 0, 393, 440 },
              dataSource = { numberOfRows = function() error("no rows") end, cellForRow = function() return "x" end } }
            print("not reached")
            """)
        let (message, traceback) = failure(outcome)
        #expect(message == "test:2: no rows")
        #expect(traceback.contains("[C]: in field 'TableView'"))
        #expect(out == "")
        #expect(errors(rt) == ["t dataSource.numberOfRows [0.000] error: test:2: no rows"])
    }

    @Test("an error in a data source's cellForRow is reported once per row asked, and fails the call")
    func cellForRow() throws {
        let source = """
            local t = ui.TableView{ name = "t", frame = { 0, 0, 393, 440 },
              dataSource = { numberOfRows = function() return 2 end, cellForRow = function(t, row) error("no cell " .. row) end } }
            print("rows", t.numberOfRows, #t.subviews)
            """
        let (outcome, out, rt) = try runLua(source)
        #expect(failure(outcome).0 == "test:2: no cell 1")
        #expect(out == "")
        #expect(errors(rt) == ["t dataSource.cellForRow [0.000] error: test:2: no cell 1",
                               "t dataSource.cellForRow [0.000] error: test:2: no cell 2"])
        // Carrying on, the rows exist with empty titles.
        let (kept, keptOut, _) = try runLua(source, keepGoing: true)
        #expect(kept == .ok)
        #expect(keptOut == "rows\t2\t2\n")
    }

    @Test("an error in a delegate method that answers (shouldSelect) is reported; UIKit's default answer is used")
    func delegateAnswer() throws {
        let source = """
            local tbc = ui.TabBarController{ name = "tbc",
              viewControllers = { ui.ViewController{ title = "One" }, ui.ViewController{ title = "Two" } },
              delegate = { shouldSelect = function(tbc, vc) error("no answer") end } }
            ui.window.rootViewController = tbc
            ui.window:makeKeyAndVisible()
            ui.tap("Two")
            print("selected", tbc.selectedIndex)
            """
        let (outcome, out, rt) = try runLua(source)
        let (message, traceback) = failure(outcome)
        #expect(message == "test:3: no answer")
        #expect(traceback.contains("[C]: in field 'tap'"))
        #expect(out == "")
        #expect(errors(rt) == ["tbc delegate.shouldSelect [0.000] error: test:3: no answer"])
        let (kept, keptOut, _) = try runLua(source, keepGoing: true)
        #expect(kept == .ok)
        #expect(keptOut == "selected\t2\n")
    }

    @Test("a timer's error is reported as `after` on the screen and ends the run")
    func timer() throws {
        let (outcome, out, rt) = try runLua("""
            ui.after(0.5, function() error("late") end)
            ui.after(1, function() print("later") end)
            """)
        #expect(failure(outcome).0 == "test:1: late")
        #expect(out == "later\n")
        #expect(errors(rt) == ["screen after [0.500] error: test:1: late"])
    }

    @Test("a hook failing as an earlier one did is an error of its own: one event each, the last call's traceback")
    func sameTextTwice() throws {
        let source = """
            local V = ui.ViewController:extend("V")
            function V:viewDidLoad() error("boom") end
            for i = 1, 3 do
              local ok, e = pcall(function() local v = V{ name = "v" .. i }; local _ = v.view end)
              print(i, ok, e)
            end
            local _ = V{ name = "last" }.view
            """
        let (outcome, out, rt) = try runLua(source)
        let (message, traceback) = failure(outcome)
        #expect(message == "test:2: boom")
        // The uncaught one, on line 7, not the first caught one on line 4.
        #expect(traceback.contains("test:7: in main chunk") && !traceback.contains("pcall"))
        #expect(out == "1\tfalse\ttest:2: boom\n2\tfalse\ttest:2: boom\n3\tfalse\ttest:2: boom\n")
        #expect(errors(rt) == ["v1", "v2", "v3", "last"].map { "\($0) viewDidLoad [0.000] error: test:2: boom" })
        let (_, _, kept) = try runLua(source, keepGoing: true)
        #expect(kept.hookErrors.count == 4)
    }

    @Test("an error passed on out of an outer hook is one error, charged to the hook that raised it")
    func passedOnThroughHooks() throws {
        let (outcome, _, rt) = try runLua("""
            local C = ui.ViewController:extend("C")
            function C:viewDidLoad() error("inner") end
            local P = ui.ViewController:extend("P")
            function P:viewDidLoad() local _ = C{ name = "c" }.view end
            local _ = P{ name = "p" }.view
            """)
        let (message, traceback) = failure(outcome)
        #expect(message == "test:2: inner")
        #expect(traceback.contains("test:4: in function <test:4>"))
        #expect(errors(rt) == ["c viewDidLoad [0.000] error: test:2: inner"])
    }

    @Test("an error a hook raises itself is recorded, though an earlier one of the same text was passed on and caught")
    func caughtThenRaisedAlike() throws {
        let source = """
            local function check(ok) if not ok then error("invalid state") end end
            local V = ui.View:extend("V")
            function V:didMoveToSuperview() check(self.superview == nil) end
            local E = ui.ViewController:extend("E")
            function E:viewWillAppear(a)
              print(pcall(self.view.addSubview, self.view, V{ name = "w" }))
              check(false)
            end
            ui.window.rootViewController = E{ name = "e" }
            ui.window:makeKeyAndVisible()
            """
        let (outcome, out, rt) = try runLua(source)
        let (message, traceback) = failure(outcome)
        #expect(message == "test:1: invalid state")
        #expect(out == "false\ttest:1: invalid state\n")
        // The caught one, then the hook's own: the run ends with the uncaught one.
        #expect(errors(rt) == ["w didMoveToSuperview [0.000] error: test:1: invalid state",
                               "e viewWillAppear [0.000] error: test:1: invalid state"])
        #expect(traceback.contains("test:7: in function <test:5>") && !traceback.contains("pcall"))
        // At the top level: the main chunk's own error, with its own traceback.
        let (top, _, _) = try runLua("""
            local V = ui.ViewController:extend("V")
            function V:viewDidLoad() error("boom") end
            print(pcall(function() local _ = V{ name = "v" }.view end))
            error("boom")
            """, keepGoing: true)
        let (_, topTraceback) = failure(top)
        #expect(topTraceback.contains("test:4: in main chunk") && !topTraceback.contains("test:2:"))
    }
}
