import CLibedit
import CLuaShim
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

/// Where the REPL's lines come from (lua.c's `lua_readline`, as a protocol so tests
/// feed lines).
public protocol LineReader: AnyObject {
    /// The next line without its newline, nil at end of input (Ctrl-D).
    func readLine(prompt: String) -> String?
    /// A finished statement (several lines make one entry).
    func addHistory(_ entry: String)
    /// What Tab completes with.
    var completer: ((String) -> [String])? { get set }
    /// Whether Ctrl-C ended the last read (its line, and a statement being continued,
    /// are dropped).
    var wasInterrupted: Bool { get }
}

extension LineReader {
    public var wasInterrupted: Bool { false }
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
/// `nestbox repl < session.lua` works in pipes. At a terminal without libedit, lines
/// with prompts but no editing, history or completion.
public final class PlainReader: LineReader {
    public var completer: ((String) -> [String])?
    let prompting: Bool
    public init(prompting: Bool = false) { self.prompting = prompting }
    public func readLine(prompt: String) -> String? {
        if prompting {
            print(prompt, terminator: "")
            fflush(stdout)
        }
        return Swift.readLine(strippingNewline: true)
    }
    public func addHistory(_ entry: String) {}
}

/// A terminal: libedit's line editing, a history file, Tab completion. libedit is
/// opened here, not linked (Sources/CLibedit): only the REPL at a terminal needs it
/// (docs/performance.md).
public final class EditLineReader: LineReader {
    public private(set) var wasInterrupted = false
    let historyPath: String
    public var completer: ((String) -> [String])? {
        didSet { EditLineReader.active = completer }
    }
    /// libedit's completion hooks are C function pointers without a context, and there
    /// is one terminal per process: the active completer is the one global it needs.
    nonisolated(unsafe) static var active: ((String) -> [String])?
    nonisolated(unsafe) static var candidates: [String] = []

    /// The package that brings libedit, named in the message when it is missing
    /// (macOS has its own).
    #if os(macOS)
    static let libeditPackage = "the system's libedit"
    #else
    static let libeditPackage = "libedit2"
    #endif

    /// Why libedit cannot be used (it could not be opened), or nil once it is open.
    public static var unavailable: String? {
        nb_edit_load().map { "line editing needs \(Self.libeditPackage) (\(String(cString: $0)))" }
    }

    /// A reader, or why there is none (`unavailable`).
    public static func open(historyPath: String) -> Result<EditLineReader, LibraryUnavailable> {
        if let reason = unavailable { return .failure(LibraryUnavailable(reason: reason)) }
        return .success(EditLineReader(historyPath: historyPath))
    }

    private init(historyPath: String) {
        self.historyPath = historyPath
        // Words keep their dots and colons, so `ui.win` and `vc:add` complete whole.
        // A completed word is whole as it is (append character 0): a table's name waits
        // for `.` or `:`, a function's already ends in `(` (LuaRuntime.completions).
        nb_edit_configure(strdup("nestbox"), strdup(" \t\n\"\\'`@$><=;|&{(,"),
                          { text, state in EditLineReader.generate(text, state) }, 0)
        nb_using_history()
        _ = nb_read_history(historyPath)
    }

    /// The generator libedit calls with state 0, 1, 2 … until it returns NULL.
    static func generate(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
        if state == 0 {
            let word = text.map { String(cString: $0) } ?? ""
            candidates = active?(word) ?? []
            // libedit (3.1-20221030) quotes a completion as a file name, so a function's
            // `(` came out as `addChild\(`: a single one's goes after it as the append
            // character, which is not quoted.
            let call = candidates.count == 1 && candidates[0].hasSuffix("(")
            if call { candidates[0].removeLast() }
            nb_edit_append(call ? 40 : 0)
        }
        let i = Int(state)
        guard i < candidates.count else { return nil }
        return strdup(candidates[i])
    }

    public func readLine(prompt: String) -> String? {
        // Ctrl-C at the prompt drops the line being typed and prompts again, as a shell
        // does; only Ctrl-D (end of input) leaves.
        nb_prompt_begin()
        let p = nb_readline(prompt)
        wasInterrupted = nb_prompt_end() != 0
        if let p {
            defer { free(p) }
            return String(cString: p)
        }
        guard wasInterrupted else { return nil }
        Swift.print("")
        return ""
    }

    public func addHistory(_ entry: String) {
        _ = nb_add_history(entry)
        _ = nb_write_history(historyPath)
    }

    /// `~/.nestbox_history`, or `NESTBOX_HISTORY`.
    public static var defaultHistoryPath: String {
        if let p = Environment.value("NESTBOX_HISTORY"), !p.isEmpty { return p }
        let home = Environment.value("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.nestbox_history"
    }
}

/// A library that could not be opened: the one-line reason.
public struct LibraryUnavailable: Error {
    public let reason: String
}
