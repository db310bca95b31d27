import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// Back-references (Q56) when Lua collects their targets between steps: a script keeps
/// a child and drops its parent, its superview or its own controller.
@Suite(.checksInvariants) struct BackReferenceLifetimeTests {
    @Test("a child kept after its parent is collected has no parent and no superview")
    func parentCollected() throws {
        let (outcome, out, rt) = try runLua("""
            local p = ui.ViewController{ name = "p" }
            child = ui.ViewController{ name = "child" }
            p:addChild(child); p.view:addSubview(child.view); child:didMove(p)
            print(child.parent == p, child.view.superview == p.view)
            p = nil
            collectgarbage(); collectgarbage()
            print(child.parent, child.view.superview)
            local q = ui.ViewController{ name = "q" }
            q:addChild(child); q.view:addSubview(child.view); child:didMove(q)
            collectgarbage()
            print(child.parent.name, child.view.superview == q.view)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\ttrue\nnil\tnil\nq\ttrue\n")
        #expect(rt.scriptObjects().map(\.name).contains("p") == false)
    }

    @Test("a view kept after its controller is collected has no owner")
    func controllerCollected() throws {
        let (outcome, out, _) = try runLua("""
            local vc = ui.ViewController{ name = "vc" }
            v = vc.view
            local holder = ui.View{ name = "holder" }
            holder:addSubview(v)
            vc = nil
            collectgarbage(); collectgarbage()
            print(v.superview == holder, ui.window.rootViewController)
            ui.window.rootViewController = ui.ViewController{ name = "root" }
            ui.window:makeKeyAndVisible()
            ui.window.rootViewController.view:addSubview(holder)
            ui.settle()
            collectgarbage()
            print(v.superview.superview.name, v.window ~= nil)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\tnil\nroot.view\ttrue\n")
    }
}
