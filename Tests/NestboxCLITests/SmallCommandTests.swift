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
}
