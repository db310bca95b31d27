/// Approximate bytes the model holds for a script: its objects, the trace, pending
/// timers and the strings a script handed it. The core only counts; a host (the Lua
/// runtime) adds the count to its own under a memory limit, and a long operation
/// stops through `Simulation.isInterrupted` once the sum is over it.
///
/// The figures are estimates per item, measured on Linux x86_64 with Swift 6.3
/// (resident memory over 200,000 items): a view, label or controller costs 370–430
/// bytes besides what Lua holds for it; a trace event the 16 bytes of its record
/// (Q53), more for what it keeps on the side. Strings are counted by their
/// UTF-8 length, whether or not Swift stores them inline.
public final class MemoryMeter {
    /// Any object of the model: view, controller, bar item, recognizer.
    public static let objectBytes = 400
    /// A trace event's record (TraceStorage, Q53), plus `instantBytes` for an instant new
    /// to the trace, `wideBytes` for a wide entry, `stringBytes` and its `heapBytes`
    /// for each string argument, `nameBytes` and its `heapBytes` for each name (object,
    /// event, label) new to the trace, and for an event with more than two arguments or a
    /// message, result, traceback or location `sideBytes`, `argumentBytes` per argument
    /// past the second and the `heapBytes` of its texts.
    public static let recordBytes = 12
    /// A new instant of the trace, and an event's wide entry (two payloads and a side
    /// index: a second argument, a number a Float cannot hold, a message).
    public static let instantBytes = 16
    public static let wideBytes = 24
    public static let stringBytes = 16
    public static let nameBytes = 40
    public static let sideBytes = 96
    public static let argumentBytes = 40
    /// A pending timer or a block queued for the next run-loop turn (its closure).
    public static let timerBytes = 64

    /// On the heap, so a host can read the count from C without calling into Swift;
    /// it lives as long as the meter, which every object and the simulation retain.
    public let bytes: UnsafeMutablePointer<Int>

    init() {
        bytes = .allocate(capacity: 1)
        bytes.initialize(to: 0)
    }

    deinit { bytes.deallocate() }

    public var count: Int { bytes.pointee }

    @inline(__always) func add(_ n: Int) { bytes.pointee &+= n }

    /// What a host keeps for the run besides the model (a filmstrip's frames, the
    /// report's pages): counted under `--max-memory` like the model (README.md, Pictures).
    public func hold(_ n: Int) { add(n) }

    /// What a string adds to what holds it: Swift keeps up to 15 UTF-8 bytes inline,
    /// a longer one on the heap with a 32-byte header.
    @inline(__always) public static func heapBytes(_ s: String?) -> Int {
        guard let n = s?.utf8.count, n > 15 else { return 0 }
        return 32 + n
    }
}
