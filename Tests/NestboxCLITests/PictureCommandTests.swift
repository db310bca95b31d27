import Foundation
import Testing
import NestboxCLI

/// `nestbox run --snapshot`, `--snapshot-at`, `--filmstrip` (README.md, Pictures).
@Suite struct PictureCommandTests {
    /// A red square slides linearly from x 0 to x 100 in one second; a timer prints halfway.
    static let slide = """
        ui.window:makeKeyAndVisible()
        local v = ui.View{ name = "square", frame = { 0, 0, 10, 10 }, backgroundColor = "red" }
        ui.window:addSubview(v)
        ui.animate{ duration = 1, options = { "curveLinear" }, animations = function() v.frame = { 100, 0, 10, 10 } end }
        ui.after(0.5, function() print("half") end)
        """

    static func svg(square x: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="393" height="852" viewBox="0 0 393 852" font-family="DejaVu Sans">
        <rect width="393" height="852" fill="#FFFFFF"/>
        <rect x="\(x)" y="0" width="10" height="10" fill="#FF0000"/>
        </svg>

        """
    }

    func folder() throws -> String { URL(fileURLWithPath: try script("")).deletingLastPathComponent().path }

    func read(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }

    @Test func snapshotAfterTheRun() throws {
        let dir = try folder()
        let r = nestbox(["run", try script(Self.slide), "--trace", "none", "--snapshot", dir + "/end.svg"])
        #expect(r.code == 0 && r.err.isEmpty)
        #expect(read(dir + "/end.svg") == Self.svg(square: "100"))
    }

    @Test("--snapshot-at pauses the clock at each time; the trace is that of a run without it (Q31)")
    func snapshotAt() throws {
        let dir = try folder()
        let file = try script(Self.slide)
        let plain = nestbox(["run", file])
        let r = nestbox(["run", file, "--snapshot-at", "0.25, 0.5,2", "--snapshot", dir + "/at-%t.svg"])
        #expect(r.code == 0 && r.err.isEmpty)
        #expect(r.out == plain.out)
        #expect(read(dir + "/at-0.250.svg") == Self.svg(square: "25"))
        #expect(read(dir + "/at-0.500.svg") == Self.svg(square: "50"))
        // Past the end of the run: its last state.
        #expect(read(dir + "/at-2.000.svg") == Self.svg(square: "100"))
    }

    @Test func filmstripUntilTheEndOfTheRun() throws {
        let dir = try folder()
        let r = nestbox(["run", try script(Self.slide), "--trace", "none", "--filmstrip", dir + "/strip.svg", "--every", "0.5"])
        #expect(r.code == 0 && r.err.isEmpty)
        let strip = try #require(read(dir + "/strip.svg"))
        // Three frames 393 wide with 16 between: 16 + 3 × 409.
        #expect(strip.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="1243" height="892""#))
        #expect(strip.components(separatedBy: ">0.000 s<").count == 2)
        #expect(strip.components(separatedBy: ">0.500 s<").count == 2)
        #expect(strip.components(separatedBy: ">1.000 s<").count == 2)
        #expect(!strip.contains("1.500 s"))
        // The square in each frame: x 0, 50, 100, moved by the frame's place.
        #expect(strip.contains(##"<rect x="16" y="24" width="10" height="10" fill="#FF0000"/>"##))
        #expect(strip.contains(##"<rect x="475" y="24" width="10" height="10" fill="#FF0000"/>"##))
        #expect(strip.contains(##"<rect x="934" y="24" width="10" height="10" fill="#FF0000"/>"##))
    }

    @Test("a filmstrip too wide for one row wraps into a contact sheet, smaller to stay within the pixel limit")
    func filmstripWraps() throws {
        let dir = try folder()
        let r = nestbox(["run", try script(Self.slide), "--trace", "none", "--filmstrip", dir + "/sheet.svg", "--every", "0.02", "--to", "1"])
        #expect(r.code == 0)
        #expect(r.err == "nestbox: the filmstrip's 51 frames are in 5 rows of 11, drawn at 0.89 of their size to stay within 16 million pixels\n")
        let sheet = try #require(read(dir + "/sheet.svg"))
        // 11 columns of 393 + 16, 5 rows of 24 + 852 + 16, all at 0.89.
        #expect(sheet.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="4018.35" height="3969.4""#), "\(sheet.prefix(120))")
        #expect(sheet.components(separatedBy: " s<").count == 52)
        // The first frame placed at (16, 24), the twelfth at the second row's start (16,
        // 892 + 24), its square 22 points in; all at 0.89.
        #expect(sheet.contains(##"<rect x="0" y="0" transform="matrix(0.89 0 0 0.89 14.24 21.36)" width="10" height="10" fill="#FF0000"/>"##))
        #expect(sheet.contains(##"<rect x="0" y="0" transform="matrix(0.89 0 0 0.89 33.82 815.24)" width="10" height="10" fill="#FF0000"/>"##))
        // The natural command of the README over the 4.5 s sliding menu: a PNG within the limits.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let menu = nestbox(["run", root.appendingPathComponent("scripts/examples/sliding-menu.lua").path, "--trace", "none",
                            "--filmstrip", dir + "/strip.png", "--every", "0.1"])
        #expect(menu.code == 0)
        // Its frames are portrait and landscape (it rotates): cells 852 square.
        #expect(menu.err == "nestbox: the filmstrip's 46 frames are in 7 rows of 7, drawn at 0.64 of their size to stay within 16 million pixels\n")
        let png = try #require(FileManager.default.contents(atPath: dir + "/strip.png"))
        func be32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect((be32(16), be32(20)) == (3899, 3997))
    }

    @Test func filmstripFromTo() throws {
        let dir = try folder()
        let r = nestbox(["run", try script(Self.slide), "--trace", "none", "--filmstrip", dir + "/strip.svg",
                         "--every", "0.1", "--from", "0.2", "--to", "0.4"])
        #expect(r.code == 0 && r.err.isEmpty)
        let strip = try #require(read(dir + "/strip.svg"))
        #expect(["0.200 s", "0.300 s", "0.400 s"].allSatisfy(strip.contains))
        #expect(!strip.contains("0.100 s") && !strip.contains("0.500 s"))
    }

    @Test func pngIsTheSameBytesOnEveryRun() throws {
        let dir = try folder()
        let file = try script(Self.slide + "\nlocal l = ui.Label{ text = \"Hello\", frame = { 0, 100, 200, 40 } }\nui.window:addSubview(l)\n")
        for name in ["a.png", "b.png"] {
            let r = nestbox(["run", file, "--trace", "none", "--snapshot", dir + "/" + name, "--overlays", "controllers,names,safeArea"])
            #expect(r.code == 0 && r.err.isEmpty)
        }
        let a = try #require(FileManager.default.contents(atPath: dir + "/a.png"))
        #expect(a.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(a == FileManager.default.contents(atPath: dir + "/b.png"))
    }

    @Test func aFailedScriptStillGetsItsPicture() throws {
        let dir = try folder()
        let r = nestbox(["run", try script(Self.slide + "\nui.advance(0.25)\nerror('stop here')\n"), "--trace", "none",
                         "--snapshot", dir + "/x.svg"])
        #expect(r.code == 1)
        #expect(r.err.contains("/script.lua:7: stop here\nstack traceback:\n"))
        #expect(read(dir + "/x.svg") == Self.svg(square: "25"))
    }

    @Test func anUnwritablePathIsExit2() throws {
        let r = nestbox(["run", try script(Self.slide), "--trace", "none", "--snapshot", "/nonexistent/x.png"])
        #expect(r.code == 2)
        #expect(r.err == "nestbox: cannot write /nonexistent/x.png: No such file or directory\n")
        let big = nestbox(["run", try script(Self.slide), "--trace", "none", "--snapshot", "/tmp/x.png", "--scale", "16"])
        #expect(big.code == 2)
        #expect(big.err == "nestbox: cannot draw /tmp/x.png: picture too large: 6288 × 13632 pixels (at most 16384 on a side and 16 million in all)\n")
    }

    /// `--from` past the end of an open strip: no frame to draw, said with exit 2 after the
    /// run (its trace printed), where the file was missing and the exit 0.
    @Test func aFilmstripStartingAfterTheEndIsExit2() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nb-late-\(UUID().uuidString.prefix(8)).svg").path
        let r = nestbox(["run", try script(Self.slide), "--trace", "none", "--filmstrip", path, "--every", "0.5", "--from", "100"])
        #expect(r.code == 2)
        #expect(r.err.hasPrefix("nestbox: --from 100 is after the run's end ("), "\(r.err)")
        #expect(r.err.hasSuffix(" s): the filmstrip has no frame (give --to to draw the last state)\n"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("Q31: a --snapshot-at time past a failed run's end shows its last state, with or without a filmstrip")
    func snapshotPastAFailure() throws {
        let file = try script("""
            local v = ui.View{ name = "v", frame = { 0, 0, 10, 10 } }
            ui.window:addSubview(v)
            ui.animate{ duration = 1, animations = function() v.alpha = 0 end }
            ui.advance(0.5)
            error("boom")
            """)
        let dir = (file as NSString).deletingLastPathComponent
        for strip in [[], ["--filmstrip", dir + "/strip.svg", "--every", "0.1"]] {
            let r = nestbox(["run", file, "--trace", "none", "--snapshot-at", "0.2,0.7", "--snapshot", dir + "/s-%t.svg"] + strip)
            #expect(r.code == 1, "\(r.err)")
            #expect(FileManager.default.fileExists(atPath: dir + "/s-0.200.svg"), "\(strip)")
            #expect(FileManager.default.fileExists(atPath: dir + "/s-0.700.svg"), "\(strip)")
            try? FileManager.default.removeItem(atPath: dir + "/s-0.700.svg")
        }
    }

    @Test(arguments: [
        (["--snapshot", "x.jpg"], "--snapshot must name a .svg or .png file (got x.jpg)"),
        (["--snapshot-at", "1"], "--snapshot-at needs --snapshot PATH"),
        (["--snapshot", "x.png", "--snapshot-at", "1,2"], "--snapshot needs %t in its path for more than one --snapshot-at time (e.g. out-%t.png)"),
        (["--snapshot", "x-%t.png", "--snapshot-at", "0.25,0.2504"], "--snapshot-at times 0.25 and 0.2504 both name x-0.250.png (%t is written to the millisecond)"),
        (["--snapshot", "x.png", "--snapshot-at", "1,nan"], "--snapshot-at takes times in seconds >= 0, separated by commas (got 'nan')"),
        (["--snapshot", "x.png", "--snapshot-at=-1"], "--snapshot-at takes times in seconds >= 0, separated by commas (got '-1')"),
        (["--snapshot", "x.png", "--snapshot-at", "-1"], "--snapshot-at takes times in seconds >= 0, separated by commas (got '-1')"),
        (["--every", "0.1"], "--every, --from and --to need --filmstrip PATH"),
        (["--filmstrip", "s.png"], "--filmstrip needs --every SECONDS, a finite number above 0"),
        (["--filmstrip", "s.png", "--every", "0"], "--filmstrip needs --every SECONDS, a finite number above 0"),
        (["--filmstrip", "s.png", "--every", "0.01", "--to", "10"], "--filmstrip makes at most 100 frames (this asks for 1001)"),
        (["--filmstrip", "s.png", "--every", "0.1", "--from", "2", "--to", "1"], "--to must not be before --from"),
        (["--snapshot", "x.png", "--scale", "0"], "--scale must be a number above 0 and at most 16"),
        (["--snapshot", "x.png", "--overlays", "controllers,grid"], "--overlays: unknown overlay 'grid' (controllers, safeArea, names)"),
    ])
    func usageErrors(_ options: [String], _ message: String) throws {
        let r = nestbox(["run", try script(Self.slide)] + options)
        #expect(r.code == 2)
        #expect(r.err.contains("Error: \(message)\n"), "\(r.err)")
    }
}
