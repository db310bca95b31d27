import Foundation
import Testing
import NestboxCLI

/// `nestbox test`, called in-process: the report, its formats, goldens and limits.
@Suite struct SpecRunnerTests {
    /// The report with each test's time replaced by `T`, so it can be compared exactly.
    static func untimed(_ text: String) -> String {
        text.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(T)", options: .regularExpression)
            .replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="T""#, options: .regularExpression)
            .replacingOccurrences(of: #"timestamp="[0-9T:-]+""#, with: #"timestamp="TS""#, options: .regularExpression)
    }

    /// Validates a JUnit file against Schemas/junit.xsd with xmllint (libxml2-utils, which
    /// scripts/test installs); nil when it is valid, else what xmllint said.
    static func schemaProblems(_ xml: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") else { return nil }
        let xsd = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemas/junit.xsd").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        p.arguments = ["--noout", "--schema", xsd, xml]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return p.terminationStatus == 0 ? nil : said
    }

    static let mixed = """
        describe("a root", function()
          local root
          before_each(function()
            root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
          end)
          it("appears", function()
            check(root.appearanceState == "appeared")
            ui.advance(1)
          end)
          it("starts in a fresh world", function()
            check(ui.now() == 0, "time went on from the last test")
            check(ui.trace.events()[1].text == "[0.000] window.setRootViewController(root)")
          end)
          it("fails softly and goes on", function()
            check(1 == 2, "one is not two")
            check(false)
            print("still here")
          end)
          it("fails hard", function() error("boom") end)
          it("loops", function() while true do end end)
          it("expects another trace", function() expect_trace [[ root.viewDidLoad() ]] end)
          pending("pops interactively")
        end)
        """

    @Test("one line per test, failures with file:line, output of failing tests, the closing count; exit 1")
    func textReport() throws {
        let file = try script(Self.mixed, name: "mixed_spec.lua")
        let r = nestbox(["test", file, "--timeout", "0.5"])
        #expect(r.code == 1 && r.err == "")
        #expect(Self.untimed(r.out) == """
            PASS \(file): a root appears (T)
            PASS \(file): a root starts in a fresh world (T)
            FAIL \(file): a root fails softly and goes on (T)
                 \(file):17: one is not two
                 \(file):18: check failed
                 printed:
                   still here
            FAIL \(file): a root fails hard (T)
                 \(file):21: boom
            FAIL \(file): a root loops (T)
                 time limit exceeded at \(file):22
            FAIL \(file): a root expects another trace (T)
                 \(file):23: trace mismatch (- expected, + actual):
                 + root.loadView()
                   root.viewDidLoad()
                 + root.viewWillAppear(animated: false)
                 + root.viewIsAppearing(animated: false)
                 + root.viewDidAppear(animated: false)
            SKIP \(file): a root pops interactively (pending)

            2 passed, 4 failed, 1 skipped

            """)
    }

    @Test("TAP escapes a backslash and a # in a test's name")
    func tapEscapes() throws {
        let file = try script("it([[back\\slash # x]], function() end)", name: "escape_spec.lua")
        let r = nestbox(["test", file, "--tap"])
        #expect(r.out.contains("ok 1 - \(file): back\\\\slash \\# x\n"), "\(r.out)")
    }

    @Test("--tap and --junit, with --filter")
    func machineFormats() throws {
        let file = try script(Self.mixed, name: "mixed_spec.lua")
        let xml = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("junit.xml").path
        let r = nestbox(["test", file, "--tap", "--filter", "soft", "--junit", xml])
        #expect(r.code == 1)
        #expect(r.out == """
            TAP version 13
            not ok 1 - \(file): a root fails softly and goes on
              ---
              message: |
                \(file):17: one is not two
                \(file):18: check failed
                printed:
                  still here
              ...
            1..1
            # 0 passed, 1 failed

            """)
        let junit = try String(contentsOfFile: xml, encoding: .utf8)
        #expect(Self.untimed(junit) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites tests="1" failures="1" errors="0" time="T">
              <testsuite name="\(file)" tests="1" failures="1" errors="0" skipped="0" time="T" timestamp="TS">
                <testcase classname="\(file)" name="a root fails softly and goes on" file="\(file)" time="T">
                  <failure message="\(file):17: one is not two" type="AssertionError">\(file):17: one is not two
            \(file):18: check failed</failure>
                  <system-out>still here
            </system-out>
                </testcase>
              </testsuite>
            </testsuites>

            """)
        #expect(try Self.schemaProblems(xml) == nil)
    }

