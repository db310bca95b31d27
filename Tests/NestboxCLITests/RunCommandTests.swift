import Foundation
import Testing
import NestboxCLI
import NestboxLua

/// `nestbox run`, called in-process.
@Suite struct RunCommandTests {}

struct Captured {
    var code: Int32
    var out: String
    var err: String
}

func nestbox(_ args: [String]) -> Captured {
    var out = "", err = ""
    let code = Nestbox.main(args, output: Output(out: { out += $0 }, err: { err += $0 }))
    return Captured(code: code, out: out, err: err)
}

/// Writes a script to a fresh temporary folder and returns its path.
func script(_ source: String, name: String = "script.lua") throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try source.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

let twoControllers = """
    local p = ui.ViewController{ name = "p" }
    ui.window.rootViewController = p
    ui.window:makeKeyAndVisible()
    local c = ui.ViewController{ name = "c" }
    p:addChild(c); p.view:addSubview(c.view); c:didMove(p)
    print("hello")
    """

extension RunCommandTests {
    @Test("a script that cannot be opened says why; a mistyped command gets a suggestion")
    func manners() throws {
        let folder = (try script("") as NSString).deletingLastPathComponent
        let dir = nestbox(["run", folder])
        #expect(dir.code == 2 && dir.err == "nestbox: cannot open \(folder): Is a directory\n")
        let typo = nestbox(["rnu", "x.lua"])
        #expect(typo.code == 2)
        #expect(typo.err == "nestbox: unknown command 'rnu'; did you mean 'run'? (commands: run, test, lint, explore, preview, annotations, repl, bench)\n")
        #expect(nestbox(["frobnicate"]).err == "nestbox: unknown command 'frobnicate' (commands: run, test, lint, explore, preview, annotations, repl, bench)\n")
        // `help NAME` names a command too: a typo there is the same error, not the help.
        let help = nestbox(["help", "rnu"])
        #expect(help.code == 2 && help.err == "nestbox: unknown command 'rnu'; did you mean 'run'? (commands: run, test, lint, explore, preview, annotations, repl, bench)\n")
        #expect(nestbox(["help", "run"]).code == 0)
        #expect(nestbox(["help", "run"]).code == 0)
    }

