import NestboxLua
import ArgumentParser
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

/// `nestbox repl [FILE]`: runs FILE, then reads Lua interactively in the same world.
public struct Repl: NestboxCommand {
    public static let configuration = CommandConfiguration(
        commandName: "repl", abstract: "Explore a design live: run FILE, then read Lua interactively.",
        discussion: "FILE, and each line or command that runs script code, gets --timeout and --max-instructions afresh; --max-memory bounds the whole session. A limit or Ctrl-C ends the line and keeps the world.")

    @Argument(help: "A script to run first.", completion: .file(extensions: ["lua"]))
    public var file: String?

    @OptionGroup public var limits: LimitOptions

    public init() {}

    /// A terminal gets line editing, history and completion; a pipe is read line by
    /// line without prompts.
    public func execute(output: Output) -> ExitStatus { Self.start(file: file, limits: limits.values, output: output) }

    /// The command without its parsed wrapper (also `QuickParse`'s).
    static func start(file: String?, limits: Limits, output: Output) -> ExitStatus {
        let terminal = isatty(0) != 0
        let reader = Repl.reader(terminal: terminal, output: output)
        do {
            return try REPL(reader: reader, output: output, interactive: terminal, limits: limits).run(file: file)
        } catch {
            output.err("nestbox: \(error)\n")
            return .failure
        }
    }

    /// At a terminal without libedit the REPL still works: prompts and plain lines, after
    /// a one-line warning saying what is missing (libedit is opened, not linked).
    static func reader(terminal: Bool, output: Output) -> LineReader {
        guard terminal else { return PlainReader() }
        switch EditLineReader.open(historyPath: EditLineReader.defaultHistoryPath) {
        case .success(let reader):
            return reader
        case .failure(let missing):
            output.err("nestbox: \(missing.reason); reading plain lines\n")
            return PlainReader(prompting: true)
        }
    }
}
