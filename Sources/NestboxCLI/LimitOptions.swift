import ArgumentParser
import Containment

/// The device and the limits of a run, shared by `run`, `test`, `lint` and `repl`
/// (README.md, exit code 3), each with its default: the one place they are written. Each
/// script (each test, for `test`; each line, for `repl`) gets them afresh.
public struct Limits {
    public var device: String?
    public var timeout = 10.0
    public var maxMemory = 256
    public var maxInstructions: Int?

    public init() {}

    /// About 11.6 days.
    static let maxTimeout = 1_000_000.0

    func validate() throws {
        // The bound keeps the watchdog's deadline (now + timeout, as a timespec) far from
        // overflowing; NaN fails both comparisons.
        if !(timeout > 0 && timeout <= Self.maxTimeout) {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 1000000")
        }
        if maxMemory <= 0 || maxMemory > 1 << 20 { throw ValidationError("--max-memory must be a number of MiB from 1 to 1048576") }
        if let m = maxInstructions, m <= 0 { throw ValidationError("--max-instructions must be a positive number") }
        if let device, Device.named(device) == nil {
            throw ValidationError("unknown device '\(device)' (\(Device.choices))")
        }
    }

    /// Sets the session options these govern.
    func apply(to options: inout RunSession.Options) {
        options.device = device.flatMap(Device.named) ?? .iPhone15
        options.memoryLimit = maxMemory * 1024 * 1024
        options.timeout = timeout
        options.maxInstructions = maxInstructions
    }
}

/// `Limits` on the command line: an option not given keeps its default.
public struct LimitOptions: ParsableArguments {
    private static let defaults = Limits()
    /// What a limit does, command by command (README.md, The limits).
    private static let past = "past it: exit 3; in test the test fails, in explore the sequence, in repl the line ends"

    @Option(help: "Device preset: \(Device.choices).", completion: .list(Device.all.map(\.id)))
    public var device: String?

    // Numbers take the next word even when it starts with "-": `--timeout -1` is a bad
    // number, not a missing one.
    @Option(parsing: .unconditional, help: "Seconds the script may run, at most 1000000 (\(Self.past); default: \(formatNumber(defaults.timeout))).")
    public var timeout: Double?

    @Option(name: .customLong("max-memory"), parsing: .unconditional,
            help: "MiB the script may use, what the model holds for it included (\(Self.past); default: \(defaults.maxMemory)).")
    public var maxMemory: Int?

    @Option(name: .customLong("max-instructions"), parsing: .unconditional, help: "Lua VM instructions the script may run (\(Self.past)).")
    public var maxInstructions: Int?

    public init() {}

    var values: Limits {
        var l = Limits()
        l.device = device
        if let timeout { l.timeout = timeout }
        if let maxMemory { l.maxMemory = maxMemory }
        l.maxInstructions = maxInstructions
        return l
    }

    public func validate() throws { try values.validate() }

    func apply(to options: inout RunSession.Options) { values.apply(to: &options) }
}
