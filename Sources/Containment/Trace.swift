/// The event log of one simulation.
public final class Trace {
    public private(set) var events: [TraceEvent] = []
    /// When false nothing is recorded (the bench's "tracing off" and `--trace none`).
    public var isEnabled = true
    /// Index into `events` where the current expectation window starts (mark/clear).
    public private(set) var markIndex = 0
    public private(set) var markLabel: String?
    /// Called for each recorded event (the CLI echoes warnings to stderr with it).
    public var onEvent: ((TraceEvent) -> Void)?
    var nextSeq = 1
    let clock: () -> Double
    let memory: MemoryMeter
    /// What `events` adds to `memory` (MemoryMeter's estimate per event).
    private var bytes = 0

    init(clock: @escaping () -> Double, memory: MemoryMeter) {
        self.clock = clock
        self.memory = memory
    }

    deinit { memory.add(-bytes) }

    /// Arguments are built only when tracing is on.
    @inline(__always)
    public func record(_ kind: TraceKind, _ object: @autoclosure () -> String, _ event: String,
                       _ args: @autoclosure () -> [(String, TraceValue)] = [], message: String? = nil,
                       result: TraceValue? = nil, traceback: String? = nil, location: String? = nil) {
        guard isEnabled else { return }
        append(kind, object(), event, args(), message, result, traceback, location)
    }

    func append(_ kind: TraceKind, _ object: String, _ event: String, _ args: [(String, TraceValue)],
                _ message: String?, _ result: TraceValue?, _ traceback: String?, _ location: String? = nil) {
        let e = TraceEvent(seq: nextSeq, t: clock(), kind: kind, object: object, event: event,
                           args: args, message: message, result: result, traceback: traceback, location: location)
        nextSeq += 1
        onEvent?(e)
        // Names and string arguments share their storage with the model's objects; a
        // message or traceback is made for its event.
        var size = MemoryMeter.eventBytes + MemoryMeter.argumentBytes * args.count
        if message != nil || result != nil || traceback != nil {
            size += MemoryMeter.messageBytes + MemoryMeter.heapBytes(message) + MemoryMeter.heapBytes(traceback)
                + MemoryMeter.heapBytes(location)
        }
        bytes += size
        memory.add(size)
        events.append(e)    // the last use moves the event in: no copy per event
    }

    public func clear() {
        memory.add(-bytes)
        bytes = 0
        events.removeAll(keepingCapacity: true)
        markIndex = 0
        markLabel = nil
    }

    /// A mark is an event of its own, so it shows where it fell in the text trace; the
    /// expectation window starts after it.
    public func mark(_ label: String?) {
        record(.mark, "trace", "mark", message: label)
        markIndex = events.count
        markLabel = label
    }

    /// The events after the latest mark labelled `label`, nil when there is none (a
    /// `clear` removes the marks with the events).
    public func events(since label: String) -> ArraySlice<TraceEvent>? {
        guard let i = events.lastIndex(where: { $0.kind == .mark && $0.message == label }) else { return nil }
        return events[(i + 1)...]
    }

    /// Events since the last mark or clear.
    public var sinceMark: ArraySlice<TraceEvent> { events[markIndex...] }
}
