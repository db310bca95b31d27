/// Instants a host wants to see the world at (`nestbox run --snapshot-at`,
/// `--filmstrip`), in ascending order, and what to call there.
struct InstantStops {
    var times: [Double] = []
    var next = 0
    var body: ((Double) -> Void)?
}

extension Simulation {
    /// Calls `body(t)` for each of `times` as the clock is about to move past `t`:
    /// after everything due at `t` and the run-loop turn that follows it, with the clock
    /// at `t` (policy Q31). It records nothing and runs nothing, so the trace and the
    /// order of events are those of a run without it. A time already past is called
    /// at the next move of the clock; `finishStops` calls the ones a run never passed.
    /// Replaces any earlier request.
    public func stop(at times: [Double], _ body: @escaping (Double) -> Void) {
        stops = InstantStops(times: times.filter { !$0.isNaN }.sorted(), next: 0, body: body)
    }

    /// Calls the stops the clock has not passed, at the world as it is now (a run
    /// that ended before them shows its last state), and forgets the request.
    public func finishStops() {
        let pending = stops
        stops = InstantStops()
        guard let body = pending.body else { return }
        for t in pending.times[pending.next...] {
            if isInterrupted() { return }
            body(t)
        }
    }

    /// The stops before `time`: the clock steps to each (never back), and the host looks.
    func passStops(before time: Double) {
        guard let body = stops.body else { return }
        while stops.next < stops.times.count, stops.times[stops.next] < time, !isInterrupted() {
            let t = stops.times[stops.next]
            stops.next += 1
            clock.now = max(clock.now, t)
            body(t)
        }
    }
}
