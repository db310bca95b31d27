import Testing
import Containment
import NestboxLua
import InvariantChecking

/// Q54: a large string a host function returns reaches the script whole, and its
/// allocation does not make the collector run.
@Suite(.checksInvariants) struct HugeTextTests {
    /// A weak table's garbage key is left just before the call: a collection the push
    /// set off would clear it. Then a full collection does.
    static let sentinel = """
        local v, w = ui.View{}, ui.View{}
        for i = 1, 40000 do v:addSubview(w); w:removeFromSuperview() end
        collectgarbage()
        local weak = setmetatable({}, { __mode = "k" })
        weak[{}] = true
        local text = CALL
        local early = next(weak) == nil
        collectgarbage()
        print(#text > 65536, early, next(weak) == nil)
        """

    @Test("ui.trace.text() of 80,000 events: returned whole, no collection for it")
    func traceText() throws {
        let (outcome, out, rt) = try runLua(Self.sentinel.replacing("CALL", with: "ui.trace.text()"))
        #expect(outcome == .ok)
        #expect(out == "true\tfalse\ttrue\n")
        #expect(rt.simulation.trace.events.count == 80_001)     // and the print
    }

    @Test("ui.printHierarchy() of 3,000 controllers prints and returns the same text")
    func hierarchy() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            for i = 1, 3000 do root:addChild(ui.ViewController{ name = "c" .. i }) end
            local text = ui.printHierarchy()
            assert(#text > 65536 and text:sub(1, 46) == "<ViewController: root>, state: disappeared, vi")
            assert(select(2, text:gsub("\\n", "")) == 3000)
            print(text:sub(-73))
            """)
        #expect(outcome == .ok)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3003)      // printed, then its last line again, each ending in "\n"
        #expect(lines[3000] == "   | <ViewController: c3000>, state: disappeared, view: (view not loaded)")
        #expect(lines[3001] == lines[3000])
    }
}
