import Foundation
import Testing
import NestboxCLI

/// Small command-line manners: control bytes in a spec's names never reach the terminal
/// raw, `bench --only` refuses what selects nothing, `annotations -o -` is standard output.
@Suite struct SmallCommandTests {
    @Test("a test's name with a newline, an ESC or a NUL prints as one line with U+FFFD, in the text and TAP reports")
    func namesStayOnOneLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nb-names-\(UUID().uuidString.prefix(8))_spec.lua").path
        try "it(\"a\\nok 99 - injected\", function() end)\nit(\"esc \\27[31m nul \\0 end\", function() error(\"x\\27[2J\") end)\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        for args in [["test", file], ["test", file, "--tap"]] {
            let r = nestbox(args)
            #expect(r.code == 1)
            #expect(!r.out.utf8.contains(0x1B) && !r.out.utf8.contains(0), "\(args)")
            #expect(!r.out.split(separator: "\n").contains { $0.hasPrefix("ok 99") }, "\(r.out)")
            #expect(r.out.contains("a ok 99 - injected") && r.out.contains("esc \u{FFFD}[31m nul \u{FFFD} end"), "\(r.out)")
        }
    }

    @Test("bench --only that names no group is a usage error listing the groups")
    func benchOnlyNothing() {
        let r = nestbox(["bench", "--only", "nothing"])
        #expect(r.code == 2)
        #expect(r.err.hasPrefix("Error: --only 'nothing' matches no group: binding, cycle, tree, animation, churn, paging, render, startup"), "\(r.err)")
    }

    @Test("annotations -o - writes to standard output, not to a file named -")
    func annotationsToStandardOutput() {
        let r = nestbox(["annotations", "-o", "-"])
        #expect(r.code == 0)
        #expect(r.out.hasPrefix("---@meta\n"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test("every failure names the spec's line; error values that are not strings print without an address, the same on every run")
    func errorValues() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nb-errors-\(UUID().uuidString.prefix(8))_spec.lua").path
        try """
            it("table", function() error({}) end)
            it("nil", function() error(nil) end)
            it("number", function() error(42) end)
            it("false", function() error(false) end)
            it("thread", function() error(coroutine.create(function() end)) end)
            it("function", function() error(print) end)
            it("view", function() error(ui.View{ name = "v" }) end)
            it("level 2", function() local function f() error("x", 2) end f() end)
            it("no position", function() error("y", 0) end)
            it("tostring table", function() error(setmetatable({}, { __tostring = function() return {} end })) end)
            it("tostring yields", function() error(setmetatable({}, { __tostring = function() coroutine.yield() end })) end)
            it("check with a table", function() check(false, {}) end)
            local H = ui.ViewController:extend("H")
            function H:viewDidLoad() error("z", 0) end
            it("hook, no position", function() local _ = H{}.view end)
            it("hook, caught first", function() pcall(function() return H{}.view end); error("z", 0) end)
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let r = nestbox(["test", file])
        #expect(r.code == 1)
        let messages = r.out.split(separator: "\n").filter { $0.hasPrefix("     ") }.map { $0.dropFirst(5).replacingOccurrences(of: file, with: "F") }
        // A table's contents, as assertions show values (its own text when it has one).
        #expect(messages == ["F:1: error value: { }", "F:2: error value: nil", "F:3: error value: 42", "F:4: error value: false",
                             "F:5: error value: a thread", "F:6: error value: a function", "F:7: error value: <View: v>",
                             "F:8: x", "F:9: y", "F:10: error value: { }", "F:11: error value: { }", "F:12: { }",
                             // The hook's line, not the line whose call ran the hook; then the test's own.
                             "F:14: z", "F:16: z"])
        #expect(nestbox(["test", file]).out.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "", options: .regularExpression)
                == r.out.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "", options: .regularExpression))
    }

    @Test("an error(s, 0) while a spec file loads names its line, in a hook too")
    func loadErrorsNameTheirLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-load-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let hooked = dir + "/hooked_spec.lua", plain = dir + "/plain_spec.lua"
        try """
            local v = ui.ViewController{ name = "v",
              viewDidLoad = function()
                error("at load", 0)
              end }
            local _ = v.view
            it("never runs", function() end)
            """.write(toFile: hooked, atomically: true, encoding: .utf8)
        try "print('no tests here')\nerror('plain', 0)\n".write(toFile: plain, atomically: true, encoding: .utf8)
        let r = nestbox(["test", hooked, plain, "-j", "1"])
        #expect(r.code == 1)
        #expect(r.out.contains("     \(hooked):3: at load\n") && r.out.contains("     \(plain):2: plain\n"), "\(r.out)")
    }

    @Test("a test that catches a hook's error has handled it; a file run as a script fails on it")
    func caughtHookErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-caught-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let body = """
            local V = ui.ViewController:extend("V")
            function V:viewDidLoad() error("refused", 0) end
            """
        let spec = dir + "/caught_spec.lua", script = dir + "/caught_test.lua"
        try (body + "\nit('catches', function() assert.has_error(function() return V{}.view end, 'refused') end)\n")
            .write(toFile: spec, atomically: true, encoding: .utf8)
        try (body + "\nprint(pcall(function() return V{}.view end))\n").write(toFile: script, atomically: true, encoding: .utf8)
        let r = nestbox(["test", spec, script, "-j", "1"])
        #expect(r.code == 1)
        #expect(r.out.contains("PASS \(spec): catches") && r.out.contains("FAIL \(script)"), "\(r.out)")
        #expect(r.out.contains("     \(script):2: refused\n"), "\(r.out)")
    }

    @Test("describe nested 10,000 deep stops at 100 with the spec's line, not a C stack overflow")
    func deepDescribe() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nb-deep-\(UUID().uuidString.prefix(8))_spec.lua").path
        try """
            local function nest(n)
              if n == 0 then it("leaf", function() end) return end
              describe("d" .. n, function() nest(n - 1) end)
            end
            nest(10000)
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let r = nestbox(["test", file])
        #expect(r.code == 1)
        #expect(r.out.contains("     \(file):3: describe blocks nest at most 100 deep\n"), "\(r.out)")
    }

    @Test("nestbox preview: a port out of range is a usage error, said in one line")
    func previewPort() throws {
        let r = nestbox(["preview", try script("print(1)"), "--port", "70000"])
        #expect(r.code == 2 && r.err == "nestbox: --port must be 0 to 65535 (got 70000)\n")
    }
}
