/// The event log of one simulation, stored compactly (TraceStorage.swift, Q53).
public final class Trace {
    /// The recorded events, decoded from their records as they are read.
    public var events: TraceEvents { TraceEvents(storage) }
    /// When false nothing is recorded (the bench's "tracing off" and `--trace none`).
    public var isEnabled = true { didSet { hushed() } }
    /// Index into `events` where the current expectation window starts (mark/clear).
    public private(set) var markIndex = 0
    public private(set) var markLabel: String?
    /// Called for each recorded event of `onEventKinds` (the CLI echoes warnings to
    /// stderr with it).
    public var onEvent: ((TraceEvent) -> Void)? { didSet { hushed() } }
    /// The kinds `onEvent` hears of: an event is built for it only then (Q53).
    public var onEventKinds: Set<TraceKind> {
        get { Set(TraceKind.allCases.filter { onEventMask & 1 << $0.index != 0 }) }
        set { hear(Array(newValue)) }
    }
    /// Sets `onEventKinds` from a list: the CLI's start-up makes no Set, whose first
    /// use scans every conformance record in the binary (docs/performance.md).
    public func hear(_ kinds: [TraceKind]) {
        onEventMask = kinds.reduce(0) { $0 | 1 << $1.index }
    }
    private var onEventMask: UInt16 = 0xFFFF { didSet { hushed() } }
    /// The kinds whose events need nothing but storing: tracing is on, no report looks
    /// before or after each event, and no listener hears the kind. A site's event of
    /// such a kind takes the fast path (TraceSite) after one test of this mask, not four.
    private(set) var quiet: UInt16 = 0xFFFF

    private func hushed() {
        guard isEnabled, beforeRecord == nil, afterRecord == nil else { quiet = 0; return }
        quiet = onEvent == nil ? 0xFFFF : ~onEventMask
    }
    /// Called with its kind before each event is stored, while the world is as the
    /// previous event left it: a report takes the state after each event here
    /// (ReportRecorder). Nil in a run without `--report`, so the record path pays one test.
    public var beforeRecord: ((TraceKind) -> Void)? { didSet { hushed() } }
    /// Called with its kind right after each event is stored: the report's look at the
    /// world an event leaves (the model changes a state before it records the event).
    public var afterRecord: ((TraceKind) -> Void)? { didSet { hushed() } }
    /// The number the next recorded event gets: events are numbered on across a clear.
    var nextSeq: Int { storage.firstSeq + hot.pointee.count }
    public var nextEventSeq: Int { nextSeq }
    /// The simulation's clock, read for each event's instant (a field, not a closure:
    /// calling one was a tenth of what an event costs).
    let clock: VirtualClock
    let memory: MemoryMeter
    private(set) var storage: TraceStorage
    /// `storage.hot`: the record path's fields, reached without a reference count.
    /// Invariant: it always belongs to the object `storage` holds; `init` and `clear`
    /// set both together and nothing else writes either, so it is never read after its
    /// storage is freed (a script's `clear` replaces both).
    private(set) var hot: UnsafeMutablePointer<TraceHot>

    /// The current storage's epoch; 0 is no storage's, so a new object's cache is empty.
    private(set) var epoch: UInt64 = 1
    /// What the storage adds to `memory` (MemoryMeter's estimates).
    private var bytes = 0

    init(clock: VirtualClock, memory: MemoryMeter) {
        self.clock = clock
        self.memory = memory
        let s = TraceStorage(firstSeq: 1)
        storage = s
        hot = s.hot
    }

    deinit { memory.add(-bytes) }

    /// Arguments are built only when tracing is on.
    @inline(__always)
    public func record(_ kind: TraceKind, _ object: @autoclosure () -> String, _ event: String,
                       _ args: @autoclosure () -> [(String, TraceValue)] = [], message: String? = nil,
                       result: TraceValue? = nil, traceback: String? = nil, location: String? = nil) {
        guard isEnabled else { return }
        if let beforeRecord { beforeRecord(kind) }
        var size = MemoryMeter.recordBytes
        let id = storage.names.id(object(), added: &size)
        append(kind, id, size, event, args(), message, result, traceback, location)
    }

