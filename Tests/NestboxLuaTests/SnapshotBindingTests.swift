import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// `ui.snapshot{...}` (README.md, Pictures; policy Q32 for where it writes).
@Suite(.checksInvariants) struct SnapshotBindingTests {
    /// Runs `source` with pictures written under a fresh folder; returns the outcome,
    /// the folder and the runtime.
    func run(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (RunOutcome, String, LuaRuntime) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-pic-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let rt = try LuaRuntime()
        rt.output = { _ in }
        rt.pictureDirectory = dir
        let outcome = rt.run(source: source, chunkName: "=test")
        #expect(rt.stackDepth == 0, sourceLocation: sourceLocation)
        return (outcome, dir, rt)
    }

    func text(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }

    @Test func aViewInItsOwnBounds() throws {
        let (outcome, dir, _) = try run("""
            local v = ui.View{ frame = { 50, 50, 40, 20 }, backgroundColor = "#123456" }
            v:addSubview(ui.View{ frame = { 10, 5, 5, 5 }, backgroundColor = "white", alpha = 0.5 })
            ui.snapshot{ path = "v.svg", view = v }
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(text(dir + "/v.svg") == """
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20" font-family="DejaVu Sans">
            <rect x="0" y="0" width="40" height="20" fill="#123456"/>
            <rect x="10" y="5" width="5" height="5" fill="#FFFFFF" fill-opacity="0.5"/>
            </svg>

            """)
    }

    @Test func scaleOverlaysAndHighlight() throws {
        let (outcome, dir, _) = try run("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.snapshot{ path = "w.svg", scale = 2, overlays = { "controllers", "safeArea" }, highlight = root }
            ui.snapshot{ path = "w.png", scale = 0.5 }
            """)
        #expect(outcome == .ok, "\(outcome)")
        let svg = try #require(text(dir + "/w.svg"))
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="786" height="1704" viewBox="0 0 393 852""#))
        #expect(svg.contains(">root</text>"))
        #expect(svg.contains(##"<rect x="0" y="0" width="393" height="59" fill="#FF9500" fill-opacity="0.25"/>"##))
        #expect(svg.contains(##"fill="#FFCC00" fill-opacity="0.35"/>"##))
        let png = try #require(FileManager.default.contents(atPath: dir + "/w.png"))
        // The PNG header's width and height: 197 × 426.
        #expect(Array(png[16..<24]) == [0, 0, 0, 197, 0, 0, 1, 170])
    }

    @Test("a view kept after Lua collected its controller and superview still draws")
    func afterCollection() throws {
        let (outcome, dir, _) = try run("""
            local label
            do
              local vc = ui.ViewController{}
              label = ui.Label{ text = "kept", frame = { 0, 0, 80, 30 } }
              vc.view:addSubview(label)
            end
            collectgarbage(); collectgarbage()
            ui.snapshot{ path = "label.svg", view = label }
            label = nil
            collectgarbage(); collectgarbage()
            ui.snapshot{ path = "window.svg" }
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(text(dir + "/label.svg")?.contains(">kept</text>") == true)
        #expect(text(dir + "/window.svg") != nil)
    }

    @Test(arguments: [
        ("ui.snapshot()", "test:1: bad argument #1 to 'snapshot' (table expected, got no value)"),
        ("ui.snapshot{}", "test:1: bad argument #1 to 'snapshot' (path must be a string, got nil)"),
        (#"ui.snapshot{ path = "/tmp/x.png" }"#, "test:1: bad argument #1 to 'snapshot' (path must be a relative path ending in .svg or .png, without '..' (got '/tmp/x.png'))"),
        (#"ui.snapshot{ path = "../x.png" }"#, "test:1: bad argument #1 to 'snapshot' (path must be a relative path ending in .svg or .png, without '..' (got '../x.png'))"),
        (#"ui.snapshot{ path = "script.lua" }"#, "test:1: bad argument #1 to 'snapshot' (path must be a relative path ending in .svg or .png, without '..' (got 'script.lua'))"),
        (#"ui.snapshot{ path = "a\0b.png" }"#, #"test:1: bad argument #1 to 'snapshot' (path must be a relative path ending in .svg or .png, without '..' (got 'a\0b.png'))"#),
        (#"ui.snapshot{ path = "x.png", scale = 0 }"#, "test:1: bad argument #1 to 'snapshot' (scale must be a number above 0 and at most 16)"),
        (#"ui.snapshot{ path = "x.png", scale = 0/0 }"#, "test:1: bad argument #1 to 'snapshot' (scale must be a number above 0 and at most 16)"),
        (#"ui.snapshot{ path = "x.png", overlays = { "grid" } }"#, "test:1: bad argument #1 to 'snapshot' (unknown overlay 'grid' (controllers, safeArea, names))"),
        (#"ui.snapshot{ path = "x.png", overlays = "names" }"#, "test:1: bad argument #1 to 'snapshot' (overlays must be a list of names)"),
        (#"ui.snapshot{ path = "x.png", view = 3 }"#, "test:1: bad argument #1 to 'snapshot' (view must be a View, got number)"),
        (#"ui.snapshot{ path = "missing/x.png" }"#, "test:1: ui.snapshot: cannot write missing/x.png: 'missing': No such file or directory"),
        (#"ui.snapshot{ path = "x.png", view = ui.View{} }"#, "test:1: ui.snapshot: cannot draw x.png: nothing to draw: the view is 0 × 0 points"),
        (#"ui.snapshot{ path = "x.png", scale = 16, view = ui.View{ frame = { 0, 0, 2000, 2000 } } }"#, "test:1: ui.snapshot: cannot draw x.png: picture too large: 32000 × 32000 pixels (at most 16384 on a side and 16 million in all)"),
    ])
    func errors(_ source: String, _ message: String) throws {
        let (outcome, _, _) = try run(source)
        guard case .scriptError(let m, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(m == message)
    }

    @Test("a symbolic link in the last name is refused, not written through")
    func symbolicLink() throws {
        let (_, dir, rt) = try run("")
        let target = dir + "/target.txt"
        try "keep".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: target)
        let outcome = rt.run(source: #"ui.snapshot{ path = "link.png" }"#, chunkName: "=test")
        #expect(outcome == .scriptError(message: "test:1: ui.snapshot: cannot write link.png: not a regular file (a symbolic link)",
                                        traceback: "stack traceback:\n\t[C]: in field 'snapshot'\n\ttest:1: in main chunk"))
        #expect(text(target) == "keep")
    }

    @Test("a symbolic link on the way (a folder that leads outside) is refused, and nothing is written there")
    func linkedFolder() throws {
        let (_, dir, rt) = try run("")
        let outside = dir + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/real/deeper", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/out", withDestinationPath: "../" + (outside as NSString).lastPathComponent)
        try FileManager.default.createSymbolicLink(atPath: dir + "/real/in", withDestinationPath: outside)
        let outcome = rt.run(source: """
            print(pcall(ui.snapshot, { path = "out/x.svg" }))
            print(pcall(ui.snapshot, { path = "real/in/x.svg" }))
            print(pcall(ui.snapshot, { path = "real//./deeper/x.svg" }))
            print(pcall(ui.snapshot, { path = "missing/x.svg" }))
            """, chunkName: "=test")
        #expect(outcome == .ok, "\(outcome)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty, "nothing is written outside")
        #expect(text(dir + "/real/deeper/x.svg")?.hasPrefix("<svg") == true, "a real folder on the way is fine")
    }
}
