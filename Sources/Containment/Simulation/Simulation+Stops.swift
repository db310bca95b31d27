/// Instants a host wants to see the world at (`nestbox run --snapshot-at`,
/// `--filmstrip`), in ascending order, and what to call there.
struct InstantStops {
    var times: [Double] = []
    var next = 0
    var body: ((Double) -> Void)?
    /// `nestbox run --report`: looks at every instant that recorded events and at each
    /// 1/60 s while something animates (policy Q33).
    var watcher: ((Double) -> Void)?
    /// The trace's length at the watcher's last look: an instant with nothing new is
    /// not looked at twice.
    var watched = -1
    /// Counts the run-loop turns the watcher was offered (`passStops` calls), and says
    /// whether the look being made is a 60 Hz tick with nothing run since the watcher's
    /// last look of that turn: only the animations' progress has moved since.
    var turn = 0
    var isTick = false
}

extension Simulation {
    /// Calls `body(t)` for each of `times` as the clock is about to move past `t`:
    /// after everything due at `t` and the run-loop turn that follows it, with the clock
    /// at `t` (policy Q31). It records nothing and runs nothing, so the trace and the
    /// order of events are those of a run without it. A time already past is called
    /// at the next move of the clock; `finishStops` calls the ones a run never passed.
    /// Replaces any earlier request.
    public func stop(at times: [Double], _ body: @escaping (Double) -> Void) {
        // The watcher (`watch`) is another host's: it stays.
        stops.times = times.filter { !$0.isNaN }.sorted()
        stops.next = 0
        stops.body = body
    }

    /// Calls the stops the clock has not passed, at the world as it is now (a run
    /// that ended before them shows its last state), and forgets the request.
    public func finishStops() {
        let pending = stops
        stops.times = []
        stops.next = 0
        stops.body = nil
        guard let body = pending.body else { return }
        for t in pending.times[pending.next...] {
            if isInterrupted() { return }
            body(t)
        }
    }

    /// Calls `body(t)` as the clock is about to leave each instant where timers ran or
    /// events were recorded (after everything due there, as `stop(at:)` does) and at each
    /// 1/60 s while an animation is in flight, the clock stepped there (policy Q33). Like the stops it
    /// records and runs nothing, so the trace is that of a run without it. nil stops
    /// watching.
    public func watch(_ body: ((Double) -> Void)?) {
        stops.watcher = body
        stops.watched = -1
    }

    /// The turn of the watcher's looks (see `isWatchTick`).
    public var watchTurn: Int { stops.turn }
    /// True while the watcher looks at a 60 Hz tick before which, since its last look of
    /// the same `watchTurn`, nothing ran (no timer, no script, no input) and nothing was
    /// recorded: the clock stepped and the animations in flight moved on. False at a tick
    /// at the instant of a timer or of the end of `advance`. A report draws such a
    /// frame from the last look's views and the animations' progress (ReportRecorder).
    public var isWatchTick: Bool { stops.isTick }

    /// The watcher's looks before `time`: the instant the clock is at if a run-loop turn
    /// (timers, a script's changes that record nothing) or events happened there since
    /// the last look, then the 60 Hz ticks of the animations in flight.
    private func passWatch(before time: Double, afterTurn: Bool) {
        if let look = stops.watcher, afterTurn || stops.watched != trace.nextSeq, clock.now < time {
            stops.watched = trace.nextSeq
            look(clock.now)
        }
        // The watcher may stop watching at any look (a report at its size limit).
        while let look = stops.watcher, !animator.active.isEmpty, !isInterrupted() {
            // As the frame sampling steps: each 1/60 s, not a running sum.
            let tick = (clock.now * 60 + 1e-9).rounded(.down) / 60 + 1.0 / 60
            // A tick at `time` itself is seen before what is due then runs, as a display
            // refresh shows the frame before an animation's completion (`run(until:)`).
            guard tick > clock.now, tick <= time else { break }
            clock.now = tick
            // A tick at `time` is followed by what is due then, at the same instant: the
            // look after it may find the same picture, and Q33 makes that the same frame,
            // so the report takes such a tick whole.
            stops.isTick = tick < time
            look(tick)
            stops.isTick = false
        }
    }

    /// The stops before `time`: the clock steps to each (never back), and the host looks;
    /// the watcher's looks fall in between, in the order of their instants.
    /// Every call follows a run-loop turn (`run(until:)`).
    func passStops(before time: Double) {
        stops.turn &+= 1
        var afterTurn = true
        while true {
            let next = stops.body != nil && stops.next < stops.times.count && stops.times[stops.next] < time
                ? stops.times[stops.next] : nil
            passWatch(before: next ?? time, afterTurn: afterTurn)
            afterTurn = false
            guard let t = next, let body = stops.body, !isInterrupted() else { return }
            stops.next += 1
            clock.now = max(clock.now, t)
            body(t)
        }
    }
}

extension Simulation {
    /// The watcher's last look: the instant the clock is at, if it recorded anything
    /// since the last; then it stops watching.
    public func finishWatching() {
        if let look = stops.watcher, stops.watched != trace.nextSeq, !isInterrupted() {
            stops.watched = trace.nextSeq
            look(clock.now)
        }
        watch(nil)
    }
}
