import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// `nestbox bench`'s hand-written C binding (Sources/CLuaShim/Baseline.c) works as a
/// binding would: it checks its receiver, dispatches on the key and does the model work.
@Suite(.checksInvariants) struct BaselineTests {
    func run(_ source: String) throws -> (RunOutcome, String) {
        let rt = try LuaRuntime()
        var out = ""
        rt.output = { out += $0 }
        rt.installBaseline()
        let outcome = rt.run(source: source, chunkName: "=test")
        #expect(rt.stackDepth == 0)
        return (outcome, out)
    }

    @Test("properties are found by key and the title is copied")
    func properties() throws {
        let (outcome, out) = try run("""
            local o = baseline.new()
            print(o.title, o.value, o.hidden, o.nothing)
            local s = string.rep("y", 100)
            o.title = s; s = nil; collectgarbage()
            print(#o.title, o.title:sub(1, 3))
            o.title = "short"; o.value = 7; o.hidden = true
            print(o.title, o.value, o.hidden)
            o.title = nil
            print(o.title)
            o:method()
            print(o.value)
            print(pcall(function() o.nope = 1 end))
            print(pcall(function() o.title = 5 end))
            print(pcall(o.method, 5))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            Inbox\t0\tfalse\tnil
            100\tyyy
            short\t7\ttrue
            nil
            8
            false\ttest:12: no property 'nope'
            false\ttest:13: bad value for property 'title' (string expected)
            false\tbad argument #1 to '?' (nestbox.baseline expected, got number)

            """)
    }

    @Test("the methods do the model's work on views of the runtime's simulation")
    func methods() throws {
        let (outcome, out) = try run("""
            local o, p = baseline.new(), baseline.new()
            for i = 1, 3 do o:addSubview(p); p:removeFromSuperview() end
            o:addSubview(p)
            print(pcall(o.addSubview, o, {}))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "false\tbad argument #2 to '?' (nestbox.baseline expected, got table)\n")
    }
}
