import CLuaShim
import NestboxFiles
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua

/// The root command. `main` is what the executable calls, with injectable output so
/// tests run commands in-process.
public struct Nestbox: ParsableCommand {
    /// Raised with each change a user can see (docs/development.md).
    public static let version = "0.2.0"

    public static let configuration = CommandConfiguration(
        commandName: "nestbox",
        abstract: "A headless, deterministic model of UIKit view-controller containment, driven by Lua.",
        discussion: ExitStatus.helpText,
        version: version,
        subcommands: [Run.self, Test.self, Lint.self, Explore.self, Preview.self, Annotations.self, Repl.self, Bench.self])

    public init() {}

    /// Parses `arguments` (without the program name), runs the command, and returns
    /// the exit code of README.md's table (usage errors are 2). Output that could not be
    /// written makes a successful run exit 1, with one line saying why; so too a run
    /// whose lints were found (5 means nothing else failed, and for `lint` the lints
    /// were the output).
    public static func main(_ arguments: [String], output: Output = .standard) -> Int32 {
        let code = dispatch(arguments, output: output)
        guard let failure = output.outFailure() else { return code.code }
        output.err("nestbox: cannot write to standard output: \(failure)\n")
        return (code == .ok || code == .lints ? .failure : code).code
    }

    /// The executable runs the command on a thread of its own while its main thread only
    /// waits (nestbox's main.swift): forking a test may still skip the atfork handlers.
    public static func mainThreadParked(_ parked: Bool) { nb_main_parked(parked ? 1 : 0) }

    static func dispatch(_ arguments: [String], output: Output) -> ExitStatus {
        quickDispatch(arguments, output: output) ?? parseAndDispatch(arguments, output: output)
    }

    /// Every command line `QuickParse` does not read: ArgumentParser reads it.
    static func parseAndDispatch(_ arguments: [String], output: Output) -> ExitStatus {
        // A mistyped command gets a suggestion, not ArgumentParser's "unexpected arguments".
        // `nestbox help NAME` names a command too.
        var named = arguments
        if arguments.first == "help", arguments.count > 1 { named.removeFirst() }
        if let first = named.first, !first.hasPrefix("-") {
            let names = configuration.subcommands.map { $0._commandName }
            if !names.contains(first), first != "help" {
                let near = names.filter { editDistance(first, $0) <= 2 }
                output.err("nestbox: unknown command '\(first.prefix(80))'" + (near.isEmpty ? "" : "; did you mean '\(near[0])'?")
                           + " (commands: \(names.joined(separator: ", ")))\n")
                return .usage
            }
        }
        do {
            var command = try parseAsRoot(arguments)
            if let command = command as? any NestboxCommand {
                return command.execute(output: output)
            }
            try command.run()
            return .ok
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                output.out(message + "\n")
                return .ok
            }
            output.err(message + "\n")
            return .usage
        }
    }
}

/// Levenshtein's distance between two short words (a mistyped command).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.prefix(64)), b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var previous = row[0]
        row[0] = i
        for j in 1...max(b.count, 1) where !b.isEmpty {
            let old = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
            previous = old
        }
    }
    return a.isEmpty ? b.count : row[b.count]
}

/// A subcommand that runs in-process: it writes to the given output and returns its
/// exit code instead of ending the process, so tests (and later commands) can call it.
public protocol NestboxCommand: ParsableCommand {
    func execute(output: Output) -> ExitStatus
}

extension NestboxCommand {
    public func run() throws {
        let code = execute(output: .standard)
        if code != .ok { throw ExitCode(code.code) }
    }
}

/// Where a command writes. Tests capture both streams.
public struct Output {
    public var out: (String) -> Void
    public var err: (String) -> Void
    /// True for the process's own streams: a command may then end the process itself
    /// (a run stuck in a C function past its deadline). Never for captured output.
    public var ownsProcess = false
    /// Why writing to standard output failed, once it has (nil for captured output).
    public var outFailure: () -> String? = { nil }

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.out = out; self.err = err
    }

    public static let standard: Output = {
        let stdout = StandardOutput()
        // Judged once: whether standard error is a terminal does not change mid-run.
        let colour = Colour.forStandardError
        var o = Output(out: stdout.write, err: { writeAll(2, colour ? Colour.standardError($0) : $0) })
        o.ownsProcess = true
        o.outFailure = { stdout.failure }
        return o
    }()
}