    @Test("JUnit: assertions are failures, runtime errors errors, valid against the common schema")
    func junitKinds() throws {
        let file = try script("""
            describe("kinds", function()
              it("passes", function() end)
              it("asserts", function() assert.are.equal(1, 2) end)
              it("checks", function() check(false, "soft") end)
              it("raises", function() local t = nil; return t.x end)
              it("throws an exception", function() local v = ui.View{}; v:addSubview(v) end)
              it("expects a trace", function() expect_trace("nothing.here()") end)
              pending("later")
              it("to write")                  -- no body: pending too
            end)
            """, name: "kinds_spec.lua")
        let xml = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("junit.xml").path
        #expect(nestbox(["test", file, "--junit", xml]).code == 1)
        let junit = try String(contentsOfFile: xml, encoding: .utf8)
        #expect(junit.contains(#"<testsuites tests="8" failures="3" errors="2" time=""#), "\(junit)")
        #expect(junit.contains(#"tests="8" failures="3" errors="2" skipped="2" time=""#))
        for (name, element) in [("asserts", "failure"), ("checks", "failure"), ("raises", "error"), ("throws an exception", "error"), ("expects a trace", "failure")] {
            let type = element == "error" ? "Error" : "AssertionError"
            let at = try #require(junit.range(of: "name=\"kinds \(name)\""), "\(name)")
            #expect(junit[at.upperBound...].contains("<\(element) message="), "\(name)")
            #expect(junit[at.upperBound...].prefix(600).contains("type=\"\(type)\""), "\(name)")
        }
        #expect(junit.range(of: #"timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d""#, options: .regularExpression) != nil)
        #expect(try Self.schemaProblems(xml) == nil)
    }

    /// One character policy for every format (Text/Markup.swift): a test named with a
    /// control character, U+FFFE and a line break makes well-formed JUnit and one TAP line.
    @Test("a test name with U+FFFE, a control character and a line break: well-formed JUnit, one TAP line")
    func oddNames() throws {
        let file = try script("it('odd \\u{FFFE} \\1 & <one>\\ntwo', function() check(false) end)", name: "odd_spec.lua")
        let xml = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("junit.xml").path
        let r = nestbox(["test", file, "--tap", "--junit", xml])
        #expect(r.code == 1)
        #expect(r.out.split(separator: "\n").contains("not ok 1 - \(file): odd \u{FFFD} \u{FFFD} & <one> two"), "\(r.out)")
        let junit = try String(contentsOfFile: xml, encoding: .utf8)
        #expect(junit.contains("name=\"odd \u{FFFD} \u{FFFD} &amp; &lt;one&gt;&#10;two\""), "\(junit)")
        #expect(!junit.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 1 })
    }