    /// The same for an event of a simulated object, named by its `name`: the object
    /// keeps its name's id, so a name is looked up once per trace rather than per event
    /// (a 100,000-controller tree has 200,000 names, which the names' small cache
    /// cannot hold).
    @inline(__always)
    public func record(_ kind: TraceKind, _ object: SimObject, _ event: String,
                       _ args: @autoclosure () -> [(String, TraceValue)] = [], message: String? = nil,
                       result: TraceValue? = nil, traceback: String? = nil, location: String? = nil) {
        guard isEnabled else { return }
        if let beforeRecord { beforeRecord(kind) }
        // An event with no argument (a layout callback, removeFromSuperview) finds its
        // shape as a one-argument event does, by its name's words: the general path
        // looked its name up, a quarter of what the trace costs a cycle (docs/performance.md).
        let a = args()
        if a.isEmpty, message == nil, result == nil, traceback == nil, location == nil {
            return appendOne(kind, object, event, "", argc: 0, tag: 0, payload: 0)
        }
        var size = MemoryMeter.recordBytes
        let id = nameID(object, &size)
        append(kind, id, size, event, a, message, result, traceback, location)
    }

    /// An event of an object with one argument, without an argument array: the events
    /// every containment cycle records (appearance, addChild, willMove, didMove) each
    /// allocated and freed one, about a tenth of a cycle (docs/performance.md).
    @inline(__always)
    public func record(_ kind: TraceKind, _ object: SimObject, _ event: String,
                       _ label: String, _ value: @autoclosure () -> TraceValue) {
        guard isEnabled else { return }
        if let beforeRecord { beforeRecord(kind) }
        var size = 0
        let (tag, payload) = storage.encode(value(), added: &size)
        appendOne(kind, object, event, label, argc: 1, tag: tag, payload: payload, added: size)
    }

    /// The same with an object as the argument, named through its kept id like the
    /// event's own object.
    @inline(__always)
    public func record(_ kind: TraceKind, _ object: SimObject, _ event: String,
                       _ label: String, ref: SimObject?) {
        guard isEnabled else { return }
        if let beforeRecord { beforeRecord(kind) }
        var size = 0
        let payload = ref.map { UInt64(nameID($0, &size)) } ?? 0
        appendOne(kind, object, event, label, argc: 1, tag: ref == nil ? 0 : 4, payload: payload, added: size)
    }

    /// The object's name id in the current storage, looked up once per trace (its epoch).
    @inline(__always)
    func nameID(_ object: SimObject, _ size: inout Int) -> UInt32 {
        if object.traceNameEpoch == hot.pointee.epoch { return object.traceNameID }
        let id = object.nameNumber == 0 ? storage.names.uncachedID(object.nameText, added: &size)
            : storage.names.numberedID(object.nameText, object.nameNumber, object.namePart, added: &size)
        object.traceNameEpoch = hot.pointee.epoch
        object.traceNameID = id
        return id
    }

    /// An event of `object` with at most one argument, encoded. An event of the current
    /// instant whose shape the cache knows is stored through `hot`; any other goes
    /// through the storage, which interns what is new. `added`: what the argument's
    /// name took.
    @inline(__always)
    private func appendOne(_ kind: TraceKind, _ object: SimObject, _ event: String, _ label: String,
                           argc: UInt8, tag: UInt8, payload: UInt64, added: Int = 0) {
        var size = MemoryMeter.recordBytes + added
        let id = nameID(object, &size)
        let t = clock.now
        if !hot.pointee.appendKnown(t: t, kind: kind.index, object: id, event: event, label: label, argc: argc, tag: tag, payload: payload) {
            storage.appendOne(t: t, kind: kind.index, object: id, event: event, label: label, argc: argc, tag: tag,
                              payload: payload, added: &size)
        }
        counted(kind, size)
    }

