import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `nestbox repl [FILE]`: runs FILE, then reads Lua interactively in the same world.
public struct Repl: NestboxCommand {
    public static let configuration = CommandConfiguration(
        commandName: "repl", abstract: "Explore a design live: run FILE, then read Lua interactively.")

    @Argument(help: "A script to run first.")
    public var file: String?

    public init() {}

    /// A terminal gets line editing, history and completion; a pipe is read line by
    /// line without prompts.
    public func execute(output: Output) -> Int32 {
        let terminal = isatty(0) != 0
        let reader: LineReader = terminal ? EditLineReader(historyPath: EditLineReader.defaultHistoryPath) : PlainReader()
        do {
            return try REPL(reader: reader, output: output, interactive: terminal).run(file: file)
        } catch {
            output.err("nestbox: \(error)\n")
            return 1
        }
    }
}
