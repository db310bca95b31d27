import Testing
import Containment
import NestboxLua
import InvariantChecking

/// `ui.invariant` and `ui.action` (Explore+Lua.swift): a run checks the invariants once the
/// world has settled, in the order declared; an action does nothing unless fired; bad
/// declarations fail at their line; the functions stay alive across collections.
@Suite(.checksInvariants) struct DeclaredInvariantTests {
    static let drawer = """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        local menu = ui.ViewController{ name = "menu" }
        ui.invariant("one root", function() return ui.window.rootViewController == root end)
        ui.invariant("menu on screen only as a child", function()
          local v = menu.viewIfLoaded
          if v and v.window ~= nil and menu.parent ~= root then return false, "menu is on screen without a parent" end
          return true
        end)
        ui.action("open, forgetting addChild", function() root.view:addSubview(menu.view) end)
        collectgarbage(); collectgarbage()
        """

    @Test("invariants that hold: the run is ok; an action is not called by the run")
    func holding() throws {
        let (outcome, _, rt) = try runLua(Self.drawer)
        #expect(outcome == .ok)
        #expect(rt.actionNames == ["open, forgetting addChild"])
        #expect(!rt.simulation.trace.events.contains { $0.object == "menu" && $0.event == "viewDidLoad" })
        // Fired (as the explorer does), the action breaks the second invariant.
        #expect(rt.fireAction(0) == nil)
        #expect(rt.settle() == .ok)
        #expect(rt.checkDeclaredInvariants()
                == .expectationFailed(message: "test:6: invariant 'menu on screen only as a child' failed: menu is on screen without a parent"))
    }

    @Test("ui.checkInvariants checks now, with the run's message and exit 4; ScriptedInput makes the explorer's inputs; collections between steps")
    func checkNowAndScriptedInputs() throws {
        let (outcome, _, rt) = try runLua(Self.drawer + """

            ui.checkInvariants()
            collectgarbage()
            assert(pcall(ui.checkInvariants))
            ui.fireAction("open, forgetting addChild")
            collectgarbage(); collectgarbage()
            ui.checkInvariants()
            """)
        #expect(outcome == .expectationFailed(message: "test:6: invariant 'menu on screen only as a child' failed: menu is on screen without a parent"))
        // The same inputs from Swift, as `nestbox explore` makes them.
        #expect(rt.perform(.advance(0.25)) == nil)
        #expect(rt.perform(.rotate("landscapeLeft")) == nil)
        #expect(rt.perform(.memoryWarning) == nil)
        #expect(rt.perform(.tap(Point(x: 1, y: 1))) == nil)
        guard case .scriptError(let message, _)? = rt.perform(.action("no such")) else { Issue.record("no error"); return }
        #expect(message == "ui.fireAction: no action named 'no such' (declared: 'open, forgetting addChild')")
        #expect(rt.perform(.settle) == nil)
        #expect(rt.checkAllInvariants() != nil)
        #expect(rt.lastFailedInvariant == "menu on screen only as a child")
    }

    @Test("a failing invariant ends the run with exit 4 and where it was declared; nil fails too")
    func failing() throws {
        let (outcome, _, _) = try runLua("ui.invariant('never', function() return false, 'no' end)")
        #expect(outcome == .expectationFailed(message: "test:1: invariant 'never' failed: no"))
        #expect(outcome.exitStatus.code == 4)
        let (forgot, _, _) = try runLua("ui.invariant('forgot return', function() local _ = 1 end)")
        #expect(forgot == .expectationFailed(message: "test:1: invariant 'forgot return' failed (it returned nil)"))
        // Checked in order: the first failure is the one said.
        let (first, _, _) = try runLua("ui.invariant('a', function() return false end)\nui.invariant('b', function() return false end)")
        #expect(first == .expectationFailed(message: "test:1: invariant 'a' failed"))
    }

    @Test("a later declaration of a name replaces it; a number is a message, an empty one says nothing")
    func redeclared() throws {
        let (outcome, _, rt) = try runLua("""
            ui.invariant('x', function() return false, 'first' end)
            ui.action('a', print)
            ui.invariant('x', function() return false, 42 end)
            ui.action('a', print)
            """)
        #expect(outcome == .expectationFailed(message: "test:3: invariant 'x' failed: 42"))
        #expect(rt.actionNames == ["a"])
        let (empty, _, _) = try runLua("ui.invariant('y', function() return false, '' end)")
        #expect(empty == .expectationFailed(message: "test:1: invariant 'y' failed"))
    }

    @Test("an invariant may redeclare one being checked; an expectation inside one fails as an expectation")
    func insideTheCheck() throws {
        let (outcome, _, _) = try runLua("""
            ui.invariant('a', function() ui.invariant('b', function() return false, 'new b' end) return true end)
            ui.invariant('b', function() return true end)
            """)
        #expect(outcome == .expectationFailed(message: "test:1: invariant 'b' failed: new b"))
        let (expectation, _, _) = try runLua("ui.invariant('trace', function() ui.expectTrace('x.viewDidLoad()') return true end)")
        guard case .expectationFailed(let message) = expectation else { Issue.record("\(expectation)"); return }
        #expect(message.hasPrefix("test:1: invariant 'trace': "))
    }

    @Test("an invariant that raises is a script error; bad declarations fail at their line")
    func errors() throws {
        let (raised, _, _) = try runLua("local function helper() error('broken') end\nui.invariant('x', function() return helper() end)")
        guard case .scriptError(let message, _) = raised else { Issue.record("\(raised)"); return }
        #expect(message == "test:2: invariant 'x' raised: test:1: broken")
        for (source, expected) in [
            ("ui.invariant('', function() end)", "test:1: bad argument #1 to 'invariant' (the invariant's name must be 1 to 200 bytes)"),
            ("ui.invariant('x', 1)", "test:1: bad argument #2 to 'invariant' (function expected, got number)"),
        ] {
            let (outcome, _, _) = try runLua(source)
            guard case .scriptError(let message, _) = outcome else { Issue.record("\(outcome)"); continue }
            #expect(message == expected)
        }
    }
}
