import NestboxFiles
import CLuaShim
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a user's day costs, as commands of this binary: start-up of each command, the
/// test runner against busted on the same file, lint against run, and a run with
/// `--report` against the same run without (docs/performance.md). Wall times are medians of
/// interleaved runs; with valgrind on the PATH the instruction counts are measured too.
extension Bench {
    /// Files the command rows run, written to a temporary folder.
    struct CommandFiles {
        let folder: String
        var empty: String { folder + "/empty.lua" }
        var oneTest: String { folder + "/one_spec.lua" }
        var tenTests: String { folder + "/ten_spec.lua" }
        var thousandTests: String { folder + "/thousand_spec.lua" }
        var animation: String { folder + "/animation.lua" }

        init(quick: Bool) throws {
            folder = FileManager.default.temporaryDirectory.path + "/nestbox-bench-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            func tests(_ n: Int) -> String {
                "describe('many', function()\n" + (1...n).map { "  it('t\($0)', function() end)\n" }.joined() + "end)\n"
            }
            let views = quick ? 100 : 1_000
            for (path, text) in [(empty, ""), (oneTest, tests(1)), (tenTests, tests(10)),
                                 (thousandTests, tests(quick ? 100 : 1_000)), (animation, Bench.animationScript(views))] {
                if let failure = writeFile(text, to: path) { throw BenchError(message: "cannot write \(path): \(failure)") }
            }
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// The bench's 60 Hz animation of `views` views for 10 virtual seconds, as a script:
    /// the animation row's two chunks in one.
    static func animationScript(_ views: Int) -> String { animationSetup(views) + "\n" + animationBody }

    /// Medians of `runs` interleaved runs of each command line (seconds), with spreads.
    func interleaved(_ lines: [(String, [String])], runs: Int) throws -> [(median: Double, spread: Double?)] {
        var samples = [[Double]](repeating: [], count: lines.count)
        for _ in 0..<runs {
            for (i, (path, args)) in lines.enumerated() { samples[i].append(try Self.spawnAndWait(path, args)) }
        }
        return samples.map { (Self.median($0), Self.spread($0)) }
    }

    func commandRows() throws -> [Row] {
        let nestbox = Self.executableFolder() + "/nestbox"
        guard FileManager.default.isExecutableFile(atPath: nestbox) else {
            return [Row(name: "commands (skipped: build the nestbox product)", value: .nan, unit: "ms")]
        }
        let files = try CommandFiles(quick: quick)
        defer { files.remove() }
        let example = Self.exampleScript()
        let report = files.folder + "/report.html"
        let lines: [(String, [String])] = [
            (nestbox, ["run", files.empty, "--trace", "text", "--kinds", "lifecycle"]),
            (nestbox, ["test", files.oneTest]),
            (nestbox, ["repl"]),
            (nestbox, ["lint", example]), (nestbox, ["run", example]),
            (nestbox, ["run", files.animation, "--trace", "none"]),
            (nestbox, ["run", files.animation, "--trace", "none", "--report", report]),
        ]
        let t = try interleaved(lines, runs: quick ? 3 : 15)
        func ms(_ name: String, _ i: Int) -> Row { Row(name: name, value: t[i].median * 1e3, unit: "ms", spread: t[i].spread) }
        var lint = Row(name: "lint-against-run", value: t[3].median / t[4].median, unit: "x")
        lint.judge(lint.value, atMost: 1.5, "<= 1.5x")
        var reportRow = ms("report-\(quick ? 100 : 1_000)-views-10s", 6)
        reportRow.baseline = t[5].median * 1e3
        reportRow.ratio = t[6].median / t[5].median
        reportRow.judge(reportRow.ratio!, atMost: 5, "<= 5x")
        var rows = [ms("startup-run-with-options", 0), ms("startup-test-one-test", 1), ms("startup-repl", 2),
                    ms("lint-example", 3), ms("run-example", 4), lint, reportRow]
        rows += try testRunnerRows(nestbox, files)
        rows += try instructionRows(nestbox, files, example: example)
        return rows
    }

    /// The sliding menu, the largest example (`scripts/examples` beside the build
    /// folder); the empty script's folder when the examples are not there.
    static func exampleScript() -> String {
        var folder = executableFolder()
        for _ in 0..<4 {
            let candidate = folder + "/scripts/examples/sliding-menu.lua"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            folder = parentFolder(folder)
        }
        return "scripts/examples/sliding-menu.lua"
    }

    /// `nestbox test` of 1,000 trivial tests, against busted on the same file when
    /// busted is on the PATH, and the cost of a test in that file against one in a file of 10.
    func testRunnerRows(_ nestbox: String, _ files: CommandFiles) throws -> [Row] {
        let busted = Self.onPath("busted")
        var lines: [(String, [String])] = [(nestbox, ["test", files.thousandTests]), (nestbox, ["test", files.tenTests]),
                                           (nestbox, ["test", files.oneTest])]
        if let busted { lines.append((busted, [files.thousandTests])) }
        let t = try interleaved(lines, runs: quick ? 3 : 9)
        let n = quick ? 100.0 : 1_000.0
        var rows = [Row(name: "test-\(Int(n))-trivial", value: t[0].median * 1e3, unit: "ms", spread: t[0].spread)]
        if busted != nil {
            rows[0].baseline = t[3].median * 1e3
            rows[0].ratio = t[0].median / t[3].median
            rows[0].judge(rows[0].ratio!, atMost: 3, "<= 3x busted")
        } else {
            rows[0].target = "<= 3x busted (busted is not on the PATH)"
        }
        // A test's cost past the one-test file's (start-up, the load), in each file.
        let big = (t[0].median - t[2].median) / (n - 1), small = (t[1].median - t[2].median) / 9
        var growth = Row(name: "test-per-test-growth", value: big / small, unit: "x")
        growth.judge(growth.value, atMost: 1.2, "<= 1.2x")
        // Each test is a forked process (policy Q72): a bare fork, _exit and wait of
        // this process is the floor of a test's cost.
        let floor = nb_fork_floor(quick ? 50 : 500)
        var perTest = Row(name: "test-per-test", value: big * 1e3, unit: "ms", baseline: floor * 1e3, ratio: big / floor)
        perTest.target = "(baseline: test-fork-floor)"
        return rows + [growth, perTest, Row(name: "test-fork-floor", value: floor * 1e3, unit: "ms")]
    }

    /// The full path of `command` on the PATH, or nil.
    static func onPath(_ command: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
