/// Virtual time. Nothing reads the wall clock.
public final class VirtualClock {
    public internal(set) var now: Double = 0
    private var queued: [() -> Void] = []
    /// A binary min-heap on (time, seq): timers due at the same instant run in the
    /// order they were scheduled, as a scan for the smallest pair would run them, and
    /// a script's n timers cost O(n log n) rather than a scan per timer.
    private var timers: [Timer] = []
    private var timerSeq = 0
    private let memory: MemoryMeter

    private struct Timer {
        let time: Double
        let seq: Int
        let action: () -> Void
        func precedes(_ other: Timer) -> Bool { (time, seq) < (other.time, other.seq) }
    }

    init(memory: MemoryMeter) { self.memory = memory }

    /// Runs `action` on the next run-loop turn.
    public func enqueue(_ action: @escaping () -> Void) {
        queued.append(action)
        memory.add(MemoryMeter.timerBytes)
    }

    /// Runs `action` when virtual time reaches `now + delay`.
    public func schedule(after delay: Double, _ action: @escaping () -> Void) {
        timerSeq += 1
        timers.append(Timer(time: Self.later(now, by: delay), seq: timerSeq, action: action))
        memory.add(MemoryMeter.timerBytes)
        siftUp(timers.count - 1)
    }

    /// `time + delay`, never earlier and never past the largest finite time: two
    /// advances of 1e308 would make the clock `inf`, which no trace line can print.
    static func later(_ time: Double, by delay: Double) -> Double {
        min(time + max(0, delay), .greatestFiniteMagnitude)
    }

    var hasQueued: Bool { !queued.isEmpty }
    public var hasPendingWork: Bool { !queued.isEmpty || !timers.isEmpty }
    var nextTimerTime: Double? { timers.first?.time }

    func discardAll() {
        memory.add(-MemoryMeter.timerBytes * (queued.count + timers.count))
        queued.removeAll()
        timers.removeAll()
    }

    /// The batch queued before this turn; work it queues waits for the next one. Once
    /// `interrupted` (a run limit), the rest stays queued.
    func runQueued(until interrupted: () -> Bool) {
        var batch = queued
        queued.removeAll()
        var next = 0
        while next < batch.count {
            if interrupted() {
                batch.removeFirst(next)
                queued = batch + queued
                return
            }
            memory.add(-MemoryMeter.timerBytes)
            batch[next]()
            next += 1
        }
    }

    /// Runs the timers due by `time` in (time, seq) order, timers they schedule for
    /// now included, asking `interrupted` before each.
    /// Fires the timers due by `time`, in order, those they schedule for the same
    /// instant included. Returns false after `limit` of them: a timer that keeps
    /// scheduling itself with no delay would hold virtual time still forever.
    @discardableResult
    func runTimers(upTo time: Double, limit: Int = .max, until interrupted: () -> Bool) -> Bool {
        var fired = 0
        while let first = timers.first, first.time <= time, !interrupted() {
            fired += 1
            if fired > limit { return false }
            let last = timers.removeLast()
            if !timers.isEmpty {
                timers[0] = last
                siftDown(0)
            }
            memory.add(-MemoryMeter.timerBytes)
            first.action()
        }
        return true
    }

    private func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard timers[child].precedes(timers[parent]) else { return }
            timers.swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < timers.count else { return }
            var smallest = left
            if left + 1 < timers.count, timers[left + 1].precedes(timers[left]) { smallest = left + 1 }
            guard timers[smallest].precedes(timers[parent]) else { return }
            timers.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
