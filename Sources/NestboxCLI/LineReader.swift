import CLibedit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where the REPL's lines come from (lua.c's `lua_readline`, as a protocol so tests
/// feed lines).
public protocol LineReader: AnyObject {
    /// The next line without its newline, nil at end of input (Ctrl-D).
    func readLine(prompt: String) -> String?
    /// A finished statement (several lines make one entry).
    func addHistory(_ entry: String)
    /// What Tab completes with.
    var completer: ((String) -> [String])? { get set }
}

/// Lines from a list: the tests' reader.
public final class ScriptedReader: LineReader {
    var lines: [String]
    public private(set) var history: [String] = []
    public private(set) var prompts: [String] = []
    public var completer: ((String) -> [String])?

    public init(_ lines: [String]) { self.lines = lines }

    public func readLine(prompt: String) -> String? {
        prompts.append(prompt)
        return lines.isEmpty ? nil : lines.removeFirst()
    }

    public func addHistory(_ entry: String) { history.append(entry) }
}

/// Standard input that is not a terminal: lines without prompts, so
/// `nestbox repl < session.lua` works in pipes.
public final class PlainReader: LineReader {
    public var completer: ((String) -> [String])?
    public init() {}
    public func readLine(prompt: String) -> String? { Swift.readLine(strippingNewline: true) }
    public func addHistory(_ entry: String) {}
}

/// A terminal: libedit's line editing, a history file, Tab completion.
public final class EditLineReader: LineReader {
    let historyPath: String
    public var completer: ((String) -> [String])? {
        didSet { EditLineReader.active = completer }
    }
    /// libedit's completion hooks are C function pointers without a context, and there
    /// is one terminal per process: the active completer is the one global it needs.
    nonisolated(unsafe) static var active: ((String) -> [String])?
    nonisolated(unsafe) static var candidates: [String] = []

    public init(historyPath: String) {
        self.historyPath = historyPath
        rl_readline_name = UnsafePointer(strdup("nestbox"))
        // Words keep their dots and colons, so `ui.win` and `vc:add` complete whole.
        rl_basic_word_break_characters = UnsafePointer(strdup(" \t\n\"\\'`@$><=;|&{(,"))
        rl_completion_entry_function = { text, state in EditLineReader.generate(text, state) }
        // A completed word is whole as it is: a table's name waits for `.` or `:`, a
        // function's already ends in `(` (LuaRuntime.completions).
        rl_completion_append_character = 0
        using_history()
        _ = read_history(historyPath)
    }

    /// The generator libedit calls with state 0, 1, 2 … until it returns NULL.
    static func generate(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
        if state == 0 {
            let word = text.map { String(cString: $0) } ?? ""
            candidates = active?(word) ?? []
        }
        let i = Int(state)
        guard i < candidates.count else { return nil }
        return strdup(candidates[i])
    }

    public func readLine(prompt: String) -> String? {
        // Ctrl-C at the prompt does not end the REPL (it interrupts running code only).
        signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, SIG_DFL) }
        guard let p = readline(prompt) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    public func addHistory(_ entry: String) {
        _ = add_history(entry)
        _ = write_history(historyPath)
    }

    /// `~/.nestbox_history`, or `NESTBOX_HISTORY`.
    public static var defaultHistoryPath: String {
        if let p = ProcessInfo.processInfo.environment["NESTBOX_HISTORY"], !p.isEmpty { return p }
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.nestbox_history"
    }
}
