import Containment

/// Errors a binding function throws; the dispatcher turns each into a status for the
/// C trampoline, which alone raises (no Lua error ever unwinds through Swift).
enum LuaFailure: Error {
    /// `bad argument #n to 'f' (message)`, composed by luaL_argerror in C.
    case argument(Int32, String)
    /// A plain message; C prefixes the Lua caller's `file:line:`.
    case message(String)
    /// A message that already carries its position (a hook's error passed on).
    case raw(String)
}

extension LuaFailure {
    static func typeError(_ index: Int32, expected: String, got: String) -> LuaFailure {
        .argument(index, "\(expected) expected, got \(got)")
    }
}

/// How a run ended, for the CLI's exit codes (the table in README.md, `nestbox run`).
public enum RunOutcome: Equatable {
    case ok
    /// A Lua error: message (with `file:line:`) and traceback.
    case scriptError(message: String, traceback: String)
    /// `ui.expectTrace` or another check failed.
    case expectationFailed(message: String)
    /// The script file could not be read.
    case unreadable(String)
    /// A sandbox limit ended the run: one line naming it and where it stopped.
    case limitExceeded(String)

    /// The first line of how a failed run ended (nil for success): what a report's page
    /// says at its top.
    /// A failed expectation's whole message (its diff), nil for any other outcome.
    public var expectationMessage: String? {
        if case .expectationFailed(let message) = self { return message }
        return nil
    }

    public var failureLine: String? {
        let text: String
        switch self {
        case .ok: return nil
        case .scriptError(let message, _), .expectationFailed(let message): text = message
        case .unreadable(let why): text = why
        case .limitExceeded(let line): text = line
        }
        return String(text.prefix { $0 != "\n" })
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .ok: .ok
        case .scriptError: .failure
        case .unreadable: .usage
        case .limitExceeded: .limit
        case .expectationFailed: .expectation
        }
    }
}
