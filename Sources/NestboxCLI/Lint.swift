import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua

/// `nestbox lint FILE`: runs a script with the lint rules on and prints the lints,
/// not the trace (README.md, `nestbox lint`; docs/lints.md). Exit 0 when clean, 5 with
/// lints; a script that fails keeps its own code (1, 3) after its lints so far, whose
/// count says the script stopped (with `--json`, a last object says why and where).
public struct Lint: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Run a Lua script and report its containment mistakes and typos (exit 5 when any).")

    @Argument(help: "The Lua script to lint.", completion: .file(extensions: ["lua"]))
    public var file: String

    @Flag(help: "One JSON object per lint: id, file, line, message, object.")
    public var json = false

    @OptionGroup public var limits: LimitOptions

    public init() {}

    public func execute(output: Output) -> ExitStatus {
        Self.lint(file: file, json: json, limits: limits.values, output: output)
    }

    /// The command without its parsed wrappers, also what `QuickParse` calls.
    /// SIGINT and SIGTERM stop the script as a limit does: the lints found so far are
    /// written, with where it stopped, and the exit is the shell's 130 or 143.
    static func lint(file: String, json: Bool, limits: Limits, output: Output) -> ExitStatus {
        StopSignal.stopping { lintCaught(file: file, json: json, limits: limits, output: output) }
    }

    private static func lintCaught(file: String, json: Bool, limits: Limits, output: Output) -> ExitStatus {
        var options = RunSession.Options()
        limits.apply(to: &options)
        options.format = .none
        options.lint = true
        // The lints say what the warnings that matter say, with their line.
        options.echoWarnings = false
        let session: RunSession
        do {
            session = try RunSession(options: options, output: output)
        } catch {
            output.err("nestbox: \(error)\n")
            return .failure
        }
        // Standard output holds the lints only: the script's prints go to standard error.
        session.runtime.output = output.err
        let outcome = session.run(file: file)
        if case .unreadable = outcome {
            if json { output.out(session.runtime.lintReport().jsonLines(stoppedBy: outcome, file: file)) }
            return session.printOutcome(outcome)
        }
        session.runtime.endLimits()
        let report = session.runtime.lintReport()
        output.out(json ? report.jsonLines(stoppedBy: outcome) : report.text(stoppedBy: outcome, ranToEnd: session.runtime.ranToEnd))
        let code = session.printOutcome(outcome)
        if code != .ok { return code }
        return report.count > 0 ? .lints : .ok
    }
}
