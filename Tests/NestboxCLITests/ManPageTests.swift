import Foundation
import Testing
@testable import NestboxCLI

/// docs/nestbox.1 is `ManPage.page()` (the commands as declared), and man reads it
/// without a warning. `NESTBOX_RECORD=1 swift test --filter ManPage` rewrites it; the
/// test then fails once, so a recording never passes silently.
@Suite struct ManPageTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/nestbox.1")

    @Test func theManPageIsCurrent() throws {
        let page = ManPage.page()
        if ProcessInfo.processInfo.environment["NESTBOX_RECORD"] != nil {
            try page.write(to: Self.file, atomically: true, encoding: .utf8)
            Issue.record("recorded docs/nestbox.1; run again without NESTBOX_RECORD")
            return
        }
        let current = (try? String(contentsOf: Self.file, encoding: .utf8)) ?? ""
        #expect(current == page, "docs/nestbox.1 is stale (NESTBOX_RECORD=1 swift test --filter ManPage rewrites it)")
    }

    /// Every command and every displayed option is on the page, and groff formats it
    /// with no warning (groff-base is part of Debian's base system; scripts/test has man).
    @Test func everyOptionIsThereAndGroffReadsItClean() throws {
        let page = ManPage.page()
        for command in ["run", "test", "lint", "explore", "preview", "annotations", "repl", "bench"] {
            #expect(page.contains(".SS nestbox \(command)\n"), "\(command)")
        }
        for option in ["device", "junit", "report", "matrix", "max\\-memory", "seed", "tap", "for"] {
            #expect(page.contains("\\fB\\-\\-\(option)\\fR"), "\(option)")
        }
        #expect(page.contains(".B nestbox run\n[\\fIfile\\fR] [\\fIoptions\\fR]") || page.contains(".B nestbox run\n\\fIfile\\fR [\\fIoptions\\fR]"))
        let groff = try #require(["/usr/bin/groff", "/usr/local/bin/groff", "/opt/homebrew/bin/groff"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                 "groff is installed (scripts/test installs groff-base)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: groff)
        p.arguments = ["-man", "-Tutf8", "-ww", "-z", Self.file.path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 && warnings.isEmpty, "\(warnings)")
    }
}
