import Foundation
import InvariantChecking
import NestboxLua
import Testing

/// Policy Q75: `pairs`, `next` and `math.random` give the same answers on every run,
/// where Lua's own draw a hash seed and a random seed per state.
@Suite(.checksInvariants)
struct OrderedTraversalTests {
    func output(_ source: String) throws -> String {
        let (outcome, out, _) = try runLua(source)
        #expect(outcome == .ok, "\(outcome)")
        return out
    }

    @Test func keysComeNumbersThenStringsThenBooleans() throws {
        let source = """
            local t = { zeta = 1, [3] = 1, alpha = 1, [true] = 1, [-1.5] = 1, Beta = 1, [false] = 1, [1] = 1, [""] = 1, ab = 1 }
            local s = {}
            for k in pairs(t) do s[#s + 1] = tostring(k) end
            print(table.concat(s, " "))
            """
        // The same in every fresh state, whose hash seeds differ.
        for _ in 0..<3 { #expect(try output(source) == "-1.5 1 3  Beta ab alpha zeta false true\n") }
    }

    /// Past 16 keys a traversal sorts a snapshot: the same order, checked key by key.
    @Test func aLargeTableComesInTheSameOrder() throws {
        let out = try output("""
            local t, n = {}, 0
            for i = 1, 60 do t[i * 1.5 - 40] = i; t["s" .. (i * 7919 % 101)] = i end
            t[true], t[false], t[""] = 1, 1, 1
            local function rank(k) return type(k) == "number" and 0 or type(k) == "string" and 1 or 2 end
            local function before(a, b)
              if rank(a) ~= rank(b) then return rank(a) < rank(b) end
              if rank(a) == 2 then return not a and b end
              return a < b
            end
            local previous, ok = nil, true
            for k in pairs(t) do
              n = n + 1
              if previous ~= nil and not before(previous, k) then ok = false end
              if n == 30 then t[k] = nil; t[next(t, k)] = nil end   -- the current key and the one after
              previous = k
            end
            print(n, ok)
            """)
        #expect(out == "122\ttrue\n")
    }

    @Test func removalNestingBreaksAndCollections() throws {
        let out = try output("""
            local t = {}
            for i = 1, 200 do t["k" .. string.format("%03d", i)] = i end
            -- removing the keys met so far, and one not met yet, as Lua allows
            local n = 0
            for k, v in pairs(t) do n = n + 1; t[k] = nil; if v == 1 then t.k150 = nil end end
            print(n, next(t))
            -- nested loops over one table, and a loop left early then run again
            local u = { a = 1, b = 2, c = 3 }
            local pairsSeen = {}
            for k1 in pairs(u) do for k2 in pairs(u) do pairsSeen[#pairsSeen + 1] = k1 .. k2 end end
            print(table.concat(pairsSeen, " "))
            for k in pairs(u) do if k == "b" then break end end
            collectgarbage(); collectgarbage()
            local again = {}
            for k, v in next, u do again[#again + 1] = k .. v end
            print(table.concat(again, " "), next(u), next(u, "a"), next(u, "c"))
            -- a key removed (or never there) goes on from its place in the order
            print(next(u, "ab"))
            print(pcall(next, u, {}))
            local traits = {}
            for k in pairs(ui.ViewController{}.traitCollection) do traits[#traits + 1] = k end
            print(table.concat(traits, " "))
            """)
        #expect(out == """
            199\tnil
            aa ab ac ba bb bc ca cb cc
            a1 b2 c3\ta\tb\tnil
            b\t2
            false\tinvalid key to 'next'
            displayScale horizontalSizeClass idiom layoutDirection userInterfaceIdiom verticalSizeClass

            """)
    }

    /// Objects Nestbox made come in the order they were made, small table or large.
    @Test func objectsComeInTheOrderTheyWereMade() throws {
        let out = try output("""
            for _, n in ipairs{ 4, 20 } do
              local byController, names = {}, {}
              for i = 1, n do byController[ui.ViewController{ name = "p" .. i }] = i end
              collectgarbage()
              local last, ok = 0, true
              for vc, i in pairs(byController) do ok = ok and i == last + 1; last = i end
              print(n, ok, last)
            end
            """)
        #expect(out == "4\ttrue\t4\n20\ttrue\t20\n")
    }

    @Test func randomIsOneSequence() throws {
        let source = "print(math.random(1, 1000000), math.random()); math.randomseed(); print(math.random(1, 1000000))"
        let first = try output(source)
        #expect(try output(source) == first)
        let parts = first.split(separator: "\n")
        #expect(parts[0].split(separator: "\t").first == parts[1])
    }
}