    @Test("a folder is searched for *_spec.lua and *_test.lua; -j 2 reports as -j 1 does; a file that does not load is one failure")
    func foldersAndJobs() throws {
        let first = try script("it('one', function() check(true) end)", name: "a_spec.lua")
        let folder = URL(fileURLWithPath: first).deletingLastPathComponent()
        try "it('two', function() check(true) end)".write(to: folder.appendingPathComponent("b_test.lua"), atomically: true, encoding: .utf8)
        try "it('ignored', function() error('not a spec') end)".write(to: folder.appendingPathComponent("helper.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "describe('x', function()".write(to: folder.appendingPathComponent("sub/c_spec.lua"), atomically: true, encoding: .utf8)
        let one = nestbox(["test", folder.path]), two = nestbox(["test", folder.path, "-j", "2"])
        #expect(one.code == 1 && Self.untimed(one.out) == Self.untimed(two.out))
        let p = folder.path
        #expect(Self.untimed(one.out) == """
            PASS \(p)/a_spec.lua: one (T)
            PASS \(p)/b_test.lua: two (T)
            FAIL \(p)/sub/c_spec.lua: (loading \(p)/sub/c_spec.lua) (T)
                 \(p)/sub/c_spec.lua:1: 'end' expected near <eof>

            2 passed, 1 failed

            """)
        let none = nestbox(["test", folder.appendingPathComponent("sub").path + "/nothing"])
        #expect(none.code == 2 && none.err == "nestbox: cannot open \(p)/sub/nothing: No such file or directory\n")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = nestbox(["test", folder.appendingPathComponent("empty").path])
        #expect(empty.code == 2 && empty.err == "nestbox: no *_spec.lua or *_test.lua files under \(p)/empty\n")
    }

    @Test("expect_golden: missing, recorded with --record, then compared")
    func goldens() throws {
        let file = try script("""
            it("pushes", function()
              local root = ui.ViewController{ name = "root" }
              ui.window.rootViewController = root
              ui.window:makeKeyAndVisible()
              expect_golden("root")
            end)
            """, name: "g_spec.lua")
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let golden = "\(folder)/golden/g_spec/root.trace"
        let missing = nestbox(["test", file])
        #expect(missing.code == 1 && missing.out.contains(
            "\(file):5: no golden 'root' (\(golden)); run nestbox test --record to write it"))
        let recorded = nestbox(["test", file, "--record"])
        #expect(recorded.code == 0 && recorded.out.contains("     recorded \(golden)\n"))
        #expect(nestbox(["test", file]).code == 0)
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(text.hasPrefix("[0.000] window.setRootViewController(root)\n") && text.hasSuffix("root.viewDidAppear(animated: false)\n"))
        try text.replacingOccurrences(of: "viewDidLoad", with: "viewDidLoadX").write(toFile: golden, atomically: true, encoding: .utf8)
        let changed = nestbox(["test", file])
        #expect(changed.code == 1 && changed.out.contains("\(file):5: trace differs from \(golden) (- golden, + actual):"))
        #expect(changed.out.contains("- [0.000] root.viewDidLoadX()") && changed.out.contains("+ [0.000] root.viewDidLoad()"))
    }

    @Test("the project's own specs pass: Tests/Specs")
    func projectSpecs() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let r = nestbox(["test", root.appendingPathComponent("Specs").path])
        #expect(r.code == 0, "\(r.out)")
        #expect(r.out.hasSuffix("\n18 passed, 0 failed\n"))
    }

    @Test("a file with no tests runs as one, named on the command line or found in a folder")
    func scriptsAsTests() throws {
        let good = try script("local vc = ui.ViewController{ name = 'a' }\nui.window.rootViewController = vc\nui.window:makeKeyAndVisible()\ncheck(vc.appearanceState == 'appeared')\n", name: "design.lua")
        let r = nestbox(["test", good])
        #expect(r.code == 0 && r.out.hasPrefix("PASS \(good): (script) (") && r.out.hasSuffix("\n1 passed, 0 failed\n"), "\(r.out)")
        let bad = try script("check(1 == 2, 'one is not two')\nui.invariant('never', function() return false, 'nope' end)\n", name: "bad.lua")
        let b = nestbox(["test", bad])
        #expect(b.code == 1)
        #expect(b.out.contains("     \(bad):1: one is not two\n     \(bad):2: invariant 'never' failed: nope\n"), "\(b.out)")
        // Found in a folder, a *_spec.lua without tests is one too: its invariants and
        // checks are judged as when it is named.
        let folder = (try script("local x = 1\n", name: "helper_spec.lua") as NSString).deletingLastPathComponent
        try "describe('d', function() it('t', function() end) end)\n".write(toFile: folder + "/real_spec.lua", atomically: true, encoding: .utf8)
        let f = nestbox(["test", folder])
        #expect(f.code == 0 && f.out.contains("PASS \(folder)/helper_spec.lua: (script) (") && f.out.hasSuffix("\n2 passed, 0 failed\n"), "\(f.out)")
        try "ui.invariant('never', function() return false, 'broken' end)\n".write(toFile: folder + "/only_invariant_spec.lua", atomically: true, encoding: .utf8)
        let g = nestbox(["test", folder])
        #expect(g.code == 1 && g.out.contains("FAIL \(folder)/only_invariant_spec.lua: (script) (") && g.out.hasSuffix("\n2 passed, 1 failed\n"), "\(g.out)")
        // A file with tests whose top level fails a check fails its load.
        let mixed = try script("check(false, 'top')\ndescribe('d', function() it('t', function() end) end)\n", name: "mixed_spec.lua")
        #expect(nestbox(["test", mixed]).out.contains("(loading \(mixed))"))
    }

    /// An unknown assertion is reported at the line that wrote it: in a test, in a
    /// helper a test calls, and in a `describe` body (which fails the file's load).
    @Test("an unknown assertion names its own line, in a helper and in a describe body too")
    func unknownAssertionLines() throws {
        let file = try script("""
            local function want(x)
              assert.is.bogus(x)
            end
            describe("d", function()
              it("helper", function() want(1) end)
              it("direct", function() assert.bogus(1) end)
            end)
            """, name: "unknown_spec.lua")
        let r = nestbox(["test", file, "-j", "1"])
        #expect(r.out.contains("     \(file):2: luassert: unknown modifier/assertion: 'is_bogus'\n"), "\(r.out)")
        #expect(r.out.contains("     \(file):6: luassert: unknown modifier/assertion: 'bogus'\n"), "\(r.out)")
        let body = try script("describe('e', function()\n  assert.nope(1)\nend)\n", name: "body_spec.lua")
        let b = nestbox(["test", body])
        #expect(b.code == 1 && b.out.contains("\(body):2: luassert: unknown modifier/assertion: 'nope'"), "\(b.out)")
    }

    /// busted's `finally`: registered inside a test, run when it ends (passed or
    /// failed), before after_each, the last one registered only; a failing one is the
    /// test's failure.
    @Test("finally runs when its test ends, passed or failed, before after_each")
    func finallyBlocks() throws {
        let file = try script("""
            describe("d", function()
              after_each(function() print("after_each") end)
              it("passes", function()
                finally(function() error("replaced, as in busted") end)
                finally(function() print("the last registered") end)
              end)
              it("fails", function()
                finally(function() print("cleaned up") end)
                error("boom")
              end)
              it("breaks", function()
                finally(function() error("in finally") end)
              end)
            end)
            finally(function() end)
            """, name: "finally_spec.lua")
        let r = nestbox(["test", file, "-j", "1"])
        #expect(r.out.contains("(loading \(file))") && r.out.contains("finally() is for use inside it()"), "\(r.out)")
        let inside = try script(try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "\nfinally(function() end)", with: ""), name: "finally2_spec.lua")
        let f = nestbox(["test", inside, "-j", "1"])
        #expect(f.code == 1 && f.out.hasSuffix("\n1 passed, 2 failed\n"), "\(f.out)")
        #expect(f.out.contains("     \(inside):9: boom\n     printed:\n       cleaned up\n       after_each\n"), "\(f.out)")
        #expect(f.out.contains("     \(inside):12: in finally\n     printed:\n       after_each\n"), "\(f.out)")
    }

    /// One golden name is one file: a second test recording it fails, naming the first,
    /// and one test cannot use a name twice.
    @Test("expect_golden: a name recorded by two tests, or used twice in one, fails")
    func goldenNamesAreOneFileEach() throws {
        let file = try script("""
            describe("screens", function()
              it("home", function() expect_golden("screen") end)
              it("settings", function() ui.window.rootViewController = ui.ViewController{}; expect_golden("screen") end)
              it("twice", function() expect_golden("a"); expect_golden("a") end)
            end)
            """, name: "dup_spec.lua")
        let golden = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("golden/dup_spec/screen.trace").path
        for jobs in ["1", "2"] {
            let r = nestbox(["test", file, "--record", "-j", jobs])
            #expect(r.code == 1)
            #expect(r.out.contains("     \(file):3: \(golden) was also recorded by 'screens home': give each test's expect_golden its own name\n"), "\(r.out)")
            #expect(r.out.contains("     \(file):4: expect_golden('a') was already called in this test, at \(file):4; give each its own name\n"), "\(r.out)")
            #expect(r.out.hasSuffix("\n1 passed, 2 failed\n"), "\(r.out)")
            // The first test's golden, untouched by the second; no recording left behind.
            let kept = String(decoding: FileManager.default.contents(atPath: golden) ?? Data(), as: UTF8.self)
            #expect(kept == "\n", "\(kept)")
            let folder = URL(fileURLWithPath: golden).deletingLastPathComponent().path
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.trace", "screen.trace"])
        }
    }

    /// busted's other names (`context`, `insulate`, `expose`, `spec`, `test`), and a spy
    /// on an object's hook: it records the calls; a refused name is the spec's error.
    @Test("busted's aliases; spy.on an object's hook records its calls; a refused name at the spec's line")
    func bustedAliasesAndHookSpies() throws {
        let file = try script("""
            context("c", function()
              insulate("i", function() spec("s", function() end) end)
              expose("e", function() test("t", function() end) end)
              it("spies a hook", function()
                local vc = ui.ViewController{ name = "vc", viewDidLoad = function() end }
                local s = spy.on(vc, "viewDidLoad")
                local _ = vc.view
                assert.spy(s).was.called(1)
                s:revert()
              end)
              it("spies a refused name", function() spy.on(ui.ViewController{}, "isEditing") end)
              it("calls the script's own function through", function()
                local C = ui.ViewController:extend("C")
                local loaded = 0
                function C:reload() return 42 end
                function C:viewDidLoad() loaded = loaded + 1 end
                local vc = C{ name = "c" }
                local r = spy.on(vc, "reload")
                local h = spy.on(vc, "viewDidLoad")
                assert.are.equal(42, vc:reload())
                local _ = vc.view
                assert.are.equal(1, loaded)
                assert.spy(r).was.called_with(vc)
                assert.spy(h).was.called(1)
                r:revert()
                assert.are.equal(C.reload, vc.reload)
                local own = function() return 7 end
                local other = C{ name = "o" }
                other.reload = own
                local o = spy.on(other, "reload")
                assert.are.equal(7, other:reload())
                o:revert()
                assert.are.equal(own, other.reload)
                local plain = spy.on(ui.ViewController{ name = "p" }, "viewDidAppear")
                assert.is_nil(plain())
                -- a stub on an object, and a spy on a class's hook, which is called
                local st = stub(vc, "reload").returns("stubbed")
                assert.are.equal("stubbed", vc:reload())
                st:revert()
                local D = ui.ViewController:extend("D")
                local real = 0
                function D:viewDidLoad() real = real + 1 end
                local cs = spy.on(D, "viewDidLoad")
                local _ = D{ name = "d" }.view
                assert.spy(cs).was.called(1)
                assert.are.equal(1, real)
              end)
              it("asserts on a spy by reading the object's hook", function()
                local vc = ui.ViewController{ name = "vc" }
                spy.on(vc, "viewDidLoad")
                collectgarbage()
                local _ = vc.view
                assert.spy(vc.viewDidLoad).was.called(1)
                assert.spy(vc.viewDidLoad).was.called_with(vc)
                local other = ui.ViewController{ name = "other" }
                local s = spy.on(other, "viewDidLoad")
                assert.has_error(function() assert.spy(vc.viewDidLoad).was.called(1) end)
                s:revert()
                assert.spy(vc.viewDidLoad).was.called(1)
              end)
              it("two spies under one name are one too many", function()
                spy.on(ui.ViewController{ name = "a" }, "viewWillAppear")
                spy.on(ui.ViewController{ name = "b" }, "viewWillAppear")
                assert.spy(ui.ViewController{}.viewWillAppear).was_not.called()
              end)
            end)
            """, name: "alias_spec.lua")
        let r = nestbox(["test", file, "-j", "1"])
        #expect(Self.untimed(r.out) == """
            PASS \(file): c i s (T)
            PASS \(file): c e t (T)
            PASS \(file): c spies a hook (T)
            FAIL \(file): c spies a refused name (T)
                 \(file):11: UIViewController.isEditing is not modelled by Nestbox (docs/coverage.md)
            PASS \(file): c calls the script's own function through (T)
            PASS \(file): c asserts on a spy by reading the object's hook (T)
            FAIL \(file): c two spies under one name are one too many (T)
                 \(file):64: assert.spy: 2 spies watch objects under 'viewWillAppear', and reading it gives UIKit's method, the same for every object: assert on the spy that spy.on returned

            5 passed, 2 failed

            """)
    }

    /// busted's pending inside a test: the test ends there and is skipped with its reason,
    /// in each report and through the forked runner (-j 2) as in-process (-j 1); after_each
    /// still runs; a failure wins; a pcall that catches it keeps the test going.
    @Test("pending(reason) inside a test skips it with the reason: text, TAP and JUnit, -j 1 and -j 2")
    func pendingInsideATest() throws {
        let file = try script("""
            describe("p", function()
              after_each(function() print("after") end)
              it("has a reason", function() pending("not ready"); error("never here") end)
              it("has none", function() pending() end)
              it("is caught", function() assert.is_false(pcall(pending, "x")) end)
              it("fails in finally", function() finally(function() error("boom") end); pending("later") end)
              it("gives a number", function() pending(42) end)
            end)
            """, name: "pending_spec.lua")
        let xml = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("junit.xml").path
        for jobs in ["1", "2"] {
            let r = nestbox(["test", file, "-j", jobs, "--junit", xml])
            #expect(r.code == 1)
            #expect(Self.untimed(r.out) == """
                SKIP \(file): p has a reason (pending: not ready)
                SKIP \(file): p has none (pending)
                PASS \(file): p is caught (T)
                FAIL \(file): p fails in finally (T)
                     \(file):6: boom
                     printed:
                       after
                FAIL \(file): p gives a number (T)
                     \(file):7: bad argument #1 to 'pending' (string expected, got number)
                     printed:
                       after

                1 passed, 2 failed, 2 skipped

                """, "-j \(jobs)")
            let junit = try String(contentsOfFile: xml, encoding: .utf8)
            #expect(Self.untimed(junit).contains(#"name="p has a reason" file="\#(file)" time="T">"#
                + "\n      <skipped message=\"pending: not ready\"/>"), "\(junit)")
            #expect(try Self.schemaProblems(xml) == nil)
        }
        let tap = nestbox(["test", file, "--tap", "--filter", "reason"])
        #expect(tap.out.contains("ok 1 - \(file): p has a reason # SKIP pending: not ready\n"), "\(tap.out)")
    }

    @Test("a spec written for busted runs unchanged, under busted too when it is installed; luassert's failures show what was expected and passed")
    func bustedStyle() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let spec = root.appendingPathComponent("Specs/busted_style_spec.lua").path
        let r = nestbox(["test", spec])
        #expect(r.code == 0 && r.out.hasSuffix("\n13 passed, 0 failed\n"), "\(r.out)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/busted") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/busted")
            p.arguments = [spec]
            p.standardOutput = Pipe()
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0)
        }
        let failing = try script("""
            describe("failures", function()
              it("equal", function() assert.are.equal(1, 2) end)
              it("same", function() assert.same({ a = 1 }, { a = 2 }) end)
              it("error", function() assert.has_error(function() end) end)
              it("spy", function() local s = spy.new(function() end); s(1, "x"); assert.spy(s).was.called_with(2) end)
              it("unknown", function() assert.is.bogus(1) end)
              it("plain", function() assert(false, "plain message") end)
              it("negated", function() assert.is_not.truthy(1) end)
              it("message", function() assert.are.equal(1, 2, "my message") end)
              it("modifier", function() assert.message("mod message").is_true(false) end)
              it("value", function() assert.is_nil(1, 42) end)
              it("direct", function() assert.bogus(1) end)
              it("passes", function() assert.are.equal(1, 1, "not shown"); assert.near(1, 1.05, 0.1, "nor this") end)
              it("float", function() assert.are.equal(0.3, 0.1 + 0.2) end)
              it("spy of a number", function() spy.new(5) end)
              it("at least", function() local s = spy.new(function() end); s(); assert.spy(s).was.called_at_least(2) end)
              it("returned", function() local s = spy.new(function() return 1, "a" end); s(); assert.spy(s).returned_with(1, match.is_number()) end)
              it("matcher", function() local s = spy.new(function() end); s(); assert.spy(s).was.called_with(match.is_bogus()) end)
              it("not equal", function() assert.are_not.equal(1, 1) end)
              it("near", function() assert.near(1, 2, 0.5) end)
              it("holes", function() assert.array({ 1, nil, 3 }).has.no.holes() end)
              it("unique", function() assert.is_unique({ 1, 1 }, "dup") end)
              it("chained", function() local s = spy.new(function() end); s(1); assert.spy(s).was.called_with(match.is_not.number()) end)
              it("uikit", function() spy.on(ui.NavigationController{ root = ui.ViewController() }, "pushViewController") end)
              it("stub uikit", function() stub(ui.NavigationController{ root = ui.ViewController() }, "pushViewController") end)
              it("override", function()
                local N = ui.NavigationController:extend("N")
                function N:pushViewController(vc, animated) end
                spy.on(N{ root = ui.ViewController() }, "pushViewController")
              end)
              it("not overridable", function() spy.on(ui.View{}, "addSubview") end)
              it("property", function() spy.on(ui.ViewController{}, "title") end)
              it("not returned", function() local s = spy.new(function(a) return a end); s(1); s(2); assert.spy(s).was_not.returned_with(1) end)
              it("class not overridable", function() stub(ui.View, "addSubview") end)
              it("class hook", function() spy.on(ui.ViewController, "viewDidLoad") end)
              it("class property", function() spy.on(ui.View, "frame") end)
              it("custom", function()
                require("say"):set("k.pos", "Expected %s to be even")
                assert:register("assertion", "even", function(_, a) return a[1] % 2 == 0 end, "k.pos", "k.neg")
                assert.is_even(3)
              end)
              it("custom without texts", function() assert:register("assertion", "odd", function(_, a) return a[1] % 2 == 1 end); assert.is_not_odd(3) end)
              it("modifier", function() assert:register("modifier", "x", function() end) end)
              it("formatter", function() assert:add_formatter(function() end) end)
              it("deep call", function()
                local s = spy.new(function() end); s({ user = { profile = { address = { city = "A" }, age = 1 } } })
                assert.spy(s).was.called_with({ user = { profile = { address = { city = "B" }, age = 1 } } })
              end)
              it("deep same", function() assert.same({ a = { b = { c = { d = 1 } } } }, { a = { b = { c = { d = 2 } } } }) end)
              it("deep table", function() assert.same({ a = { b = { c = { d = 1 } } }, e = 1 }, { a = { b = { c = { d = 1 } } }, e = 2 }) end)
            end)
            """, name: "fail_spec.lua")
        let f = nestbox(["test", failing])
        #expect(f.code == 1 && f.out.hasSuffix("\n1 passed, 37 failed\n"), "\(f.out)")
        for expected in [
            "\(failing):2: Expected objects to be equal.\n     Passed in:\n     (number) 2\n     Expected:\n     (number) 1\n",
            "\(failing):3: Expected objects to be the same.\n     Passed in:\n     (table) { *[\"a\"] = 2 }\n     Expected:\n     (table) { *[\"a\"] = 1 }\n",
            "\(failing):4: Expected a different error.\n     Caught:\n     (no error)\n     Expected:\n     (error)\n",
            "\(failing):5: Function was never called with matching arguments.\n     Called with (last call if any):\n     (1, \"x\")\n     Expected:\n     (2)\n",
            "\(failing):6: luassert: unknown modifier/assertion: 'is_bogus'\n",
            "\(failing):7: plain message\n",
            "\(failing):8: Expected to not be truthy, but value was:\n     (number) 1\n",
            // luassert's failure message, from the argument after the assertion's own or
            // from `assert.message`, on its own line first.
            "\(failing):9: my message\n     Expected objects to be equal.\n     Passed in:\n     (number) 2\n",
            "\(failing):10: mod message\n     Expected objects to be the same.\n",
            "\(failing):11: (number) 42\n     Expected objects to be the same.\n     Passed in:\n     (number) 1\n",
            "\(failing):12: luassert: unknown modifier/assertion: 'bogus'\n",
            // Numbers with all their digits, as luassert shows them.
            "\(failing):14: Expected objects to be equal.\n     Passed in:\n     (number) 0.30000000000000004441\n     Expected:\n     (number) 0.2999999999999999889\n",
            "\(failing):15: Cannot spy on type 'number', only on functions or callable elements\n",
            "\(failing):16: Expected to be called at least 2 time(s), but was called 1 time(s)\n",
            "\(failing):17: Function never returned matching arguments.\n     Returned (last call if any):\n     (1, \"a\")\n     Expected:\n     (1, match.is_number())\n",
            "\(failing):18: luassert: unknown modifier/matcher: 'is_bogus'\n",
            // luassert's texts, as busted prints them.
            "\(failing):19: Expected objects to not be equal.\n     Passed in:\n     (number) 1\n     Did not expect:\n     (number) 1\n",
            "\(failing):20: Expected values to be near.\n     Passed in:\n     (number) 2\n     Expected:\n     (number) 1 +/- 0.5\n",
            "\(failing):21: Expected array to not have holes, hole found at position: (number) 2\n",
            "\(failing):22: dup\n     Expected object to be unique:\n     (table) { [1] = 1, [2] = 1 }\n",
            "\(failing):23: Function was never called with matching arguments.\n     Called with (last call if any):\n     (1)\n     Expected:\n     (match.is_not.number())\n",
            "\(failing):24: spy.on: 'pushViewController' is a method of NavigationController, which an object cannot "
                + "replace: spy on a subclass's override of it, spy.on(MyClass, \"pushViewController\") (docs/api-conventions.md)\n",
            // At the spec's line, named by the function called; the class's own override when it has one.
            "\(failing):25: stub: 'pushViewController' is a method of NavigationController, which an object cannot "
                + "replace: stub a subclass's override of it, stub(MyClass, \"pushViewController\") (docs/api-conventions.md)\n",
            "\(failing):29: spy.on: 'pushViewController' is a method of NavigationController, which an object cannot "
                + "replace: spy on N's override of it, spy.on(N, \"pushViewController\") (docs/api-conventions.md)\n",
            "\(failing):31: spy.on: View.addSubview cannot be overridden in Nestbox (the model calls it without asking a "
                + "subclass), so no spy can watch it: check what it does in the trace (docs/api-conventions.md)\n",
            // The call that matched, not the last one.
            "\(failing):32: spy.on: 'title' is a property of ViewController, not a method: a spy watches a function\n",
            "\(failing):33: Function returned matching arguments at least once.\n     Returned (last matching call):\n     (1)\n     Did not expect:\n     (1)\n",
            // On a class of ui's: what no subclass could change either, else a subclass's override.
            "\(failing):34: stub: View.addSubview cannot be overridden in Nestbox (the model calls it without asking a "
                + "subclass), so no spy can watch it: check what it does in the trace (docs/api-conventions.md)\n",
            "\(failing):35: spy.on: ui.ViewController is read-only: spy on a subclass's override of it, "
                + "spy.on(MyClass, \"viewDidLoad\") (docs/api-conventions.md)\n",
            "\(failing):36: spy.on: 'frame' is a property of View, not a method: a spy watches a function\n",
            // luassert's custom assertions: their text from `say`, else luassert's last resort.
            "\(failing):40: Expected (number) 3 to be even\n",
            "\(failing):42: assertion failed!\n",
            "\(failing):43: assert:register: Nestbox registers assertions and matchers, not a modifier "
                + "(luassert's modifiers and formatters are its own: docs/api-conventions.md)\n",
            // The keys down to the first difference marked `*` and followed past three
            // levels; other tables three levels deep, then `{ ... }`.
            "\(failing):47: Function was never called with matching arguments.\n     Called with (last call if any):\n"
                + "     ({ *[\"user\"] = { *[\"profile\"] = { *[\"address\"] = { *[\"city\"] = \"A\" }, [\"age\"] = 1 } } })\n     Expected:\n"
                + "     ({ *[\"user\"] = { *[\"profile\"] = { *[\"address\"] = { *[\"city\"] = \"B\" }, [\"age\"] = 1 } } })\n",
            "\(failing):49: Expected objects to be the same.\n     Passed in:\n     (table) { *[\"a\"] = { *[\"b\"] = { *[\"c\"] = { *[\"d\"] = 2 } } } }\n",
            "\(failing):50: Expected objects to be the same.\n     Passed in:\n     (table) { [\"a\"] = { [\"b\"] = { [\"c\"] = { ... } } }, *[\"e\"] = 2 }\n",
            "\(failing):44: assert:add_formatter is luassert's own, which Nestbox does not provide: values are shown as "
                + "Nestbox shows them, and each test's world is fresh, spies and all (docs/api-conventions.md)\n",
        ] {
            #expect(f.out.contains(expected), "\(expected)\n\(f.out)")
        }
    }
}
