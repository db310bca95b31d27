import Foundation
import Testing
import NestboxCLI

/// `nestbox run --report` (README.md, Pictures; policy Q33): the page's data, read back
/// from the file the command wrote.
@Suite struct ReportTests {
    struct Page {
        let html: String
        let data: [String: Any]
        var strings: [String] { data["strings"] as? [String] ?? [] }
        var frames: [[Double]] { (data["frames"] as? [[Any]] ?? []).map { $0.compactMap { ($0 as? NSNumber)?.doubleValue } } }
        var events: [[Any]] { data["events"] as? [[Any]] ?? [] }
        /// A frame the page draws (policy Q33): its segment and its groups' progress.
        func tick(_ frame: Int) -> (segment: [String: [Double]], progress: [Double])? {
            guard let f = (data["frames"] as? [[Any]])?[frame], f.count == 9, let s = f[7] as? Int,
                  let segment = (data["segments"] as? [[String: Any]])?[s], let progress = f[8] as? [Double] else { return nil }
            return (segment.compactMapValues { ($0 as? [NSNumber])?.map(\.doubleValue) ?? ($0 as? NSNumber).map { [$0.doubleValue] } }, progress)
        }
        func screen(_ frame: Int) -> String { strings[Int(frames[frame][1])] }
    }

