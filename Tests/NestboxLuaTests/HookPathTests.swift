import Testing
import InvariantChecking
import Containment
import NestboxLua

/// A hook's call from the model takes one call into C when it can (LuaHost.run,
/// nb_run_hook) and the runtime's general path otherwise. Each way must find the hook
/// where a script put it, pass UIKit's arguments, run on the calling thread and report
/// an error as every callback does. Garbage is collected between steps.
@Suite(.checksInvariants) struct HookPathTests {
    @Test("hooks on the instance and up its class chain get the object and UIKit's arguments")
    func argumentsAndPlaces() throws {
        let (outcome, out, _) = try runLua("""
            local log = {}
            local Base = ui.ViewController:extend("Base")
            function Base:viewWillAppear(animated) log[#log + 1] = self.name .. " base will " .. tostring(animated) end
            local Child = Base:extend("Child")
            function Child:didMove(p) log[#log + 1] = self.name .. " class didMove " .. (p and p.name or "nil") end
            local parent = ui.ViewController{ name = "parent" }
            ui.window.rootViewController = parent
            ui.window:makeKeyAndVisible()
            local c = Child{ name = "c" }
            c.willMove = function(self, p) log[#log + 1] = self.name .. " own willMove " .. (p and p.name or "nil") end
            collectgarbage(); collectgarbage()
            for _ = 1, 2 do
              parent:addChild(c); parent.view:addSubview(c.view); c:didMove(parent)
              c:willMove(nil); c.view:removeFromSuperview(); c:removeFromParent()
              collectgarbage()
            end
            print(table.concat(log, "\\n"))
            """)
        #expect(outcome == .ok, "\(outcome)")
        let round = ["c own willMove parent", "c base will false", "c class didMove parent", "c own willMove nil",
                     "c class didMove nil"]
        #expect(out == (round + round).joined(separator: "\n") + "\n")
    }

    @Test("a parent with no userdata yet gets one for the hook, which stays its own")
    func argumentWithoutUserdata() throws {
        let (outcome, _, rt) = try runLua("""
            seen = {}
            c = ui.ViewController{ name = "c", willMove = function(self, p) seen[#seen + 1] = p end }
            ui.window.rootViewController = c
            """)
        #expect(outcome == .ok, "\(outcome)")
        // A parent the script never saw: the hook's argument is made by the general path.
        let c = try #require(rt.simulation.window.rootViewController)
        let parent = ViewController(simulation: rt.simulation, name: "made in Swift")
        rt.collectGarbage()
        c.willMove(toParent: parent)
        c.willMove(toParent: parent)
        c.willMove(toParent: nil)
        var out = ""
        rt.output = { out += $0 }
        #expect(rt.run(source: "print(#seen, seen[1].name, rawequal(seen[1], seen[2]), seen[3])", chunkName: "=test") == .ok)
        #expect(out == "2\tmade in Swift\ttrue\tnil\n")
    }

    @Test("a hook runs on the thread whose call caused it")
    func callingThread() throws {
        let (outcome, out, _) = try runLua("""
            local parent = ui.ViewController{ name = "parent" }
            ui.window.rootViewController = parent
            ui.window:makeKeyAndVisible()
            local ran
            local c = ui.ViewController{ name = "c", viewWillAppear = function() ran = coroutine.running() end }
            local co = coroutine.create(function()
              parent:addChild(c); parent.view:addSubview(c.view); c:didMove(parent)
            end)
            assert(coroutine.resume(co))
            print(ran == co)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\n")
    }

    @Test("an error in a hook is the hook's error event, and fails the call that caused it")
    func hookError() throws {
        let source = """
            local parent = ui.ViewController{ name = "parent" }
            ui.window.rootViewController = parent
            ui.window:makeKeyAndVisible()
            local c = ui.ViewController{ name = "c", viewDidAppear = function(self, animated) error("boom " .. tostring(animated)) end }
            parent:addChild(c); parent.view:addSubview(c.view); c:didMove(parent)
            print("after")
            """
        let (outcome, out, rt) = try runLua(source)
        guard case .scriptError(let message, _) = outcome else {
            Issue.record("expected a script error, got \(outcome)")
            return
        }
        #expect(message == "test:4: boom false")
        #expect(out == "")
        let errors = rt.simulation.trace.events.filter { $0.kind == .error }.map { "\($0.object) \($0.event)" }
        #expect(errors == ["c viewDidAppear"])
        let (kept, keptOut, _) = try runLua(source, keepGoing: true)
        #expect(kept == .ok, "\(kept)")
        #expect(keptOut == "after\n")
    }
}
