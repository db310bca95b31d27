import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// The cache of Swift copies of Lua strings (policy Q50).
@Suite(.checksInvariants) struct StringCacheTests {
    @Test("a string made again at a freed string's address reads as itself")
    func reusedAddresses() throws {
        // New strings, dropped and collected all the time: an address the cache
        // remembers must never answer for another string.
        let (outcome, _, rt) = try runLua("""
            local vc = ui.ViewController{}
            for i = 1, 3000 do
              local s = string.format("a long title number %08d", i)
              vc.title = s
              assert(vc.title == s, vc.title .. " ~= " .. s)
              if i % 100 == 0 then collectgarbage() end
            end
            local keep = string.rep("k", 40)
            for i = 1, 3 do vc.title = keep; assert(vc.title == keep) end
            """)
        #expect(outcome == .ok, "\(outcome)")
        let cached = rt.cachedStrings()
        #expect(cached.count <= StringCache.slots)
        #expect(cached.contains { $0.lua == String(repeating: "k", count: 40) })
        for entry in cached { #expect(entry.lua == entry.swift) }
    }

    @Test("only strings of 1 to 512 bytes are kept")
    func bounds() throws {
        let (outcome, _, rt) = try runLua("""
            vc = ui.ViewController{}
            vc.title = ""
            vc.title = string.rep("l", 513)
            assert(#vc.title == 513)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(rt.cachedStrings().isEmpty)
        #expect(rt.run(source: "vc.title = 'm'") == .ok)
        #expect(rt.cachedStrings().map(\.lua) == ["m"])
        #expect(rt.run(source: "vc.title = string.rep('n', 512)") == .ok)
        #expect(rt.cachedStrings().contains { $0.lua == String(repeating: "n", count: 512) })
    }

    @Test("at most 64 strings are kept, and bad UTF-8 is repaired as before")
    func slots() throws {
        let (outcome, _, rt) = try runLua("""
            local vc = ui.ViewController{}
            for i = 1, 500 do vc.title = string.format("title %020d", i) end
            vc.title = "\\xff\\xfe a long enough bad title"
            assert(vc.title == "\\u{FFFD}\\u{FFFD} a long enough bad title", vc.title)
            vc.title = "\\xff\\xfe a long enough bad title"
            assert(vc.title == "\\u{FFFD}\\u{FFFD} a long enough bad title", vc.title)
            """)
        #expect(outcome == .ok, "\(outcome)")
        let cached = rt.cachedStrings()
        #expect(cached.count > 1 && cached.count <= 64)
        #expect(cached.filter { $0.swift.hasPrefix("\u{FFFD}") }.map(\.swift) == ["\u{FFFD}\u{FFFD} a long enough bad title"])
    }
}
