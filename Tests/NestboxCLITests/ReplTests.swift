import Foundation
import Testing
import NestboxCLI

/// The REPL, fed lines in-process.
@Suite struct ReplTests {}

func repl(_ lines: [String], file: String? = nil, limits: Limits = Limits()) throws -> (Captured, ScriptedReader, REPL) {
    var out = "", err = ""
    let reader = ScriptedReader(lines)
    let r = try REPL(reader: reader, output: Output(out: { out += $0 }, err: { err += $0 }), interactive: false, limits: limits)
    let code = r.run(file: file)
    return (Captured(code: code.code, out: out, err: err), reader, r)
}

extension ReplTests {
    @Test("expressions print without return; a multi-line definition continues on >>")
    func expressionsAndContinuation() throws {
        let (r, reader, _) = try repl(["1 + 1", "function double(x)", "  return x * 2", "end", "double(21)", "'text', nil, true"])
        #expect(r.out == "2\n42\n\"text\"\tnil\ttrue\n")
        #expect(reader.prompts == ["> ", "> ", ">> ", ">> ", "> ", "> ", "> "])
        #expect(reader.history == ["1 + 1", "function double(x)\n  return x * 2\nend", "double(21)", "'text', nil, true"])
    }

    @Test("controllers print as their description, tables pretty-printed with a depth limit")
    func printing() throws {
        let (r, _, _) = try repl(["ui.ViewController{ name = 'red' }", "{ 1, 'two', x = { y = { z = { w = 1 } } } }", "ui.screen.bounds"])
        #expect(r.out == """
            <ViewController: red>
            { 1, "two", x = { y = { z = {...} } } }
            {
              height = 852.0,
              maxX = 393.0,
              maxY = 852.0,
              midX = 196.5,
              midY = 426.0,
              minX = 0.0,
              minY = 0.0,
              width = 393.0,
              x = 0.0,
              y = 0.0
            }

            """)
    }

    @Test("a class prints as a class, with the fields a script's keeps behind its table; ui shows all its classes")
    func printingAClass() throws {
        let (r, _, _) = try repl(["D = ui.ViewController:extend('D')", "D.count = 2; D.label = 'x'", "D", "{ cls = D }",
                                  "ui.View", "E = D:extend('E')", "E"])
        #expect(r.out == """
            <class D> { count = 2, label = "x" }
            { cls = <class D> { count = 2, label = "x" } }
            <class View>
            <class E>

            """)
        // ui's classes are made when first read: the printer has them all made.
        let (u, _, _) = try repl(["ui"])
        for name in ["ViewController", "NavigationController", "TabBarController", "Button", "Label", "View"] {
            #expect(u.out.contains("\n  \(name) = <class \(name)>,\n"), "\(name): \(u.out)")
        }
    }

    @Test("a line that settles with an invariant broken says so and the REPL goes on; redeclaring replaces")
    func invariants() throws {
        let (r, _, _) = try repl([
            "root = ui.ViewController{ name = 'root' }; ui.window.rootViewController = root; ui.window:makeKeyAndVisible()",
            "ui.invariant('no children', function() return #root.children == 0, 'root has children' end)",
            "root:addChild(ui.ViewController{})",
            "print('still here')",
            "ui.invariant('no children', function() return #root.children < 2 end)",
            "print('fixed')",
        ])
        #expect(r.err == "stdin:1: invariant 'no children' failed: root has children\n"
                       + "stdin:1: invariant 'no children' failed: root has children\n")
        #expect(r.out == "still here\nfixed\n")
    }

    @Test("an error prints its message and traceback, and the REPL goes on")
    func errors() throws {
        let (r, _, _) = try repl(["error('boom')", "local = 1", "ui.ViewController{}:addChild(nil)", "'still here'"])
        #expect(r.out == "\"still here\"\n")
        #expect(r.err.hasPrefix("stdin:1: boom\nstack traceback:\n"))
        #expect(r.err.contains("stdin:1: <name> expected near '='\n"))
        #expect(r.err.contains("stdin:1: bad argument #1 to 'addChild' (ViewController expected, got nil)\n"))
        #expect(r.code == 0)
    }

    @Test("a hook's error prints its message and traceback as it happens, and the line goes on")
    func hookErrors() throws {
        let (r, _, _) = try repl([
            "V = ui.ViewController:extend('V')",
            "function V:viewDidLoad() error('boom') end",
            "v = V{ name = 'v' }.view",
            "ui.after(1, function() error('later') end)",
            "'still here'"])
        #expect(r.out == "\"still here\"\n")
        #expect(r.err.hasPrefix("stdin:1: boom\nstack traceback:\n"), "\(r.err)")
        #expect(r.err.contains("stdin:1: later\nstack traceback:\n"), "\(r.err)")
        #expect(r.code == 0)
    }

    @Test("the world persists between lines; each line turns the run loop and settles")
    func world() throws {
        let (r, _, _) = try repl([
            "p = ui.ViewController{ name = 'p' }",
            "ui.window.rootViewController = p; ui.window:makeKeyAndVisible()",
            "ui.animate{ duration = 1, animations = function() p.view.alpha = 0 end }",
            "ui.now()",
            ":autosettle off",
            "ui.animate{ duration = 1, animations = function() p.view.alpha = 1 end }",
            "ui.now()",
        ])
        #expect(r.out == "1.0\n1.0\n")
    }

    @Test("the commands")
    func commands() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = dir.appendingPathComponent("menu.lua").path
        try """
            menu = ui.ViewController{ name = "menu" }
            local b = ui.Button{ name = "go", title = "Go", frame = { 10, 100, 80, 44 } }
            b:addTarget(function() print("tapped") end)
            menu.view:addSubview(b)
            ui.window.rootViewController = menu
            ui.window:makeKeyAndVisible()
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let golden = dir.appendingPathComponent("session.trace").path
        let (r, _, _) = try repl([
            ":load \(script)", ":tree", ":views", ":trace containment,call", ":tap Go", ":tap 50 122",
            ":advance 0.5", "ui.now()", ":settle", ":rotate landscapeLeft", "ui.screen.width", ":device iPad",
            "ui.screen.idiom", ":record \(golden)", ":reset", "menu", ":nope", ":help",
        ])
        #expect(r.out.contains("<ViewController: menu>, state: appeared, view: <View: menu.view>\n"))
        #expect(r.out.contains("   | <View: menu.view; frame = (0 0; 393 852); autoresize = W+H; owner = menu>\n"))
        #expect(r.out.contains("[0.000] window.setRootViewController(menu)\n"))
        #expect(r.out.contains("tapped\n<Button: go>\ntapped\n<Button: go>\n0.5\n"), "a tap prints the view that took it")
        #expect(r.out.contains("852.0\n\"pad\"\n"))
        #expect(r.out.contains("recorded "))
        #expect(r.out.contains("a fresh world\nnil\n"), "after :reset the old globals are gone")
        #expect(r.out.contains(":record FILE"))
        #expect(r.err == "unknown command :nope (:help lists them)\n")
        let recorded = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(recorded.contains("[0.000] input.tap(go, at: \"(50 122)\")"))
        #expect(recorded.hasSuffix("<ViewController: menu>, state: appeared, view: <View: menu.view>\n"))
    }

