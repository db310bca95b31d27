import ArgumentParser
import NestboxLua
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

/// `nestbox preview FILE`: the report of FILE served on 127.0.0.1, run again whenever
/// FILE or a module it requires changes (README.md, Live preview). The server is a
/// program of its own, `nestbox-preview`, beside `nestbox`: only it links the HTTP
/// server (FlyingFox) and Foundation, so every other command starts as lean as before.
/// This command is its declaration (help, completions, the manual page) and hands over.
public struct Preview: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Serve FILE's report on 127.0.0.1 and show each new run when FILE or a module it requires changes.")

    @Argument(help: "The design script.", completion: .file(extensions: ["lua"]))
    public var file: String

    @Option(help: "The port on 127.0.0.1 (0: any free port).")
    public var port: Int = 8700

    @Flag(help: "Open the page in the default browser.")
    public var open = false

    @OptionGroup public var limits: LimitOptions

    public init() {}

    /// The arguments `nestbox run` gets for each run of the design.
    public var runArguments: [String] {
        var args = ["run", file, "--trace", "none"]
        if let d = limits.device { args += ["--device", d] }
        if let t = limits.timeout { args += ["--timeout", "\(t)"] }
        if let m = limits.maxMemory { args += ["--max-memory", "\(m)"] }
        if let i = limits.maxInstructions { args += ["--max-instructions", "\(i)"] }
        return args
    }

    public func execute(output: Output) -> ExitStatus {
        guard (0...65_535).contains(port) else {
            output.err("nestbox: --port must be 0 to 65535 (got \(port))\n")
            return .usage
        }
        let server = Bench.executableFolder() + "/nestbox-preview"
        guard FileManager.default.isExecutableFile(atPath: server) else {
            output.err("nestbox: preview needs nestbox-preview beside nestbox (swift build --product nestbox-preview; scripts/nestbox builds it)\n")
            return .usage
        }
        var args = [server, file, "--port", "\(port)"] + (open ? ["--open"] : [])
        args += runArguments.dropFirst(4)
        // The server takes over this process: its output, its signals, its exit code.
        let argv = args.map { strdup($0) } + [nil]
        execv(server, argv)
        output.err("nestbox: cannot start \(server): \(String(cString: strerror(errno)))\n")
        return .failure
    }
}