    static func page(_ path: String) throws -> Page {
        let html = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"data\">\n"))
        let end = try #require(html.range(of: "\n</script>", range: start.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return Page(html: html, data: try #require(json as? [String: Any]))
    }

    func folder() throws -> String { URL(fileURLWithPath: try script("")).deletingLastPathComponent().path }

    static let slidingMenu = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/examples/sliding-menu.lua").path

    @Test("a frame at each instant with events and at each 1/60 s of an animation; the trace is unchanged")
    func framesOfASlide() throws {
        let dir = try folder()
        let file = try script(PictureCommandTests.slide)
        let plain = nestbox(["run", file])
        let r = nestbox(["run", file, "--report", dir + "/r.html"])
        #expect(r.code == 0 && r.err.isEmpty)
        #expect(r.out == plain.out)
        let page = try Self.page(dir + "/r.html")
        // t = 0 after each event that changed what is seen (the window alone, with the
        // square, with the animation's target set); the 60 ticks to 1 s. The print at
        // 0.5 s and the animation's end at 1 s change nothing the tick at their instant
        // shows: their looks are that tick's frame.
        let times = page.frames.map { $0[0] }
        #expect(times.count == 63)
        #expect(times[0] == 0 && times[2] == 0 && times[3] == 0.017 && times[32] == 0.5 && times[62] == 1)
        #expect(times.filter { $0 == 0.5 }.count == 1)
        #expect(page.screen(0).hasPrefix(#"<svg width="393" height="852" viewBox="0 0 393 852""#))
        #expect(!page.screen(0).contains("#FF0000") && page.screen(1).contains(##"<rect x="0" y="0" width="10" height="10" fill="#FF0000"/>"##))
        #expect(page.screen(32).contains(##"<rect x="50" y="0" width="10" height="10" fill="#FF0000"/>"##))
        // The ticks between the looks at 0, 0.5 and 1 s are drawn by the page from the
        // look before them: the window and the square's model values, the square's
        // center animation (delta -100, 0) and its group's progress at the tick. At
        // 0.25 s: center 105 - 100 × (1 - 0.25) = 30, so x = 25 (the browser test
        // compares every such frame with the same report taken whole).
        let tick = try #require(page.tick(17))
        #expect(tick.progress == [0.25] && page.frames[17][1] == page.frames[2][1] && page.frames[17][6] == page.frames[2][6])
        #expect(tick.segment["n"] == [1, 0, 0, -100, 0] && tick.segment["o"] == [1, 0, 1, 0] && tick.segment["bg"] == [1])
        #expect(tick.segment["v"]?.count == 28 && tick.segment["v"]?[14...20] == [0, 105, 5, 0, 0, 10, 10])
        #expect((3...31).allSatisfy { abs((page.tick($0)?.progress.first ?? 0) - Double($0 - 2) / 60) < 1e-12 })
        #expect(page.tick(2) == nil && page.tick(32) == nil && page.tick(62) == nil && page.tick(33)?.progress == [31.0 / 60])
        #expect((page.data["segments"] as? [Any])?.count == 1)
        // Distinct texts once: four pictures (the empty window, the square at 0, 50 and
        // 100) and their four lists of places on screen; the views' properties three
        // times (without the square, with it, with its animation's target set); three
        // view hierarchies, one controller hierarchy, no boxes.
        #expect(page.strings.count == 16)
        #expect(Set(page.frames.dropFirst(2).map { $0[5] }).count == 1)
        #expect(page.strings[Int(page.frames[62][2])] == "(no root view controller)")
        #expect(page.strings[Int(page.frames[62][4])] == "[]")
        #expect(page.strings[Int(page.frames[2][3])].contains("<View: square; frame = (100 0; 10 10)"))
        let events = page.events.map { e in e.map { "\($0)" }.joined(separator: " | ") }
        #expect(events == [
            "1 | 0 | call | window | window.makeKeyAndVisible() | 0",
            "2 | 0 | view | window | window.addSubview(square) | 1",
            "3 | 0 | view | square | square.moveToWindow(window) | 2",
            #"4 | 0 | animation | animation#1 | animation#1.begin(duration: 1, curve: "linear", views: "square") | 2"#,
            "5 | 0.5 | log | script | log: half | 32",
            "6 | 1 | animation | animation#1 | animation#1.end(finished: true) | 62",
        ])
        #expect(page.data["lanes"] as? [String] == ["window", "square", "animations 1", "script"])
        #expect("\(page.data["slices"] ?? "")" == "\([[2, 2, 62, "animation#1", 3]] as [[Any]])")
        #expect("\(page.data["ticks"] ?? "")" == "\([[0, 0, 0], [0, 1, 1], [1, 2, 2], [3, 32, 4]])")
        #expect(page.data["note"] is NSNull)
    }

    @Test("each controller's view as a box on the screen; appearance phases as slices")
    func controllerBoxesAndPhases() throws {
        let dir = try folder()
        let source = twoControllers + "\np.view.frame = { 0, 0, 300, 600 }\nc.view.frame = { 10, 20, 100, 50 }\n"
        let r = nestbox(["run", try script(source), "--trace", "none", "--report", dir + "/r.html"])
        #expect(r.code == 0 && r.err == "")
        let page = try Self.page(dir + "/r.html")
        let last = page.frames.count - 1
        #expect(page.strings[Int(page.frames[last][4])] == #"[["p",0,0,300,600],["c",10,20,100,50]]"#)
        // Each event shows the world right after it: c is appearing after its viewWillAppear.
        let willAppear = try #require(page.events.first { "\($0[4])" == "c.viewWillAppear(animated: false)" })
        #expect(page.strings[Int(page.frames[Int("\(willAppear[5])")!][2])].contains("<ViewController: c>, state: appearing"))
        #expect(page.strings[Int(page.frames[last][2])] == """
            <ViewController: p>, state: appeared, view: <View: p.view>
               | <ViewController: c>, state: appeared, view: <View: c.view>
            """)
        let slices = (page.data["slices"] as? [[Any]] ?? []).map { "\($0[3])" }
        #expect(slices == ["appearing", "appearing"])
    }

    @Test("a timer that changes the screen adds a frame; one that changes nothing adds none")
    func timersThatRecordNothing() throws {
        let dir = try folder()
        let source = """
            ui.window:makeKeyAndVisible()
            local v = ui.View{ name = "square", frame = { 0, 0, 10, 10 }, backgroundColor = "red" }
            ui.window:addSubview(v)
            for i = 1, 50 do ui.after(i, function() end) end
            ui.after(20.5, function() v.backgroundColor = "blue" end)
            """
        let r = nestbox(["run", try script(source), "--trace", "none", "--report", dir + "/r.html"])
        #expect(r.code == 0 && r.err == "")
        let page = try Self.page(dir + "/r.html")
        // t = 0 before and after the square is added; 20.5 s when it turns blue.
        #expect(page.frames.map { $0[0] } == [0, 0, 20.5])
        #expect(page.screen(2).contains(##"<rect x="0" y="0" width="10" height="10" fill="#0000FF"/>"##))
    }

    /// Every event's frame shows each controller in the appearance state the trace has
    /// reached by that event: the state a viewWillAppear announces from that event on,
    /// never one a later event announces (the sliding menu and a tab bar that switches).
    /// Calls, view changes and inputs show the world their work left, which the model
    /// reaches only as the next event (perhaps an appearance callback) is recorded.
    @Test("each event's frame: every controller's state as the trace has it by that event")
    func statesFollowTheTrace() throws {
        let tabs = try script("""
            local home = ui.ViewController{ name = "home", title = "Home" }
            local nav = ui.NavigationController{ name = "nav", root = home }
            local tabs = ui.TabBarController{ name = "tabs", viewControllers = { nav, ui.ViewController{ name = "settings", title = "S" },
              ui.ViewController{ name = "more", title = "M" } } }
            ui.window.rootViewController = tabs
            ui.window:makeKeyAndVisible()
            ui.settle()
            nav:pushViewController(ui.ViewController{ name = "detail", title = "D" }, true)
            ui.settle()
            tabs.selectedIndex = 2
            ui.settle()
            tabs.selectedIndex = 1
            ui.settle()
            """, name: "tabs.lua")
        let dir = try folder()
        for (i, file) in [Self.slidingMenu, tabs].enumerated() {
            #expect(nestbox(["run", file, "--trace", "none", "--report", dir + "/s\(i).html"]).code == 0)
            let page = try Self.page(dir + "/s\(i).html")
            var state: [String: String] = [:]
            let announce = ["viewWillAppear": "appearing", "viewDidAppear": "appeared",
                            "viewWillDisappear": "disappearing", "viewDidDisappear": "disappeared"]
            var checked = 0
            for e in page.events {
                let object = "\(e[3])", text = "\(e[4])", frame = Int("\(e[5])")!
                let kind = "\(e[2])"
                if let call = text.split(separator: "(").first?.split(separator: ".").last, let s = announce[String(call)],
                   text.hasPrefix(object + ".") {
                    state[object] = s
                }
                guard !["call", "view", "input"].contains(kind) else { continue }
                let tree = page.strings[Int(page.frames[frame][2])]
                for line in tree.split(separator: "\n") {
                    guard let open = line.firstIndex(of: "<"), let colon = line.range(of: ": ", range: open..<line.endIndex),
                          let close = line.range(of: ">, state: ", range: colon.upperBound..<line.endIndex) else { continue }
                    let name = String(line[colon.upperBound..<close.lowerBound])
                    let shown = line[close.upperBound...].prefix { $0 != "," }
                    guard let expected = state[name] else { continue }
                    checked += 1
                    #expect(String(shown) == expected, "\(file) #\(e[0]) \(text): \(name) shows \(shown), the trace says \(expected)")
                }
            }
            #expect(checked > 100)
        }
    }

    @Test func theSameScriptWritesTheSameBytes() throws {
        let dir = try folder()
        #expect(nestbox(["run", Self.slidingMenu, "--trace", "none", "--report", dir + "/a.html"]).code == 0)
        #expect(nestbox(["run", Self.slidingMenu, "--trace", "none", "--report", dir + "/b.html"]).code == 0)
        let a = try #require(FileManager.default.contents(atPath: dir + "/a.html"))
        #expect(a == FileManager.default.contents(atPath: dir + "/b.html"))
    }

    @Test("the sliding menu's report: self-contained, under 5 MB, quick to write")
    func slidingMenuIsSmallAndSelfContained() throws {
        let dir = try folder()
        let start = Date()
        let r = nestbox(["run", Self.slidingMenu, "--trace", "none", "--report", dir + "/r.html"])
        let seconds = Date().timeIntervalSince(start)
        #expect(r.code == 0)
        let page = try Self.page(dir + "/r.html")
        #expect(page.html.utf8.count < 5_000_000)
        // Under 1 s in a release build (README.md, Pictures); a debug build is slower.
        #expect(seconds < 10)
        // An instant's look, each 60 Hz tick of a slide, and the world after each event
        // that changed it (the same picture again is the same frame).
        #expect(page.frames.count == 306)
        // Nothing loaded from anywhere: no address, no src or href, no url() but the
        // SVG's own clip paths.
        for word in ["http://", "https://", "//www", "src=", "href=", "@import", "<link", "<iframe"] {
            #expect(!page.html.contains(word), "\(word)")
        }
        #expect(page.html.components(separatedBy: "url(").dropFirst().allSatisfy { $0.hasPrefix("#") })
    }

    @Test("the page of a failed run says at its top how it ended: an error, an expectation (a limit writes none)")
    func failedRunSaysWhy() throws {
        let dir = try folder()
        for (body, code, note) in [
            ("print('before')\nlocal x = nil\nx.y = 1", Int32(1), "the run failed: FILE:3: attempt to index a nil value (local 'x')"),
            ("ui.invariant('never', function() return false, 'broken' end)", 4, "the run failed: FILE:1: invariant 'never' failed: broken"),
        ] {
            let file = try script(body)
            let r = nestbox(["run", file, "--trace", "none", "--timeout", "0.3", "--report", dir + "/f.html"])
            #expect(r.code == code, "\(r.err)")
            #expect(try Self.page(dir + "/f.html").data["note"] as? String == note.replacing("FILE", with: file))
        }
        // Exit 1 from a callback under --keep-going, and exit 4 from --expect, say so too.
        let tapped = try script("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            ui.after(0.1, function() error("in a timer") end)
            """)
        let kept = nestbox(["run", tapped, "--trace", "none", "--keep-going", "--report", dir + "/k.html"])
        #expect(kept.code == 1, "\(kept.err)")
        #expect(try Self.page(dir + "/k.html").data["note"] as? String
                == "the run failed: an error in a callback (--keep-going: the trace's error events say where)")
        let golden = dir + "/g.txt"
        try "not the output\n".write(toFile: golden, atomically: true, encoding: .utf8)
        let differs = nestbox(["run", tapped, "--expect", golden, "--no-settle", "--report", dir + "/e.html"])
        #expect(differs.code == 4, "\(differs.err)")
        let note = try Self.page(dir + "/e.html").data["note"] as? String ?? ""
        #expect(note.hasPrefix("the run failed: the output differs from \(golden) (--expect):\n"), "\(note)")
        #expect(note.contains("\n- not the output\n"), "\(note)")
        // ui.expectTrace's failure shows its diff, as the terminal does.
        let expecting = try script("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            ui.expectTrace({ "<ViewController: nobody> viewDidLoad" })
            """)
        let failed = nestbox(["run", expecting, "--trace", "none", "--report", dir + "/x.html"])
        #expect(failed.code == 4, "\(failed.err)")
        let diff = try Self.page(dir + "/x.html").data["note"] as? String ?? ""
        #expect(diff.hasPrefix("the run failed: \(expecting):3: ") && diff.contains("\n- <ViewController: nobody> viewDidLoad"), "\(diff)")
    }

    @Test func anUnwritablePathIsALineAndExit2() throws {
        let r = nestbox(["run", try script(PictureCommandTests.slide), "--trace", "none", "--report", "/nonexistent/r.html"])
        #expect(r.code == 2)
        #expect(r.err == "nestbox: cannot write /nonexistent/r.html: No such file or directory\n")
    }

    @Test("a page or picture that cannot be written still leaves --record's golden written and --expect's diff said")
    func anUnwritablePathLosesNoGolden() throws {
        let file = try script(PictureCommandTests.slide)
        let golden = file + ".golden"
        for extra in [["--report", "/nonexistent/r.html"], ["--snapshot", "/nonexistent/s.svg"]] {
            let recorded = nestbox(["run", file, "--record", golden] + extra)
            #expect(recorded.code == 2)
            let text = try String(contentsOfFile: golden, encoding: .utf8)
            #expect(text.contains("square"), "\(text)")
            #expect(nestbox(["run", file, "--expect", golden] + extra).code == 2)
            try (text + "extra line\n").write(toFile: golden, atomically: true, encoding: .utf8)
            let differs = nestbox(["run", file, "--expect", golden] + extra)
            #expect(differs.code == 4)
            #expect(differs.err.contains("nestbox: cannot write /nonexistent/"), "\(differs.err)")
            #expect(differs.err.contains("output differs from \(golden) (- expected, + actual):\n"), "\(differs.err)")
            try FileManager.default.removeItem(atPath: golden)
        }
    }
}