    @Test("a line with a NUL byte is an error; it does not hold a statement open and swallow the rest")
    func nulByte() throws {
        // "x = [[" and a NUL opened a long string that every later line went into.
        let (r, reader, _) = try repl(["x = [[\u{0}", "1 + 1", "f(\u{0})", "function g()", "  \u{0}", "2 + 2"])
        #expect(r.out == "2\n4\n")
        #expect(r.err == """
            stdin: a line with a NUL byte cannot be run
            stdin: a line with a NUL byte cannot be run
            stdin: a line with a NUL byte cannot be run (the statement is dropped)

            """)
        #expect(reader.prompts == ["> ", "> ", "> ", "> ", ">> ", "> ", "> "])
    }

    @Test(":advance and :tap say what is wrong with a number Lua cannot spell (1e309 is inf in Swift)")
    func nonFiniteCommandNumbers() throws {
        let (r, _, _) = try repl([":advance 1e309", ":advance nan", ":advance -1", ":advance", ":tap 1e309 5", ":advance 1e-300", "ui.now()"])
        #expect(r.err == """
            :advance needs a finite number of seconds >= 0 (got 1e309)
            :advance needs a finite number of seconds >= 0 (got nan)
            :advance needs a finite number of seconds >= 0 (got -1)
            :advance needs a finite number of seconds >= 0 (got nothing)
            :tap needs a title or two finite numbers x y (got 1e309 5)

            """)
        #expect(r.out == "1e-300\n")
    }

    @Test(":record failing says why in one line")
    func recordFailure() throws {
        let (r, _, _) = try repl([":record /proc/x", ":record /dev/null"])
        #expect(r.err == "nestbox: cannot write /proc/x: No such file or directory\nnestbox: cannot write /dev/null: not a regular file\n")
    }

    @Test("completion of globals, dotted fields and methods, by raw reads")
    func completion() throws {
        let (_, _, r) = try repl(["vc = ui.ViewController{ name = 'v', answer = 42 }", "T = { alpha = 1, beta = 2 }"])
        let rt = r.runtime
        #expect(rt.completions(for: "ui.win") == ["ui.window"])
        #expect(rt.completions(for: "pri") == ["print("])
        #expect(rt.completions(for: "T.") == ["T.alpha", "T.beta"])
        #expect(rt.completions(for: "vc:addCh") == ["vc:addChild("])
        #expect(rt.completions(for: "vc.ans") == ["vc.answer"])
        #expect(rt.completions(for: "vc.isView") == ["vc.isViewLoaded"])
        #expect(rt.completions(for: "ui.window.root") == ["ui.window.rootViewController"])
        #expect(rt.completions(for: "ret") == ["return"])
        #expect(rt.completions(for: "nosuch.x").isEmpty)
        // a class from ui is empty (read-only): extend and the methods come from its metatable
        #expect(rt.completions(for: "ui.ViewController:ext") == ["ui.ViewController:extend("])
        #expect(rt.completions(for: "ui.View.addSub") == ["ui.View.addSubview("])
        // a table's name gets nothing after it, so a `.` typed next reads on
        #expect(rt.completions(for: "ui.trac") == ["ui.trace"])
        // a member UIKit has and Nestbox refuses is not offered
        #expect(rt.completions(for: "ui.window.tintAdjust").isEmpty)
        #expect(rt.completions(for: "ui.window.isHid") == ["ui.window.isHidden"])
        #expect(rt.completions(for: "ui.trace.ma") == ["ui.trace.mark("])
    }

    @Test(":test runs specs in worlds of their own and leaves the REPL's as it was")
    func testCommand() throws {
        let file = try script("it('sees a fresh world', function() check(x == nil and ui.now() == 0) end)", name: "r_spec.lua")
        let (r, _, session) = try repl(["x = 1", ":advance 2", ":test \(file)", "print(x, ui.now())", ":test", ":test /nowhere"])
        #expect(r.out.contains("PASS \(file): sees a fresh world ("))
        #expect(r.out.contains("\n1 passed, 0 failed\n"))
        #expect(r.out.hasSuffix("1\t2.0\n"))
        #expect(r.err == ":test needs a spec file or folder\nnestbox: cannot open /nowhere: No such file or directory\n")
        #expect(session.runtime.simulation.clock.now == 2)
    }

    @Test(":test gives its specs nestbox test's default limits: a spec that loops fails at 10 s and the REPL goes on")
    func testCommandLimits() throws {
        let file = try script("it('loops', function() while true do end end)", name: "loop_spec.lua")
        let (r, _, _) = try repl([":test \(file)", "print('after')"])
        #expect(r.out.contains("FAIL \(file): loops ("), "\(r.out)")
        #expect(r.out.contains("time limit exceeded at \(file):1"), "\(r.out)")
        #expect(r.out.hasSuffix("after\n"))
    }

    @Test("nestbox repl FILE < lines: a pipe is read without prompts")
    func pipe() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let (r, _, _) = try repl(["#ui.window.rootViewController.children"], file: root.appendingPathComponent("scripts/examples/demo.lua").path)
        #expect(r.out.hasSuffix("OK\n1\n"))
    }
}

extension ReplTests {
    @Test func snapshot() throws {
        let dir = URL(fileURLWithPath: try script("")).deletingLastPathComponent().path
        let (r, _, _) = try repl([
            "v = ui.View{ frame = { 0, 0, 100, 50 }, backgroundColor = \"#00FF00\" }", "ui.window:addSubview(v)",
            ":snapshot \(dir)/now.svg", ":snapshot \(dir)/now.gif", ":snapshot", ":snapshot /nonexistent/x.svg",
        ])
        #expect(r.out == "wrote \(dir)/now.svg (393 × 852 points at 0.000 s)\n")
        #expect(r.err == """
            nestbox: \(dir)/now.gif is not a .svg or .png file
            :snapshot needs a .svg or .png file
            nestbox: cannot write /nonexistent/x.svg: No such file or directory

            """)
        let svg = FileManager.default.contents(atPath: dir + "/now.svg").map { String(decoding: $0, as: UTF8.self) }
        #expect(svg?.contains(##"<rect x="0" y="0" width="100" height="50" fill="#00FF00"/>"##) == true)
    }
}

extension ReplTests {
    /// The commands that act on the world say what they need when given nothing, as
    /// `:load` and `:advance` do, rather than running a call that fails.
    @Test(":tap, :rotate and :device without an argument say what they need, :views with one; a script that cannot be read is exit 2")
    func commandsNeedArguments() throws {
        let (r, _, _) = try repl([":tap", ":rotate", ":device", ":views extra", "print('still here')"])
        #expect(r.err == """
            :tap needs a title or two finite numbers x y
            :rotate needs an orientation (portrait, landscapeLeft, landscapeRight, portraitUpsideDown)
            :device needs a device id (iphone-16, ipad-11, ...) or name
            :views takes no argument (got extra)

            """)
        #expect(r.out == "still here\n" && r.code == 0)
        let (missing, reader, _) = try repl(["print('never read')"], file: "/nowhere/design.lua")
        #expect(missing.code == 2 && missing.out == "")
        #expect(missing.err == "nestbox: cannot open /nowhere/design.lua: No such file or directory\n")
        _ = reader
    }
}

/// The limits (README.md, the REPL): FILE and each line or command that runs script code
/// get them afresh; a limit ends the line and the world stays, as after Ctrl-C.
extension ReplTests {
    func limits(timeout: Double = 10, instructions: Int? = nil, memory: Int = 256) -> Limits {
        var l = Limits()
        (l.timeout, l.maxInstructions, l.maxMemory) = (timeout, instructions, memory)
        return l
    }

    @Test("a line past --timeout ends with the limit's line, the world stays, and the next line has a deadline of its own")
    func timeoutPerLine() throws {
        let spin = "local t = os.clock() while os.clock() - t < 0.25 do end"
        let (r, _, _) = try repl(["x = 1", "while true do end", "print(x)", spin, spin, "print('both ran')", ":advance 2",
                                  "ui.window.rootViewController = ui.ViewController{}", ":tree"], limits: limits(timeout: 0.4))
        #expect(r.err == "time limit exceeded at stdin:1\nstack traceback:\n\tstdin:1: in main chunk\n")
        #expect(r.out.hasPrefix("1\nboth ran\n"), "\(r.out)")
        #expect(r.out.contains("<ViewController: ViewController#1>"), "\(r.out)")
    }

    @Test("FILE and :load run under the limits; the REPL goes on after them")
    func timeoutOfFiles() throws {
        let file = try script("x = 7\nwhile true do end", name: "spin.lua")
        let (r, _, _) = try repl(["print(x)", ":load \(file)", "print(x + 1)"], file: file, limits: limits(timeout: 0.3))
        #expect(r.code == 0)
        #expect(r.err == "nestbox: time limit exceeded at \(file):2\n" + "nestbox: time limit exceeded at \(file):2\n")
        #expect(r.out == "7\n8\n")
    }

    @Test("--max-instructions counts each line afresh")
    func instructionsPerLine() throws {
        // One instruction an iteration (FORLOOP): two lines of 700,000 in a row pass, one of 1.5 million fails.
        let (r, _, _) = try repl(["for i = 1, 700000 do end", "for i = 1, 700000 do end", "print('ok')",
                                  "for i = 1, 1500000 do end", "print('after')"], limits: limits(instructions: 1_000_000))
        #expect(r.out == "ok\nafter\n")
        #expect(r.err == "instruction limit of 1000000 exceeded at stdin:1\nstack traceback:\n\tstdin:1: in main chunk\n")
    }

    @Test("--max-memory bounds the session: a line past it fails, and once the memory is let go the REPL works on")
    func memoryOfSession() throws {
        let (r, _, _) = try repl(["t = {}", "for i = 1, 1e7 do t[i] = ('x'):rep(64) .. i end", "print(#t > 0)",
                                  "t = nil; collectgarbage()", "u = ('y'):rep(1e6); print(#u)"], limits: limits(memory: 32))
        #expect(r.err.hasPrefix("memory limit of 32 MiB exceeded at stdin:1\n"), "\(r.err)")
        #expect(r.out == "true\n1000000\n", "\(r.out)")
    }
}

extension ReplTests {
    @Test("a statement's own return prints its values, as lua's REPL does")
    func statementReturns() throws {
        let (r, _, _) = try repl(["return 7, 'x'", "do return true end", "local y = 1"])
        #expect(r.out == "7\t\"x\"\ntrue\n")
    }
}