    @Test("--help lists the exit codes, one named type's (ExitStatus)")
    func helpListsExitCodes() {
        let r = nestbox(["--help"])
        #expect(r.code == 0)
        #expect(r.out.contains("""
            Exit codes:
              0  ok
              1  a script error (in a hook too), a failed test or explore, or output lost
              2  usage: a bad option, or a file that cannot be read or written
              3  a limit ended the run (--timeout, --max-memory, --max-instructions)
              4  an expectation failed (ui.expectTrace, --expect, ui.invariant)
              5  lints were found and nothing else failed
              130  stopped at SIGINT (run, lint, test, explore: what finished is written)
              143  stopped at SIGTERM (run, lint, test, explore: what finished is written)
            """), "\(r.out)")
        #expect(ExitStatus.allCases.map(\.code) == [0, 1, 2, 3, 4, 5, 130, 143])
    }

    @Test("exit 0: the trace, a blank line, then the hierarchy")
    func ok() throws {
        let r = nestbox(["run", try script(twoControllers), "--kinds", "containment"])
        #expect(r.code == 0)
        #expect(r.out == """
            hello
            [0.000] c.willMove(toParent: p)
            [0.000] c.didMove(toParent: p)

            <ViewController: p>, state: appeared, view: <View: p.view>
               | <ViewController: c>, state: appeared, view: <View: c.view>

            """)
        #expect(r.err.isEmpty)
    }

    @Test("exit 4: an invariant broken once the run settled, with the line that declared it; none under --no-settle")
    func invariant() throws {
        let file = try script("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.invariant("no children", function() return #root.children == 0, #root.children .. " children" end)
            root:addChild(ui.ViewController{ name = "c" })
            """)
        let r = nestbox(["run", file, "--trace", "none"])
        #expect(r.code == 4)
        #expect(r.err == "\(file):4: invariant 'no children' failed: 1 children\n")
        #expect(r.out.hasPrefix("<ViewController: root>"))
        #expect(nestbox(["run", file, "--trace", "none", "--no-settle"]).code == 0)
    }

    @Test("a negative number is a bad number, not a missing one; an empty --kinds is refused")
    func negativeNumbersAndEmptyKinds() throws {
        let file = try script(twoControllers)
        for (args, message) in [
            (["run", file, "--timeout", "-1"], "Error: --timeout must be a number of seconds above 0 and at most 1000000"),
            (["run", file, "--max-memory", "-5"], "Error: --max-memory must be a number of MiB from 1 to 1048576"),
            (["run", file, "--kinds", ""], "Error: --kinds needs at least one kind (lifecycle, containment, call, view, animation, input, delegate, warning, lint, error, log, mark, or all)"),
            (["test", file, "-j", "-1"], "Error: -j must be a number from 1 to 64"),
        ] {
            let r = nestbox(args)
            #expect(r.code == 2, "\(args)")
            #expect(r.err.hasPrefix(message + "\n"), "\(args): \(r.err)")
        }
    }

    @Test func views() throws {
        let r = nestbox(["run", try script(twoControllers), "--trace", "none", "--views"])
        #expect(r.code == 0)
        #expect(r.out.hasSuffix("""
            <Window: window; frame = (0 0; 393 852)>
               | <View: p.view; frame = (0 0; 393 852); autoresize = W+H; owner = p>
               |    | <View: c.view; frame = (0 0; 393 852); autoresize = W+H; owner = c>

            """))
    }

    @Test("JSON Lines: every line of standard output is one JSON object")
    func jsonl() throws {
        let r = nestbox(["run", try script(twoControllers), "--trace", "jsonl"])
        #expect(r.code == 0)
        #expect(r.err == "hello\n", "the script's prints move to stderr")
        let lines = r.out.split(separator: "\n")
        #expect(lines.count > 5)
        var kinds = Set<String>()
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            if let k = object?["kind"] as? String { kinds.insert(k) }
        }
        #expect(kinds.isSuperset(of: ["lifecycle", "containment", "call", "view", "log"]))
        #expect(lines.first == #"{"seq":1,"t":0,"kind":"call","object":"window","event":"setRootViewController","args":{"_":"p"}}"#)
        #expect(lines.last?.hasPrefix(#"{"hierarchy":"<ViewController: p>, state: appeared"#) == true)
    }

    @Test("JSON Lines stay strict JSON: NaN is null, times past 1.8e302 are numbers, not inf")
    func jsonlExtremes() throws {
        // What the lines used to hold: the parser below rejects it, so it can fail.
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(#"{"t":inf}"#.utf8)) }
        let path = try script("""
            local v = ui.ViewController{ name = "v" }
            ui.window.rootViewController = v
            ui.window:makeKeyAndVisible()
            v.view.alpha = 0/0
            ui.animate{ duration = 0.05, animations = function() v.view.alpha = 1 end }
            ui.advance(1)
            ui.advance(1.8e302)
            ui.animate{ duration = 1e303, animations = function() v.view.alpha = 0.5 end }
            ui.advance(1.7e308)
            ui.advance(1.7e308)
            print("late")
            """)
        let r = nestbox(["run", path, "--trace", "jsonl", "--frames", "--kinds", "animation,log"])
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not strict JSON: \(line)")
        }
        #expect(lines.filter { $0.contains(#""alpha":null"#) }.count == 3)
        #expect(lines.contains(#"{"seq":17,"t":1.8e+302,"kind":"animation","object":"animation#2","event":"begin","args":{"duration":1e+303,"curve":"easeInOut","views":"v.view"}}"#))
        // The clock stops at the largest finite time rather than reaching inf.
        #expect(lines.contains(#"{"seq":20,"t":1.7976931348623157e+308,"kind":"log","object":"script","event":"print","args":{},"message":"late"}"#))
    }

    @Test("exit 1: a script error, with position and traceback on stderr")
    func scriptError() throws {
        let path = try script("local x = 1\nerror('broken')\n")
        let r = nestbox(["run", path, "--trace", "none"])
        #expect(r.code == 1)
        #expect(r.err.hasPrefix("\(path):2: broken\nstack traceback:\n"))
        #expect(r.out == "(no root view controller)\n")
    }

    /// A constructor over several lines is one call at its first line; the error about
    /// one of its keys names the key's line, whichever check refused it.
    @Test("a constructor key's error names the key's line, not the constructor's first")
    func constructorKeyLines() throws {
        let path = try script("""
            local function try(f) local _, e = pcall(f); print(e) end
            try(function()
              return ui.ViewController{
                name = "x",
                title = 5,
              }
            end)
            try(function()
              return ui.NavigationController{
                name = "n",
                rootViewController = ui.ViewController{},
              }
            end)
            try(function()
              return ui.ViewController{
                name = "y",
                present = function() end,
              }
            end)
            try(function() return ui.ViewController{ title = "t", isEditing = true } end)
            local vc = ui.ViewController{
              name = "z",
              isEditing = true,
            }
            """)
        let r = nestbox(["run", path, "--trace", "none"])
        #expect(r.code == 1)
        #expect(r.out == """
            \(path):5: bad field 'title' in ViewController{...} (string expected, got number)
            \(path):11: `rootViewController` is a label of UINavigationController's init(rootViewController:), which is ui.NavigationController{ root = … } in Nestbox (docs/coverage.md)
            \(path):17: 'present' is a method of ViewController: override it in a subclass (ui.ViewController:extend(name)), not on an object (docs/api-conventions.md)
            \(path):20: UIViewController.isEditing is not modelled by Nestbox (docs/coverage.md)
            (no root view controller)

            """)
        #expect(r.err.hasPrefix("\(path):23: UIViewController.isEditing is not modelled by Nestbox"), "\(r.err)")
    }

    @Test("exit 1: an error in a hook, reported with the hook's traceback")
    func hookError() throws {
        let path = try script("""
            local c = ui.ViewController{ name = "c", viewDidLoad = function() error("in hook") end }
            ui.window.rootViewController = c
            ui.window:makeKeyAndVisible()
            """)
        let r = nestbox(["run", path, "--kinds", "error"])
        #expect(r.code == 1)
        #expect(r.out.hasPrefix("[0.000] error: \(path):1: in hook\n"))
        #expect(r.err.hasPrefix("\(path):1: in hook\nstack traceback:\n\t[C]: in function 'error'"))
        // --keep-going goes on, reports each error, and still exits 1 at the end.
        let kept = nestbox(["run", path, "--kinds", "error", "--keep-going"])
        #expect(kept.code == 1)
        #expect(kept.out.hasSuffix("<ViewController: c>, state: appeared, view: <View: c.view>\n"), "\(kept.out)")
        #expect(kept.err.hasPrefix("\(path):1: in hook\nstack traceback:"))
        #expect(kept.err.hasSuffix("\nnestbox: 1 error in callbacks (--keep-going went on past it)\n"), "\(kept.err)")
    }

    @Test("exit 1: a syntax error")
    func syntaxError() throws {
        let path = try script("local = 1")
        let r = nestbox(["run", path, "--trace", "none"])
        #expect(r.code == 1)
        #expect(r.err == "\(path):1: <name> expected near '='\n")
    }

    @Test("exit 2: usage errors", arguments: [
        ["run"],
        ["run", "x.lua", "--trace", "xml"],
        ["run", "x.lua", "--kinds", "lifecycle,bogus"],
        ["run", "x.lua", "--expect", "a", "--record", "b"],
        ["walk"],
    ])
    func usage(_ args: [String]) {
        let r = nestbox(args)
        #expect(r.code == 2)
        #expect(!r.err.isEmpty)
    }

    @Test("exit 2: a missing script")
    func missing() {
        let r = nestbox(["run", "/nonexistent/script.lua"])
        #expect(r.code == 2)
        #expect(r.err == "nestbox: cannot open /nonexistent/script.lua: No such file or directory\n")
    }

    @Test("exit 4: a failed expectation")
    func expectation() throws {
        let path = try script("""
            local p, c = ui.ViewController{ name = "p" }, ui.ViewController{ name = "c" }
            p:addChild(c)
            ui.expectTrace "c.didMove(toParent: p)"
            """)
        let r = nestbox(["run", path, "--trace", "none"])
        #expect(r.code == 4)
        #expect(r.err == """
            \(path):3: trace mismatch (- expected, + actual):
            - c.didMove(toParent: p)
            + c.willMove(toParent: p)

            """)
    }

    @Test("--record writes a golden, --expect compares with it (exit 4 on a difference)")
    func goldens() throws {
        let path = try script(twoControllers)
        let golden = (path as NSString).deletingLastPathComponent + "/golden.trace"
        #expect(nestbox(["run", path, "--record", golden]).code == 0)
        let recorded = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(recorded.hasPrefix("[0.000] window.setRootViewController(p)\n"))
        #expect(!recorded.contains("\nhello\n"), "the golden holds the report, not the prints")
        #expect(nestbox(["run", path, "--expect", golden]).code == 0)
        try recorded.replacingOccurrences(of: "c.didMove", with: "c.didMoov").write(toFile: golden, atomically: true, encoding: .utf8)
        let r = nestbox(["run", path, "--expect", golden])
        #expect(r.code == 4)
        #expect(r.err.contains("- [0.000] c.didMoov(toParent: p)\n"))
        #expect(r.err.contains("+ [0.000] c.didMove(toParent: p)\n"))
        // A golden that cannot be read: exit 2 before anything runs (the script's print
        // never shows).
        let none = nestbox(["run", path, "--expect", golden + ".missing"])
        #expect(none.code == 2 && none.out == "" && none.err == "nestbox: cannot read golden file \(golden).missing: No such file or directory\n", "\(none)")
    }

    @Test("--record writes through a symbolic link, refuses a FIFO, a device and a folder, in one line")
    func recordInPlace() throws {
        let path = try script("print('hi')")
        let dir = (path as NSString).deletingLastPathComponent
        let fm = FileManager.default
        // A link to the golden (a shared fixture): the link stays, the target is written.
        try "old".write(toFile: dir + "/target.trace", atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: dir + "/link.trace", withDestinationPath: "target.trace")
        #expect(nestbox(["run", path, "--record", dir + "/link.trace"]).code == 0)
        #expect(try fm.destinationOfSymbolicLink(atPath: dir + "/link.trace") == "target.trace")
        #expect(try String(contentsOfFile: dir + "/target.trace", encoding: .utf8) == "[0.000] log: hi\n\n(no root view controller)\n")
        // A longer golden is truncated, not overwritten in part.
        try String(repeating: "x", count: 500).write(toFile: dir + "/target.trace", atomically: true, encoding: .utf8)
        #expect(nestbox(["run", path, "--record", dir + "/link.trace"]).code == 0)
        #expect(try String(contentsOfFile: dir + "/target.trace", encoding: .utf8) == "[0.000] log: hi\n\n(no root view controller)\n")

        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        for (target, why) in [(dir + "/fifo", "not a regular file"), ("/dev/null", "not a regular file"),
                              (dir, "not a regular file"), ("/proc/x", "No such file or directory"),
                              (dir + "/missing/golden.trace", "No such file or directory")] {
            let r = nestbox(["run", path, "--record", target])
            #expect(r.code == 2, "\(target)")
            #expect(r.err == "nestbox: cannot write \(target): \(why)\n")
        }
        var info = stat()
        #expect(stat(dir + "/fifo", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }

    @Test("--expect shows a line-ending difference instead of two identical lines")
    func goldenLineEndings() throws {
        let path = try script(twoControllers)
        let golden = (path as NSString).deletingLastPathComponent + "/golden.trace"
        #expect(nestbox(["run", path, "--kinds", "containment", "--record", golden]).code == 0)
        let recorded = try String(contentsOfFile: golden, encoding: .utf8)
        try recorded.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: golden, atomically: true, encoding: .utf8)
        let r = nestbox(["run", path, "--kinds", "containment", "--expect", golden])
        #expect(r.code == 4)
        #expect(r.err == """
            output differs from \(golden) (- expected, + actual):
            - [0.000] c.willMove(toParent: p)\\r
            - [0.000] c.didMove(toParent: p)\\r
            - \\r
            - <ViewController: p>, state: appeared, view: <View: p.view>\\r
            -    | <ViewController: c>, state: appeared, view: <View: c.view>\\r
            + [0.000] c.willMove(toParent: p)
            + [0.000] c.didMove(toParent: p)
            + 
            + <ViewController: p>, state: appeared, view: <View: p.view>
            +    | <ViewController: c>, state: appeared, view: <View: c.view>
              

            """)
    }

    @Test("warnings are echoed to stderr as they happen")
    func warnings() throws {
        let path = try script("local c = ui.ViewController{ name = 'c' }\nc:endAppearanceTransition()")
        let r = nestbox(["run", path, "--trace", "none"])
        #expect(r.code == 0)
        #expect(r.err == "warning: Unbalanced calls to begin/end appearance transitions for <ViewController: c>.\n")
    }

    @Test func requireLoadsModulesBesideTheScript() throws {
        let path = try script("local m = require 'helpers'\nassert(m.answer == 42)\nassert(require('helpers') == m)\nassert(not pcall(require, '../etc/passwd'))\nprint('OK')")
        try "return { answer = 42 }".write(toFile: (path as NSString).deletingLastPathComponent + "/helpers.lua", atomically: true, encoding: .utf8)
        let r = nestbox(["run", path, "--trace", "none"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("OK\n"))
    }

    @Test("require loads a module's bytes as the main script's: BOM and '#' line skipped, 0xFF and NUL kept")
    func requireLoadsBytes() throws {
        let path = try script("local m = require 'bytes'\nprint(#m.ff, m.ff:byte(), #m.nul)\nrequire 'deep'")
        let dir = (path as NSString).deletingLastPathComponent
        try Data("\u{FEFF}#!/usr/bin/env nestbox\nreturn { ff = \"\u{FF}\", nul = \"a\u{0}b\" }\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/bytes.lua"))
        // U+00FF is two bytes in UTF-8: make the literal the lone byte 0xFF.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/bytes.lua"))
        bytes.replaceSubrange(try #require(bytes.firstRange(of: Data([0xC3, 0xBF]))), with: [0xFF])
        try bytes.write(to: URL(fileURLWithPath: dir + "/bytes.lua"))
        try ("\n\nreturn " + String(repeating: "{", count: 300) + String(repeating: "}", count: 300))
            .write(toFile: dir + "/deep.lua", atomically: true, encoding: .utf8)
        let r = nestbox(["run", path, "--trace", "none"])
        #expect(r.out.hasPrefix("1\t255\t3\n"))
        #expect(r.code == 1)
        // (Lua shortens a long chunk name from the left: match the end of the path.)
        #expect(r.err.contains(":3: ") && r.err.contains("/deep.lua:3: C stack overflow\n"), "\(r.err)")
    }

    @Test("the same script twice gives byte-identical JSON Lines, frames included")
    func deterministic() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("scripts/examples/sliding-container.lua").path
        let first = nestbox(["run", path, "--trace", "jsonl", "--frames"])
        let second = nestbox(["run", path, "--trace", "jsonl", "--frames"])
        #expect(first.code == 0)
        #expect(first.out == second.out)
        #expect(first.out.contains(#""kind":"animation","object":"green.view","event":"frame""#))
    }

    @Test("--device picks a preset; an unknown one is a usage error")
    func device() throws {
        let path = try script("print(ui.screen.width, ui.screen.height)")
        let r = nestbox(["run", path, "--trace", "none", "--device", "iPhone SE"])
        #expect(r.out.hasPrefix("375.0\t667.0\n"))
        #expect(nestbox(["run", path, "--device", "Nokia"]).code == 2)
    }

    @Test("exit 3: each limit ends the run with one line naming it and where", arguments: [
        ("local s = 'x'\nfor i = 1, 40 do s = s .. s end", ["--max-memory", "8"], "memory limit of 8 MiB exceeded", 2),
        // inside a C function: the line of the Lua code that called it
        ("local s = ('x'):rep(1 << 20)\nlocal u = s:rep(12)", ["--max-memory", "8"], "memory limit of 8 MiB exceeded", 2),
        ("local f = coroutine.wrap(function()\n  local t = {}\n  for i = 1, 1e8 do t[i] = i end\nend)\nf()",
         ["--max-memory", "8"], "memory limit of 8 MiB exceeded", 3),
        ("local n = 0\nwhile true do\n  pcall(function() while true do n = n + 1 end end)\nend", ["--timeout", "0.3"], "time limit exceeded", 3),
        // a coroutine already running when the deadline passes
        ("local co = coroutine.create(function()\n  while true do end\nend)\ncoroutine.resume(co)", ["--timeout", "0.3"], "time limit exceeded", 2),
        ("local f = coroutine.wrap(function()\n  while true do pcall(coroutine.yield) end\nend)\nwhile true do f() end", ["--timeout", "0.3"], "time limit exceeded", -1),
        // a host operation that would run forever checks the deadline itself
        ("local function again() ui.after(0, again) end\nagain()\nwhile true do pcall(ui.settle) end", ["--timeout", "0.3"], "time limit exceeded", -1),
        ("for i = 1, 1e7 do end", ["--max-instructions", "100000"], "instruction limit of 100000 exceeded", 1),
        // a limit below the counting hook's period of 1,000, kept to the instruction: the
        // loop runs 800 (its FORLOOP and ADD 400 times)
        ("local s = 0\nfor i = 1, 400 do s = s + i end", ["--max-instructions", "500"], "instruction limit of 500 exceeded", 2),
        ("local s = 0\nfor i = 1, 400 do s = s + i end", ["--max-instructions", "799"], "instruction limit of 799 exceeded", 2),
    ])
    func limits(_ source: String, _ options: [String], _ message: String, _ line: Int) throws {
        // (And the same loop under a limit it keeps within runs to its end.)
        if options == ["--max-instructions", "799"] {
            #expect(nestbox(["run", try script(source), "--trace", "none", "--max-instructions", "820"]).code == 0)
        }
        let path = try script(source)
        let r = nestbox(["run", path, "--trace", "none"] + options)
        #expect(r.code == 3)
        if line > 0 {
            #expect(r.err == "nestbox: \(message) at \(path):\(line)\n")
        } else {   // wherever the deadline finds it
            #expect(r.err.hasPrefix("nestbox: \(message) at \(path):"), "\(r.err)")
            #expect(r.err.split(separator: "\n").count == 1, "one line")
        }
    }

    @Test("numbers out of range for the limits are usage errors (exit 2)", arguments: [
        // 1e19 s overflowed the watchdog's deadline: an endless loop was never stopped
        ("--timeout=1e19", "--timeout must be a number of seconds above 0 and at most 1000000"),
        ("--timeout=1000000.5", "--timeout must be a number of seconds above 0 and at most 1000000"),
        ("--timeout=nan", "--timeout must be a number of seconds above 0 and at most 1000000"),
        ("--timeout=inf", "--timeout must be a number of seconds above 0 and at most 1000000"),
        ("--timeout=-1", "--timeout must be a number of seconds above 0 and at most 1000000"),
        ("--timeout=0", "--timeout must be a number of seconds above 0 and at most 1000000"),
        ("--max-memory=0", "--max-memory must be a number of MiB from 1 to 1048576"),
        ("--max-memory=-1", "--max-memory must be a number of MiB from 1 to 1048576"),
        ("--max-memory=1048577", "--max-memory must be a number of MiB from 1 to 1048576"),
        ("--max-instructions=0", "--max-instructions must be a positive number"),
        ("--max-instructions=-5", "--max-instructions must be a positive number"),
    ])
    func limitOptions(_ option: String, _ message: String) {
        let r = nestbox(["run", "x.lua", option])
        #expect(r.code == 2)
        #expect(r.err.hasPrefix("Error: \(message)\nUsage: nestbox run"), "\(r.err)")
    }

    @Test("the largest timeout is accepted")
    func largestTimeout() throws {
        let r = nestbox(["run", try script("print('ok')"), "--trace", "none", "--timeout", "1000000"])
        #expect(r.code == 0)
        #expect(r.out == "ok\n(no root view controller)\n")
    }
}

extension RunCommandTests {
    @Test("nestbox --version prints the version and exits 0")
    func version() {
        let r = nestbox(["--version"])
        #expect(r.code == 0 && r.out == Nestbox.version + "\n" && r.err == "")
        #expect(Nestbox.version.split(separator: ".").count == 3)
    }
}

extension RunCommandTests {
    @Test("an output that names the input is refused (exit 2) and the input is kept: run's report and golden, explore's repro, test's JUnit")
    func outputsNeverReplaceTheirInput() throws {
        let design = "local root = ui.ViewController{ name = 'root' }\nui.window.rootViewController = root\nui.window:makeKeyAndVisible()\n"
        let path = try script(design)
        let dir = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
        for flag in ["--report", "--record"] {
            // Another spelling of the same file counts too.
            let r = nestbox(["run", path, "--trace", "none", flag, dir + "/./" + name])
            #expect(r.code == 2 && r.err == "nestbox: \(flag) \(dir)/./\(name) is the script itself: the run would write over it\n", "\(r.err)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == design)
        let repro = dir + "/repro.lua"
        try design.write(toFile: repro, atomically: true, encoding: .utf8)
        let e = nestbox(["explore", repro, "--out", dir, "--runs", "1"])
        #expect(e.code == 2 && e.err.hasPrefix("nestbox: \(dir)/repro.lua is the design itself: a repro would write over it"), "\(e.err)")
        #expect(try String(contentsOfFile: repro, encoding: .utf8) == design)
        let spec = try script("it('passes', function() end)\n", name: "keep_spec.lua")
        let t = nestbox(["test", spec, "--junit", spec])
        #expect(t.code == 2 && t.err == "nestbox: --junit \(spec) is the spec file \(spec): not written over\n", "\(t.err)")
        #expect(try String(contentsOfFile: spec, encoding: .utf8) == "it('passes', function() end)\n")
        // A module the script requires, known once the run has loaded it: not written.
        let module = dir + "/keptlib.lua"
        try "return { x = 1 }\n".write(toFile: module, atomically: true, encoding: .utf8)
        let main = dir + "/usesmodule.lua"
        try "local l = require('keptlib')\nprint(l.x)\n".write(toFile: main, atomically: true, encoding: .utf8)
        for flag in ["--report", "--record"] {
            let r = nestbox(["run", main, "--trace", "none", flag, module])
            #expect(r.code == 2 && r.err == "nestbox: \(flag) \(module) is \(module), a module the script requires: the run would write over it\n", "\(r.err)")
            #expect(r.out.hasPrefix("1\n"))
        }
        #expect(try String(contentsOfFile: module, encoding: .utf8) == "return { x = 1 }\n")
    }
}
