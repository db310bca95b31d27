/// Nestbox's exit codes, one type for every command (README.md, `nestbox run`;
/// `nestbox --help` lists them from here). A process exits with `code`; SIGINT and
/// SIGTERM keep the shell's 130 and 143 (`nestbox test` stops at them and writes what
/// finished first), a lost reader SIGPIPE's 141.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case ok = 0
    /// A script error (or an error inside a hook), a failed test, a failure `nestbox
    /// explore` found, or output lost.
    case failure = 1
    /// Usage: a bad option, a script or golden file that cannot be read or written.
    case usage = 2
    /// A limit ended the run: --timeout, --max-memory, --max-instructions; or the design
    /// `nestbox explore` runs failed before any input.
    case limit = 3
    /// An expectation failed: `ui.expectTrace`, `--expect` or a `ui.invariant`.
    case expectation = 4
    /// Lints were found, and nothing else failed.
    case lints = 5
    /// `nestbox test` stopped at SIGINT (Ctrl-C) or SIGTERM, after writing what finished.
    case interrupted = 130
    case terminated = 143

    public var code: Int32 { rawValue }

    /// One line for `--help`.
    public var meaning: String {
        switch self {
        case .ok: "ok"
        case .failure: "a script error (in a hook too), a failed test or explore, or output lost"
        case .usage: "usage: a bad option, or a file that cannot be read or written"
        case .limit: "a limit ended the run (--timeout, --max-memory, --max-instructions)"
        case .expectation: "an expectation failed (ui.expectTrace, --expect, ui.invariant)"
        case .lints: "lints were found and nothing else failed"
        case .interrupted: "stopped at SIGINT (run, lint, test, explore: what finished is written)"
        case .terminated: "stopped at SIGTERM (run, lint, test, explore: what finished is written)"
        }
    }

    /// The list `--help` ends with.
    public static var helpText: String {
        "Exit codes:\n" + allCases.map { "  \($0.code)  \($0.meaning)" }.joined(separator: "\n")
    }
}
