/// One simulated world: clock, trace, screen and window. Nothing is global, so
/// tests (and Lua states) run side by side.
public final class Simulation {
    public let clock: VirtualClock
    public let trace: Trace
    let device: Device
    public private(set) lazy var screen = Screen(simulation: self, device: device)
    public private(set) lazy var window = Window(simulation: self, frame: Rect(origin: .zero, size: device.size))
    var nameCounters: [String: Int] = [:]

    public init(device: Device = .iPhone15) {
        let clock = VirtualClock()
        self.clock = clock
        self.trace = Trace(clock: { [unowned clock] in clock.now })
        self.device = device
    }

    /// `Class#n`, n counting instances of that class from 1.
    func makeName(for className: String) -> String {
        let n = (nameCounters[className] ?? 0) + 1
        nameCounters[className] = n
        return "\(className)#\(n)"
    }

    // MARK: - Run loop

    /// One run-loop turn: work queued for "the next turn" runs, then a layout pass.
    public func turn() {
        clock.runQueued()
        if window.isVisible { window.layoutIfNeeded() }
    }

    /// Advances virtual time, running timers in order, each followed by a turn.
    public func advance(by seconds: Double) {
        let target = clock.now + max(0, seconds)
        turn()
        while let due = clock.nextTimerTime, due <= target {
            clock.now = max(clock.now, due)
            clock.runTimers(upTo: clock.now)
            turn()
        }
        clock.now = target
        turn()
    }

    /// Runs until nothing is pending. Returns false when still busy after `maxTurns`
    /// (a script that keeps scheduling work), so the caller can report it.
    @discardableResult
    public func settle(maxTurns: Int = 100_000) -> Bool {
        var turns = 0
        turn()
        while clock.hasPendingWork {
            turns += 1
            if turns > maxTurns { return false }
            if clock.hasQueued { turn(); continue }
            if let due = clock.nextTimerTime {
                clock.now = max(clock.now, due)
                clock.runTimers(upTo: clock.now)
                turn()
            }
        }
        return true
    }

    /// Records a UIKit console message.
    func warn(_ object: SimObject, _ message: String) {
        trace.record(.warning, object.name, "warning", message: message)
    }

    /// Records a Nestbox finding where UIKit is silent.
    public func lint(_ object: SimObject, _ message: String) {
        trace.record(.lint, object.name, "lint", message: message)
    }
}

/// Virtual time. Nothing reads the wall clock.
public final class VirtualClock {
    public internal(set) var now: Double = 0
    private var queued: [() -> Void] = []
    private var timers: [(time: Double, seq: Int, action: () -> Void)] = []
    private var timerSeq = 0

    /// Runs `action` on the next run-loop turn.
    public func enqueue(_ action: @escaping () -> Void) { queued.append(action) }

    /// Runs `action` when virtual time reaches `now + delay`.
    public func schedule(after delay: Double, _ action: @escaping () -> Void) {
        timerSeq += 1
        timers.append((now + max(0, delay), timerSeq, action))
    }

    var hasQueued: Bool { !queued.isEmpty }
    public var hasPendingWork: Bool { !queued.isEmpty || !timers.isEmpty }
    var nextTimerTime: Double? { timers.map(\.time).min() }

    func runQueued() {
        let batch = queued
        queued.removeAll()
        for action in batch { action() }
    }

    func runTimers(upTo time: Double) {
        while true {
            let due = timers.enumerated().filter { $0.element.time <= time }
            guard let first = due.min(by: { ($0.element.time, $0.element.seq) < ($1.element.time, $1.element.seq) })
            else { return }
            let timer = timers.remove(at: first.offset)
            timer.action()
        }
    }
}
