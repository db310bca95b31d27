import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `nestbox test`'s report on standard output: one line per test with its time, the
/// failures under it, and a closing count; or TAP version 13 with `--tap`.
final class TestPrinter {
    let tap: Bool
    let output: Output
    /// PASS, FAIL and SKIP in green, red and yellow (`Colour.enabled`).
    let colour: Bool
    private var number = 0

    init(tap: Bool, output: Output, colour: Bool = false) {
        self.tap = tap
        self.output = output
        self.colour = colour && !tap
        if tap { output.out("TAP version 13\n") }
    }

    private func word(_ w: String, _ code: String) -> String { colour ? "\u{1b}[\(code)m\(w)\u{1b}[0m" : w }

    func print(_ file: SpecFileResult) {
        for c in file.cases { print(c, file: file.file) }
    }

    /// One test's lines.
    func print(_ c: SpecCaseResult, file: String) {
        number += 1
        tap ? printTAP(c, file: file) : printText(c, file: file)
    }

    /// A test's names and messages are the spec's: one line each, with no control byte
    /// (an ESC would drive the terminal, a newline forge a line) going out raw (Markup).
    private func printText(_ c: SpecCaseResult, file: String) {
        let title = Markup.line("\(file): \(c.name)")
        switch c.status {
        case .passed: output.out("\(word("PASS", "32")) \(title) (\(Self.milliseconds(c.seconds)))\n")
        case .skipped: output.out("\(word("SKIP", "33")) \(title) (\(Markup.line(c.pendingNote)))\n")
        case .failed:
            output.out("\(word("FAIL", "31")) \(title) (\(Self.milliseconds(c.seconds)))\n")
            for line in details(c) { output.out("     \(Markup.line(line))\n") }
        }
        for path in c.recorded { output.out("     recorded \(path)\n") }
    }

    private func printTAP(_ c: SpecCaseResult, file: String) {
        // TAP's escapes in a description: `\\` for a backslash, then `\#` for a `#`,
        // which would start a directive.
        let title = Markup.line("\(file): \(c.name)").replacing("\\", with: "\\\\").replacing("#", with: "\\#")
        switch c.status {
        case .passed: output.out("ok \(number) - \(title)\n")
        case .skipped: output.out("ok \(number) - \(title) # SKIP \(Markup.line(c.pendingNote))\n")
        case .failed:
            output.out("not ok \(number) - \(title)\n  ---\n  message: |\n")
            for line in details(c) { output.out("    \(Markup.line(line))\n") }
            output.out("  ...\n")
        }
    }

    /// The failures, then what the test printed (only a failing test's output shows).
    private func details(_ c: SpecCaseResult) -> [String] {
        var lines = c.failures.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        if !c.printed.isEmpty {
            lines.append("printed:")
            lines += c.printed.split(separator: "\n").map { "  " + $0 }
        }
        return lines
    }

    /// The closing line: `N passed, N failed` and `, N skipped` when any were; `,
    /// stopped by SIGINT` when a signal ended the run before its end.
    func finish(_ files: [SpecFileResult], stoppedBy signal: Int32 = 0) {
        let cases = files.flatMap(\.cases)
        let passed = cases.count { $0.status == .passed }, failed = cases.count { $0.status == .failed }
        let skipped = cases.count { $0.status == .skipped }
        var line = "\(passed) passed, \(failed) failed"
        if skipped > 0 { line += ", \(skipped) skipped" }
        if signal != 0 { line += ", stopped by \(StopSignal.name(signal))" }
        // A run a signal stopped is not a complete one: TAP says so with `Bail out!`, in
        // place of the plan, which would count only the tests that ran.
        if tap, signal != 0 { output.out("Bail out! Stopped by \(StopSignal.name(signal))\n# \(line)\n") }
        else if tap { output.out("1..\(number)\n# \(line)\n") } else { output.out("\n\(line)\n") }
    }

    static func milliseconds(_ s: Double) -> String { "\(Int((s * 1000).rounded())) ms" }
}

/// The JUnit XML that CI systems read: a testsuite per spec file, a testcase per test.
enum JUnitReport {
    /// JUnit XML as the common schema has it (Jenkins' and GitLab's readers): `testsuites`
    /// with tests, failures, errors and time; a `testsuite` per file with those, skipped
    /// and its timestamp; a `testcase` with its file; an assertion's failure as
    /// `<failure type="AssertionError">`, a runtime error (a Lua error, a UIKit exception,
    /// a limit, a crash) as `<error type="Error">`, each with its first line as `message`.
    static func xml(_ files: [SpecFileResult], timestamp: String = now()) -> String {
        let cases = files.flatMap(\.cases)
        func count(_ list: [SpecCaseResult], error: Bool) -> Int { list.count { $0.status == .failed && $0.isError == error } }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites tests=\"\(cases.count)\" failures=\"\(count(cases, error: false))\" errors=\"\(count(cases, error: true))\""
        out += " time=\"\(seconds(cases.reduce(0) { $0 + $1.seconds }))\">\n"
        for f in files {
            let time = f.cases.reduce(0) { $0 + $1.seconds }
            let file = Markup.escaped(f.file, attribute: true)
            out += "  <testsuite name=\"\(file)\" tests=\"\(f.cases.count)\" failures=\"\(count(f.cases, error: false))\""
            out += " errors=\"\(count(f.cases, error: true))\" skipped=\"\(f.cases.count { $0.status == .skipped })\""
            out += " time=\"\(seconds(time))\" timestamp=\"\(timestamp)\">\n"
            for c in f.cases {
                out += "    <testcase classname=\"\(file)\" name=\"\(Markup.escaped(c.name, attribute: true))\" file=\"\(file)\" time=\"\(seconds(c.seconds))\""
                switch c.status {
                case .passed: out += "/>\n"
                case .skipped: out += ">\n      <skipped message=\"\(Markup.escaped(c.pendingNote, attribute: true))\"/>\n    </testcase>\n"
                case .failed:
                    let first = c.failures.first.map { String($0.prefix { $0 != "\n" }) } ?? "failed"
                    let (element, type) = c.isError ? ("error", "Error") : ("failure", "AssertionError")
                    out += ">\n      <\(element) message=\"\(Markup.escaped(first, attribute: true))\" type=\"\(type)\">"
                    out += "\(Markup.escaped(c.failures.joined(separator: "\n")))</\(element)>\n"
                    if !c.printed.isEmpty { out += "      <system-out>\(Markup.escaped(c.printed))</system-out>\n" }
                    out += "    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// The run's start as the schema's xs:dateTime, in UTC without a zone.
    static func now() -> String {
        var t = time(nil), parts = tm()
        gmtime_r(&t, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    static func seconds(_ s: Double) -> String { fixedPoint(s) }
}
