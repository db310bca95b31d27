import ArgumentParser
import Containment

/// The device and the limits of a run, shared by `run` and `test` (README.md, exit
/// code 3): each script (each test, for `test`) gets them afresh.
public struct LimitOptions: ParsableArguments {
    @Option(help: "Device preset: \(Device.all.map(\.name).joined(separator: ", ")).")
    public var device: String?

    @Option(help: "Seconds the script may run, at most 1000000 (exit 3 past it).")
    public var timeout: Double = Self.defaultTimeout

    @Option(name: .customLong("max-memory"), help: "MiB the script may use, what the model holds for it included (exit 3 past it).")
    public var maxMemory: Int = Self.defaultMaxMemory

    static let defaultTimeout = 10.0
    static let defaultMaxMemory = 256

    @Option(name: .customLong("max-instructions"), help: "Lua VM instructions the script may run (exit 3 past it).")
    public var maxInstructions: Int?

    public init() {}

    /// About 11.6 days.
    static let maxTimeout = 1_000_000.0

    public func validate() throws {
        // The bound keeps the watchdog's deadline (now + timeout, as a timespec) far from
        // overflowing; NaN fails both comparisons.
        if !(timeout > 0 && timeout <= Self.maxTimeout) {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 1000000")
        }
        if maxMemory <= 0 || maxMemory > 1 << 20 { throw ValidationError("--max-memory must be a number of MiB from 1 to 1048576") }
        if let m = maxInstructions, m <= 0 { throw ValidationError("--max-instructions must be a positive number") }
        if let device, Device.named(device) == nil {
            throw ValidationError("unknown device '\(device)' (\(Device.all.map(\.name).joined(separator: ", ")))")
        }
    }

    /// Sets the session options these flags govern.
    func apply(to options: inout RunSession.Options) {
        Self.apply(device: device, maxMemory: maxMemory, timeout: timeout, maxInstructions: maxInstructions, to: &options)
    }

    /// What `apply` sets when no flag is given (a plain `nestbox run FILE`).
    static func defaults(to options: inout RunSession.Options) {
        apply(device: nil, maxMemory: defaultMaxMemory, timeout: defaultTimeout, maxInstructions: nil, to: &options)
    }

    private static func apply(device: String?, maxMemory: Int, timeout: Double, maxInstructions: Int?,
                              to options: inout RunSession.Options) {
        options.device = device.flatMap(Device.named) ?? .iPhone15
        options.memoryLimit = maxMemory * 1024 * 1024
        options.timeout = timeout
        options.maxInstructions = maxInstructions
    }
}
