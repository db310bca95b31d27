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

    @Test("an invariant that raises is a script error; bad declarations fail at their line")
    func errors() throws {
        let (raised, _, _) = try runLua("ui.invariant('x', function() error('broken') end)")
        guard case .scriptError(let message, _) = raised else { Issue.record("\(raised)"); return }
        #expect(message == "invariant 'x' raised: test:1: broken")
        for (source, expected) in [
            ("ui.invariant('', function() end)", "test:1: bad argument #1 to 'invariant' (the invariant's name must be 1 to 200 bytes)"),
            ("ui.invariant('x', 1)", "test:1: bad argument #2 to 'invariant' (function expected, got number)"),
            ("ui.action('a', print)\nui.action('a', print)", "test:2: bad argument #1 to 'action' (an action named 'a' is declared already)"),
        ] {
            let (outcome, _, _) = try runLua(source)
            guard case .scriptError(let message, _) = outcome else { Issue.record("\(outcome)"); continue }
            #expect(message == expected)
        }
    }
}