    func append(_ kind: TraceKind, _ object: String, _ event: String, _ args: [(String, TraceValue)],
                _ message: String?, _ result: TraceValue?, _ traceback: String?, _ location: String? = nil) {
        if let beforeRecord { beforeRecord(kind) }
        var size = MemoryMeter.recordBytes
        let id = storage.names.id(object, added: &size)
        append(kind, id, size, event, args, message, result, traceback, location)
    }

    private func append(_ kind: TraceKind, _ objectID: UInt32, _ recordSize: Int, _ event: String,
                        _ args: [(String, TraceValue)], _ message: String?, _ result: TraceValue?,
                        _ traceback: String?, _ location: String?) {
        var size = recordSize
        let s = storage
        var r = TraceDraft(t: clock.now, payload: (0, 0), object: objectID,
                            event: s.names.id(event, added: &size), label: (0, 0), side: 0,
                            kind: kind.index, argc: UInt8(min(args.count, 2)), tag: (0, 0))
        if let (label, value) = args.first {
            r.label.0 = s.names.id(label, added: &size)
            (r.tag.0, r.payload.0) = s.encode(value, added: &size)
            if args.count > 1 {
                r.label.1 = s.names.id(args[1].0, added: &size)
                (r.tag.1, r.payload.1) = s.encode(args[1].1, added: &size)
            }
        }
        if args.count > 2 || message != nil || result != nil || traceback != nil || location != nil {
            let more = args.count > 2 ? Array(args[2...]) : []
            s.sides.append(TraceSide(moreArgs: more, message: message, result: result,
                                     traceback: traceback, location: location))
            // Bounded like the names (TraceNames.slowID): each costs sideBytes.
            r.side = UInt32(truncatingIfNeeded: s.sides.count)
            size += MemoryMeter.sideBytes + MemoryMeter.argumentBytes * more.count
                + MemoryMeter.heapBytes(message) + MemoryMeter.heapBytes(traceback) + MemoryMeter.heapBytes(location)
        }
        finish(r, kind, size)
    }

    /// Stores the record and counts it. The listener's event is decoded from the
    /// record, so no argument array outlives the call that made it.
    private func finish(_ r: TraceDraft, _ kind: TraceKind, _ size: Int) {
        var size = size
        storage.append(r, added: &size)
        counted(kind, size)
    }

    /// Counts a stored event and tells the listener.
    @inline(__always) func counted(_ kind: TraceKind, _ size: Int) {
        bytes += size
        memory.add(size)
        // The mask first: binding the listener retains its closure, on every event.
        if onEventMask & 1 << kind.index != 0, let onEvent { onEvent(storage.event(at: storage.count - 1)) }
        if let afterRecord { afterRecord(kind) }
    }

    /// Counts a site's event stored on the fast path, which no listener hears (`quiet`).
    @inline(__always) func counted() {
        bytes &+= MemoryMeter.recordBytes
        memory.add(MemoryMeter.recordBytes)
    }

    public func clear() {
        memory.add(-bytes)
        bytes = 0
        // A `TraceEvents` taken before keeps its storage whole; otherwise its chunks go on.
        let old = isKnownUniquelyReferenced(&storage) ? storage : nil
        epoch += 1      // 64 bits: never wraps
        storage = TraceStorage(firstSeq: nextSeq, epoch: epoch, reusing: old)
        hot = storage.hot
        markIndex = 0
        markLabel = nil
    }

    /// A mark is an event of its own, so it shows where it fell in the text trace; the
    /// expectation window starts after it.
    public func mark(_ label: String?) {
        record(.mark, "trace", "mark", message: label)
        markIndex = storage.count
        markLabel = label
    }

    /// The events after the latest mark labelled `label`, nil when there is none (a
    /// `clear` removes the marks with the events).
    public func events(since label: String) -> Slice<TraceEvents>? {
        let all = events
        guard let i = all.indices.last(where: {
            let (kind, message) = storage.kindAndMessage($0)
            return kind == .mark && message == label
        }) else { return nil }
        return all[(i + 1)...]
    }

    /// Events since the last mark or clear.
    public var sinceMark: Slice<TraceEvents> { events[markIndex...] }
}
