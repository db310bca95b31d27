import Foundation
import Testing

/// PNG bytes depend on cairo's version and the font it finds, so the pictures are
/// compared byte for byte on Linux only (docs/development.md, macOS); SVG is compared
/// everywhere. The tests that read ELF files are Linux's too.
#if os(Linux)
let picturesCompareByBytes = true
#else
let picturesCompareByBytes = false
#endif

extension SubprocessTests {
    /// docs/pictures holds what scripts/pictures draws now: the script runs with the
    /// nestbox built for the tests into a fresh folder, and every file matches byte for
    /// byte (re-run scripts/pictures after changing a design or the drawing). The
    /// report's screenshot is left out: chromium draws it, and its pixels change with
    /// chromium's version and fonts (ReportBrowserTests checks the page in it).
    @Test(.enabled(if: picturesCompareByBytes, "PNG bytes are those of Debian's cairo and DejaVu Sans"))
    func docsPicturesAreCurrent() throws {
        let binary = try #require(ExecutableTests.binary, "nestbox is built before the tests")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("nb-pictures-\(UUID().uuidString.prefix(8))")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [root.appendingPathComponent("scripts/pictures").path, fresh.path]
        p.environment = (ProcessInfo.processInfo.environment).merging(["NESTBOX": binary.path, "NESTBOX_REPORT_SCREENSHOT": "0"]) { $1 }
        p.standardOutput = Pipe()
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let docs = root.appendingPathComponent("docs/pictures")
        let drawn = try FileManager.default.contentsOfDirectory(atPath: fresh.path).sorted()
        #expect(drawn.count == 9)
        #expect(try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted()
            == (drawn + ["sliding-menu-report.png"]).sorted())
        for name in drawn {
            let now = try Data(contentsOf: fresh.appendingPathComponent(name))
            #expect(now == (try? Data(contentsOf: docs.appendingPathComponent(name))), "docs/pictures/\(name) is not what scripts/pictures draws")
            #expect(now.count < 40_000, "\(name) stays small")
        }
    }
}
