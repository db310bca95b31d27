import Testing
import NestboxLua
import InvariantChecking

/// The bench's floor (Sources/CLuaShim/Floor.c): the containment cycle in lean C records
/// the cycle's events (as many as the model's text trace has), and an object kept past
/// its world's collection raises an error instead of reading freed memory.
@Suite(.checksInvariants) struct FloorTests {
    func run(_ source: String) throws -> String {
        let rt = try LuaRuntime()
        var out = ""
        rt.output = { out += $0 }
        rt.installFloor()
        let outcome = rt.run(source: source, chunkName: "=floor")
        #expect(outcome == .ok, "\(outcome)")
        return out
    }

    @Test("a cycle records the model's 18 events; the view loads once, on first read")
    func cycle() throws {
        let out = try run("""
            parent = floor.root()
            child = floor.ViewController()
            local cv = child.view
            print(floor.events(), rawequal(cv, child.view))
            local pv = parent.view
            for i = 1, 3 do
              parent:addChild(child); pv:addSubview(cv); child:didMove(parent)
              child:willMove(nil); cv:removeFromSuperview(); child:removeFromParent()
              print(floor.events())
            end
            print(pcall(function() return child.title end))
            print(pcall(parent.addChild, parent, cv))
            """)
        #expect(out == "2\ttrue\n20\n38\n56\nfalse\tfloor:11: floor: no member 'title'\nfalse\taddChild: not a controller\n")
    }

    @Test("objects and the world collected between steps: an object keeps its world")
    func collected() throws {
        let out = try run("""
            local function collect() collectgarbage(); collectgarbage() end
            local parent, child = floor.root(), floor.ViewController()
            parent:addChild(child); parent.view:addSubview(child.view)
            collect()
            child.view:removeFromSuperview(); child:removeFromParent()
            local n = floor.events()
            -- the module and the root go; the child keeps the world its arrays live in
            floor, parent = nil, nil
            collect()
            print(n, rawequal(child.view, child.view), pcall(child.removeFromParent, child))
            child = nil
            collect()
            """)
        #expect(out == "18\ttrue\ttrue\n")
    }
}
