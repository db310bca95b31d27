import Foundation
import Testing
@testable import NestboxCLI
import NestboxLua
import Containment
#if canImport(Glibc)
import Glibc
#endif

/// `nestbox explore` (docs/explore.md): planted bugs found and shrunk, correct designs
/// explored clean, exit codes, the repro's replay, the database, and determinism. In this
/// process sequences run in fresh worlds (no fork in a test runner); the subprocess tests
/// below check the forked command line gives the same results whatever `-j`.
@Suite struct ExploreTests {
    /// The README's drawer (docs/explore/drawer.lua): the menu counts as open only once its
    /// slide has ended, so a second tap during the slide opens it again (a re-entrancy
    /// bug). Fixed as the README says: both slides check a `sliding` flag first.
    static func drawer(fixed: Bool) -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = (try? String(contentsOf: root.appendingPathComponent("docs/explore/drawer.lua"), encoding: .utf8)) ?? ""
        guard fixed else { return text }
        let guardLine = "  if self.sliding then return end\n  self.sliding = true\n"
        return text.replacing("function Root:openMenu()\n", with: "function Root:openMenu()\n" + guardLine)
            .replacing("function Root:closeMenu()\n", with: "function Root:closeMenu()\n" + guardLine)
    }

    /// The final line without its time.
    static func line(_ out: String) -> String {
        out.replacing(#/ in [0-9.]+ s:/#, with: " in T s:")
    }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("a planted re-entrancy bug is found, shrunk to two taps in one instant, and its repro fails the same way")
    func plantedBugFoundAndShrunk() throws {
        let file = try script(Self.drawer(fixed: false), name: "drawer.lua")
        let dir = (file as NSString).deletingLastPathComponent
        let r = nestbox(["explore", file, "--runs", "50"])
        #expect(r.code == 1, "\(r.err)")
        #expect(Self.line(r.out) == "explored 1 sequence (3 inputs) in T s: failure: invariant 'an open menu has one row' after 2 inputs (shrunk from 3): \(dir)/explore-out/repro.lua\n")
        let repro = try Self.read(dir + "/explore-out/repro.lua")
        #expect(repro.hasSuffix("""
            require("drawer")
            ui.settle()                -- exploring starts from the settled design

            ui.tap({ x = 350, y = 82 })             -- <Button: toggle>
            ui.tap({ x = 350, y = 82 })             -- <Button: toggle>
            ui.settle()
            ui.checkInvariants()

            """), "\(repro)")
        #expect(repro.contains("--   \(file):42: invariant 'an open menu has one row' failed: the open menu has 2 rows\n"))
        // The repro as a user runs it: exit 4, the explorer's message.
        let replay = nestbox(["run", dir + "/explore-out/repro.lua", "--trace", "none"])
        #expect(replay.code == 4)
        #expect(replay.err == "\(file):42: invariant 'an open menu has one row' failed: the open menu has 2 rows\n")
        #expect(FileManager.default.fileExists(atPath: dir + "/explore-out/repro.html"))
        // Another design in the folder, explored clean, leaves this one's repro alone;
        // this one, once fixed, takes it away.
        try Self.drawer(fixed: true).write(toFile: dir + "/clean.lua", atomically: true, encoding: .utf8)
        #expect(nestbox(["explore", dir + "/clean.lua", "--runs", "5"]).code == 0)
        #expect(try Self.read(dir + "/explore-out/repro.lua") == repro)
        #expect(FileManager.default.fileExists(atPath: dir + "/explore-out/repro.html"))
        try Self.drawer(fixed: true).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(nestbox(["explore", file, "--runs", "5"]).code == 0)
        #expect(!FileManager.default.fileExists(atPath: dir + "/explore-out/repro.lua"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/explore-out/repro.html"))
    }

    @Test("the fixed design is explored clean: exit 0 and the counts")
    func correctDesignClean() throws {
        let file = try script(Self.drawer(fixed: true), name: "drawer.lua")
        let r = nestbox(["explore", file, "--runs", "60", "--steps", "8"])
        #expect(r.code == 0, "\(r.err)")
        #expect(Self.line(r.out) == "explored 60 sequences (480 inputs) in T s: no failure\n")
        #expect(r.err.isEmpty)
    }

    @Test("a failure is stored beside FILE and replayed first; once fixed, it passes and is dropped")
    func database() throws {
        let file = try script(Self.drawer(fixed: false), name: "drawer.lua")
        let dir = (file as NSString).deletingLastPathComponent
        #expect(nestbox(["explore", file, "--runs", "50"]).code == 1)
        let stored = try Self.read(dir + "/.nestbox-explore/drawer.txt")
        #expect(stored == "options\tdevice=iphone-15 lint-fails=false\nstep\t-\ttap\t350\t82\t<Button: toggle>\nstep\t-\ttap\t350\t82\t<Button: toggle>\nstep\tsettle\tnone\t\nend\n")
        // Under other options (another device) it is kept, not replayed.
        let other = nestbox(["explore", file, "--runs", "5", "--steps", "1", "--device", "ipad-11"])
        #expect(other.code == 0 && Self.line(other.out) == "explored 5 sequences (5 inputs) in T s: no failure\n", "\(other.out)")
        #expect(try Self.read(dir + "/.nestbox-explore/drawer.txt") == stored)
        let again = nestbox(["explore", file, "--runs", "50", "--seed", "99"])
        #expect(Self.line(again.out) == "explored 1 sequence (2 inputs) in T s: failure: invariant 'an open menu has one row' after 2 inputs (replayed from the database): \(dir)/explore-out/repro.lua\n")
        try Self.drawer(fixed: true).write(toFile: file, atomically: true, encoding: .utf8)
        let fixed = nestbox(["explore", file, "--runs", "20"])
        #expect(Self.line(fixed.out) == "explored 21 sequences (202 inputs) in T s: no failure\n", "\(fixed.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/.nestbox-explore/drawer.txt"))
    }

    @Test("an error in a hook, a UIKit warning and an uncaught exception are failures, named by location, number and name")
    func failureKinds() throws {
        func explore(_ body: String) throws -> (Captured, String) {
            let file = try script("""
                local root = ui.ViewController{ name = "root" }
                local b = ui.Button{ name = "go", title = "Go", frame = { 20, 100, 100, 44 } }
                root.view:addSubview(b)
                b:addTarget(function()
                \(body)
                end)
                ui.window.rootViewController = root
                ui.window:makeKeyAndVisible()
                """, name: "design.lua")
            return (nestbox(["explore", file, "--runs", "20", "--json"]), file)
        }
        let (error, file) = try explore("  error('boom')")
        #expect(error.code == 1)
        #expect(error.out.contains("\"failure\":{\"kind\":\"error\",\"name\":\"\(file):5\",\"message\":\"\(file):5: boom\",\"inputs\":1,"), "\(error.out)")
        #expect(error.out.contains("\"reproConfirmed\":true"))
        let (warning, _) = try explore("  root:present(ui.ViewController{ name = 'a' }, true); root:present(ui.ViewController{ name = 'b' }, true)")
        #expect(warning.out.contains("\"kind\":\"warning\",\"name\":\"W16\""), "\(warning.out)")
        #expect(warning.out.contains("\"reproConfirmed\":true"))
        let (exception, _) = try explore("  root:addChild(root)")
        #expect(exception.out.contains("\"kind\":\"exception\",\"name\":\"NSInvalidArgumentException\""), "\(exception.out)")
    }

    @Test("a replayed sequence names what each input reaches in the replay, not where its steps were chosen")
    func replayNamesItsTargets() throws {
        // Each tap on the button at (70, 122) replaces it with the next card's.
        let rt = try LuaRuntime()
        rt.output = { _ in }
        #expect(rt.run(source: """
            local root = ui.ViewController{ name = "root" }
            local n = 0
            local function card()
              local b = ui.Button{ name = "card" .. n .. ".push", title = "Push", frame = { 20, 100, 100, 44 } }
              b:addTarget(function() b:removeFromSuperview(); n = n + 1; card() end)
              root.view:addSubview(b)
            end
            card()
            local pan = ui.View{ name = "sheet", frame = { 0, 500, 393, 352 } }
            pan:addGestureRecognizer(ui.PanGestureRecognizer{ action = function() end })
            root.view:addSubview(pan)
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            """) == .ok)
        let tap = ScriptedInput.tap(.init(x: 70, y: 122))
        let stale = [ExploreStep(wait: .none, input: tap, note: "<Button: card5.push>"),
                     ExploreStep(wait: .none, input: tap, note: "<Button: card9.push>"),
                     ExploreStep(wait: .none, input: .pan(from: .init(x: 196, y: 676), to: .init(x: 196, y: 852), duration: 0.25),
                                 note: "<View: gone>"),
                     ExploreStep(wait: .none, input: .tap(.init(x: 300, y: 300)), note: "<Button: gone>")]
        let replayed = SequenceRun(runtime: rt, lintFails: false).replay(stale)
        #expect(replayed.steps.map(\.note) == ["<Button: card0.push>", "<Button: card1.push>", "<View: sheet>", ""])
    }

    @Test("a crash's repro runs in a child: its end is named as the sequence's was, and the explorer lives on")
    func crashReproInAChild() {
        #expect(Explorer.inChild { 3 } == "exit 3")
        #expect(Explorer.inChild { kill(getpid(), SIGKILL); return 0 } == "signal 9")
    }

    @Test("an invariant's name and message with line breaks (\\n, \\r\\n, \\r) make a repro that runs and a summary of one line")
    func lineBreaksInFailures() throws {
        let file = try script("""
            local vc = ui.ViewController{ name = "a" }
            ui.window.rootViewController = vc
            ui.window:makeKeyAndVisible()
            local tapped = false
            local b = ui.Button{ name = "b", title = "B", frame = { 10, 100, 100, 44 } }
            b:addTarget(function() tapped = true end)
            vc.view:addSubview(b)
            ui.invariant("never\\nend", function() return not tapped, "one\\r\\ntwo\\rthree" end)
            """, name: "breaks.lua")
        let dir = (file as NSString).deletingLastPathComponent
        let r = nestbox(["explore", file, "--runs", "20"])
        #expect(r.code == 1 && r.out.split(separator: "\n").count == 1, "\(r.out)")
        #expect(r.out.contains("failure: invariant 'never\\nend' after 1 input"), "\(r.out)")
        let replay = nestbox(["run", dir + "/explore-out/repro.lua", "--trace", "none"])
        #expect(replay.code == 4, "\(replay.err)")
    }

    @Test("a drag the explorer makes ends on the screen")
    func dragsEndOnScreen() throws {
        let file = try script("""
            local root = ui.ViewController{ name = "root" }
            local v = ui.View{ name = "tall", frame = { 0, 100, 393, 700 } }
            local lowest, highest = 852, 0
            v:addGestureRecognizer(ui.PanGestureRecognizer{ action = function(g)
              lowest, highest = math.min(lowest, g.location.y), math.max(highest, g.location.y)
            end })
            root.view:addSubview(v)
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.invariant("every drag stays on the screen", function()
              return lowest >= 0 and highest <= 852, "from " .. lowest .. " to " .. highest
            end)
            """, name: "tall.lua")
        let r = nestbox(["explore", file, "--runs", "200", "--steps", "4"])
        #expect(r.code == 0, "\(r.out)\(r.err)")
    }

    @Test("lints are listed, not failures; with --lint-fails a lint is one, named by its ID, and the repro runs with --lint")
    func lints() throws {
        let file = try script("""
            local root = ui.ViewController{ name = "root" }
            local b = ui.Button{ name = "go", title = "Go", frame = { 20, 100, 100, 44 } }
            root.view:addSubview(b)
            b:addTarget(function()
              local c = ui.ViewController{ name = "c" }
              root:addChild(c)
              root.view:addSubview(c.view)
            end)
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            """, name: "lintme.lua")
        let listed = nestbox(["explore", file, "--runs", "30"])
        #expect(listed.code == 0)
        let lint = "\(file):6: L1 <ViewController: c> was added to <ViewController: root> without didMove(toParent:) by the end of the run-loop turn"
        #expect(listed.err == "nestbox: 1 lint seen (not failures without --lint-fails); the first: \(lint)\n")
        let failing = nestbox(["explore", file, "--runs", "30", "--lint-fails", "--json"])
        #expect(failing.code == 1)
        #expect(failing.out.contains("\"failure\":{\"kind\":\"lint\",\"name\":\"L1\",\"message\":\(jsonString(lint)),\"inputs\":1,"), "\(failing.out)")
        #expect(failing.out.contains("\"reproConfirmed\":true"))
    }

    @Test("a sequence past --timeout is a limit failure, shrunk to the action that spins")
    func timeout() throws {
        let file = try script("""
            local root = ui.ViewController{ name = "root" }
            ui.action("spin", function() while true do end end)
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            """, name: "hang.lua")
        let r = nestbox(["explore", file, "--timeout", "0.3", "--steps", "3", "--json"])
        #expect(r.code == 1)
        #expect(r.out.contains("\"failure\":{\"kind\":\"limit\",\"name\":\"time\",\"message\":\"time limit exceeded at \(file):2\",\"inputs\":1,"), "\(r.out)")
        let repro = try Self.read((file as NSString).deletingLastPathComponent + "/explore-out/repro.lua")
        #expect(repro.hasSuffix("ui.settle()                -- exploring starts from the settled design\n\nui.fireAction(\"spin\")\n"))
    }

    @Test("exit 3 when the design fails before any input; exit 2 for usage")
    func exitCodes() throws {
        let broken = try script("local x = nil\nx.y = 1\n", name: "broken.lua")
        let r = nestbox(["explore", broken])
        #expect(r.code == 3)
        #expect(r.err.hasPrefix("\(broken):2: attempt to index a nil value (local 'x')\n"), "\(r.err)")
        #expect(r.err.hasSuffix("nestbox: \(broken) fails before any input (exit 3)\n"))
        #expect(r.out.isEmpty)
        // With --json, the summary says why nothing was explored, and where.
        let j = nestbox(["explore", broken, "--json"])
        #expect(j.code == 3)
        #expect(j.out.hasPrefix("{\"file\":\"\(broken)\",\"seed\":1,\"sequences\":0,\"inputs\":0,"), "\(j.out)")
        #expect(j.out.hasSuffix(",\"failure\":null,\"lints\":[],\"stopped\":{\"kind\":\"error\",\"file\":\"\(broken)\",\"line\":2,\"message\":\"attempt to index a nil value (local 'x')\",\"exit\":3}}\n"), "\(j.out)")
        let missing = nestbox(["explore", "/nonexistent/m.lua", "--json"])
        #expect(missing.code == 2)
        #expect(missing.out.hasSuffix("\"stopped\":{\"kind\":\"unreadable\",\"file\":\"/nonexistent/m.lua\",\"line\":null,\"message\":\"cannot open /nonexistent/m.lua: No such file or directory\",\"exit\":2}}\n"), "\(missing.out)")
        let ok = try script(Self.drawer(fixed: true), name: "drawer.lua")
        #expect(nestbox(["explore", ok, "--runs", "0"]).code == 2)
        #expect(nestbox(["explore", ok, "--runs", "5", "--for", "1"]).err.contains("--runs and --for cannot be used together"))
        #expect(nestbox(["explore", ok, "-j", "0"]).code == 2)
        #expect(nestbox(["explore", ok, "--steps", "-1"]).code == 2)
        #expect(nestbox(["explore", "/nonexistent/x.lua"]).code == 2)
        // A repro folder a file system refuses (whatever its permissions say, and for
        // root) is a usage error before anything runs; one that can be made is not left
        // made by the check.
        let proc = nestbox(["explore", ok, "--out", "/proc/nestbox-repro/x"])
        // (Root is refused by the mkdir, anyone else by the permission check first.)
        #expect(proc.code == 2 && proc.err.hasPrefix("nestbox: cannot write the repro in /proc/nestbox-repro/x: /proc"), "\(proc.err)")
        // Made and taken away, written with a trailing slash or a `.` part too.
        for spelled in ["/fresh/repro", "/fresh/repro/", "/fresh/./repro//"] {
            let fresh = (ok as NSString).deletingLastPathComponent + spelled
            #expect(nestbox(["explore", ok, "--runs", "5", "--out", fresh]).code == 0, "\(spelled)")
            #expect(!FileManager.default.fileExists(atPath: (ok as NSString).deletingLastPathComponent + "/fresh"), "\(spelled)")
        }
    }

    @Test("steps and results survive their text form; the random numbers are fixed by seed and sequence")
    func coding() throws {
        let steps = [
            ExploreStep(wait: .none, input: .tap(.init(x: 1.125, y: 2)), note: "<Button: a\tb>"),
            ExploreStep(wait: .seconds(0.017), input: .pan(from: .init(x: 1, y: 2), to: .init(x: -3.5, y: 4), duration: 0.1)),
            ExploreStep(wait: .settle, input: .action("deep\nlink \\ x")),
            ExploreStep(wait: .none, input: .rotate("landscapeLeft")),
            ExploreStep(wait: .seconds(0.5), input: .memoryWarning),
            ExploreStep(wait: .settle, input: nil),
        ]
        let result = SequenceResult(steps: steps, failure: ExploreFailure(kind: "warning", name: "W1", message: "a\nb", after: 5), lints: ["L1 x"])
        #expect(ExploreCoding.decode(ExploreCoding.encode(result)) == result)
        #expect(ExploreCoding.decode(String(ExploreCoding.encode(result).dropLast(4))) == nil)
        var a = ExploreRandom(seed: 1, sequence: 7), b = ExploreRandom(seed: 1, sequence: 7), c = ExploreRandom(seed: 1, sequence: 8)
        let xs = (0..<5).map { _ in a.next() }
        #expect(xs == (0..<5).map { _ in b.next() })
        #expect(xs != (0..<5).map { _ in c.next() })
        #expect(steps.map(\.lua) == [["ui.tap({ x = 1.125, y = 2 })"],
                                     ["ui.advance(0.017)", "ui.pan({ from = { x = 1, y = 2 }, to = { x = -3.5, y = 4 }, duration = 0.1 })"],
                                     ["ui.settle()", "ui.fireAction(\"deep\\10link \\\\ x\")"],
                                     ["ui.rotate(\"landscapeLeft\")"], ["ui.advance(0.5)", "ui.memoryWarning()"], ["ui.settle()"]])
    }

    @Test("the repro names FILE as require finds it from its folder (Q73)")
    func moduleNames() {
        #expect(Explorer.moduleName(of: "menu.lua", from: "explore-out") == "menu")
        #expect(Explorer.moduleName(of: "a/b/menu.lua", from: "a/b/explore-out") == "menu")
        #expect(Explorer.moduleName(of: "/w/a/menu.lua", from: "/w/out") == "a.menu")
        #expect(Explorer.moduleName(of: "my.menu.lua", from: "out") == nil)
        #expect(Explorer.moduleName(of: "menu.txt", from: "out") == nil)
    }
}

extension ExploreTests {
    @Test("require finds a module in a folder above the script, named by its path from there (Q73)")
    func requireClimbs() throws {
        let lib = try script("return { answer = 42 }\n", name: "lib.lua")
        let dir = (lib as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir + "/sub/deeper", withIntermediateDirectories: true)
        try "print(require('lib').answer)\nprint(require('missing'))\n".write(toFile: dir + "/sub/deeper/x.lua", atomically: true, encoding: .utf8)
        let r = nestbox(["run", dir + "/sub/deeper/x.lua", "--trace", "none"])
        #expect(r.out.hasPrefix("42\n"))
        #expect(r.err.hasPrefix("\(dir)/sub/deeper/x.lua:2: module 'missing' not found (no file \(dir)/sub/deeper/missing.lua or in a folder above it)\n"), "\(r.err)")
        // A module's own require, not found from the script's folder, is looked for
        // beside the module: a design in mod/ that requires lib.menu (mod/lib/menu.lua),
        // loaded by a script in another folder, as a repro written with --out is.
        try FileManager.default.createDirectory(atPath: dir + "/mod/lib", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/elsewhere", withIntermediateDirectories: true)
        try "return { name = 'menu' }\n".write(toFile: dir + "/mod/lib/menu.lua", atomically: true, encoding: .utf8)
        try "return require('lib.menu').name\n".write(toFile: dir + "/mod/design.lua", atomically: true, encoding: .utf8)
        try "print(require('mod.design'))\n".write(toFile: dir + "/elsewhere/repro.lua", atomically: true, encoding: .utf8)
        let m = nestbox(["run", dir + "/elsewhere/repro.lua", "--trace", "none"])
        #expect(m.code == 0 && m.out.hasPrefix("menu\n"), "\(m.err)")
    }
}

extension SubprocessTests {
    @Test("explore: the same failure, counts and repro bytes whatever -j, forked or not")
    func exploreIsDeterministic() throws {
        let file = try script(ExploreTests.drawer(fixed: false), name: "drawer.lua")
        let dir = (file as NSString).deletingLastPathComponent
        var lines: [String] = [], repros: [String] = []
        for (j, fork) in [("1", "1"), ("2", "1"), ("2", "0")] {
            try? FileManager.default.removeItem(atPath: dir + "/.nestbox-explore")
            let r = try runBinary(["explore", file, "--seed", "7", "--runs", "200", "-j", j], environment: ["NESTBOX_EXPLORE_FORK": fork])
            #expect(r.code == 1, "\(r.err)")
            lines.append(ExploreTests.line(r.out))
            repros.append(try ExploreTests.read(dir + "/explore-out/repro.lua"))
        }
        #expect(Set(lines).count == 1, "\(lines)")
        #expect(Set(repros).count == 1)
        let clean = try script(ExploreTests.drawer(fixed: true), name: "drawer.lua")
        let counts = try ["1", "2"].map { j in
            ExploreTests.line(try runBinary(["explore", clean, "--runs", "300", "-j", j, "--seed", "3"], environment: [:]).out)
        }
        #expect(counts == ["explored 300 sequences (3000 inputs) in T s: no failure\n", counts[0]])
        #expect(counts[0] == counts[1])
    }
}

extension ExploreTests {
    /// A failure's name is `file:line` whatever the path holds (spaces too), so shrinking
    /// judges "the same failure" alike for every folder; a repro reached by another path
    /// (`--out /absolute`) fails with the same message; its replay line is a shell word.
    @Test("a failure's location with spaces in the path; the same message by another path; the replay line quoted")
    func pathsWithSpaces() {
        #expect(SequenceRun.location(of: "my designs/push.lua:7: tapped at 1.900") == "my designs/push.lua:7")
        #expect(SequenceRun.location(of: "push.lua:12: x") == "push.lua:12")
        #expect(SequenceRun.location(of: "bad argument: 12: x") == nil)
        #expect(SequenceRun.location(of: "no location here") == nil)
        #expect(Explorer.sameMessage("designs/p.lua:7: tapped three times: 3", "/tmp/x/designs/p.lua:7: tapped three times: 3\nstack"))
        #expect(!Explorer.sameMessage("designs/p.lua:7: tapped", "/tmp/x/designs/p.lua:8: tapped"))
        #expect(!Explorer.sameMessage("designs/p.lua:7: tapped", "/tmp/x/designs/q.lua:7: tapped"))
        #expect(Explorer.shellWord("out/repro.lua") == "out/repro.lua")
        #expect(Explorer.shellWord("out dir/it's.lua") == "'out dir/it'\\''s.lua'")
    }
}

extension ExploreTests {
    /// A compose sheet whose draft counts as open until Done is tapped: a swipe down
    /// (Q81) dismisses the sheet without Done. Fixed by the delegate's `didDismiss`.
    static let compose = """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        local draft = { open = false }
        local compose = ui.ViewController{ name = "compose" }
        local done = ui.Button{ name = "done", title = "Done", frame = { 20, 20, 100, 44 } }
        compose.view:addSubview(done)
        done:addTarget(function() draft.open = false; compose:dismiss(true) end)
        local write = ui.Button{ name = "write", title = "Write", frame = { 20, 100, 100, 44 } }
        root.view:addSubview(write)
        write:addTarget(function()
          if root.presentedViewController then return end
          draft.open = true
          root:present(compose, true)
        end)
        if FIXED then
          compose.presentationController.delegate = { didDismiss = function() draft.open = false end }
        end
        ui.invariant("the draft is open while its sheet shows", function()
          return draft.open == (root.presentedViewController ~= nil)
        end)
        """

    @Test("explore drags the top page sheet down: the swipe no one scripted is found and shrunk to the tap and the drag; the delegate's didDismiss fixes it")
    func sheetSwipeFound() throws {
        let file = try script(Self.compose, name: "compose.lua")
        let dir = (file as NSString).deletingLastPathComponent
        let r = nestbox(["explore", file, "--runs", "50"])
        #expect(r.code == 1, "\(r.err)")
        #expect(Self.line(r.out).contains("failure: invariant 'the draft is open while its sheet shows' after "), "\(r.out)")
        // The tap that presents, then the drag down the sheet (the seed's sequence may
        // turn the device first: a sheet in landscape fills the window).
        let repro = try Self.read(dir + "/explore-out/repro.lua")
        #expect(repro.contains("ui.tap({ x = 70, y = 122 })             -- <Button: write>\nui.settle()\nui.pan({ from = "), "\(repro)")
        #expect(repro.contains("})  -- <View: compose.view>\nui.settle()\nui.checkInvariants()\n"), "\(repro)")
        let replay = nestbox(["run", dir + "/explore-out/repro.lua", "--trace", "none"])
        #expect(replay.code == 4 && replay.err.contains("invariant 'the draft is open while its sheet shows' failed"), "\(replay.err)")
        try ("FIXED = true\n" + Self.compose).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(nestbox(["explore", file, "--runs", "60", "--steps", "8"]).code == 0)
        // The same sheet holding a navigation controller, whose edge recognizer takes no
        // drag from the sheet's middle.
        let nav = Self.compose.replacing("root:present(compose, true)", with: "root:present(ui.NavigationController{ root = compose }, true)")
        try nav.write(toFile: file, atomically: true, encoding: .utf8)
        let r2 = nestbox(["explore", file, "--runs", "50"])
        #expect(r2.code == 1 && r2.out.contains("failure: invariant 'the draft is open while its sheet shows'"), "\(r2.out)")
        #expect(try Self.read(dir + "/explore-out/repro.lua").contains("-- <LayoutContainerView: NavigationController#1.view>"))
    }
}
