/// One simulated world: clock, trace, screen and window. Nothing is global, so
/// tests (and Lua states) run side by side.
public final class Simulation {
    public let clock: VirtualClock
    public let trace: Trace
    public internal(set) var device: Device
    /// The trait collection's layout direction, `leftToRight` or `rightToLeft`
    /// (`ui.setLayoutDirection`; docs/layout.md, Right-to-left).
    public internal(set) var layoutDirection = "leftToRight"
    /// The traits before a size transition, until the window takes the new size (Q8):
    /// `setDevice` changes the device first.
    var traitsInTransition: TraitCollection?
    /// The size transitions whose hooks run now, by controller: the hook's super call
    /// forwards them to the children (S36), and nothing else does.
    var sizeHooksRunning: [ObjectIdentifier: TransitionCoordinator] = [:]
    var traitHooksRunning: [ObjectIdentifier: (TraitCollection, TransitionCoordinator)] = [:]
    /// The traits a trait transition goes to, while willTransition(to:with:) is sent:
    /// what a hook forwarding it by hand passes on.
    public internal(set) var traitsComing: TraitCollection?
    /// True while a size change's viewWillTransition and willTransition are sent.
    var announcingSizeChange = false
    /// What the status bar shows, as last asked (Q79), and whether to ask again at the
    /// end of this turn (ViewController+StatusBar.swift).
    public internal(set) var statusBar = StatusBarAppearance()
    var statusBarNeedsUpdate = false
    var updatingStatusBar = false
    /// Set when a status bar change moved the safe area: the turn lays out again (a
    /// change asked for from a layout callback is laid out before the turn ends).
    var statusBarMovedInsets = false
    /// The controller presented last and still presented, where the status bar's owner
    /// is looked for first. Weak: a script may let it go.
    weak var presentationTop: ViewController?
    /// Q82: whether the controller the interface's orientations are asked of may have
    /// changed (asked at the end of this turn), the one last asked, and whether it is
    /// being asked now. A link (Q56), not a weak reference: a weakly referenced object
    /// counts its references the slow way, and the root controller's are counted in
    /// every containment cycle.
    var orientationNeedsUpdate = false
    var orientationOwnerAsked: ViewController? {
        get { objects.resolve(orientationOwnerLink) }
        set { orientationOwnerLink = objects.link(to: newValue) }
    }
    private var orientationOwnerLink = ObjectLink<ViewController>()
    var updatingOrientation = false
    /// Ask again even if the controller asked is the same (a request made while a
    /// transition ran); a full-screen presentation ended since the last asking; the device
    /// turned while the interface held still.
    var orientationRecheck = false
    var orientationPresentationEnded = false
    var orientationDeviceTurned = false
    /// Size transitions whose animation has not ended: the interface's own turn waits
    /// for them (Q82), so that one turn does not begin inside another.
    var sizeTransitionsRunning = 0
    public private(set) lazy var screen = Screen(simulation: self)
    public var window: Window { createdWindow ?? makeWindow() }
    /// The window once something asked for it: the invariant check walks it without
    /// making one (in a deinit, too).
    private(set) var createdWindow: Window?
    public private(set) lazy var animator = Animator(simulation: self)
    /// `--frames`: record the presentation frames of views in flight at 60 Hz.
    public var samplesFrames = false
    /// Asked by long operations (settle, advance, printing) between steps: the host's
    /// run limits end them early, and nothing else in the core reads the wall clock.
    public var isInterrupted: () -> Bool = { false }
    /// The generation of its objects' `hostCache` answers: a host bumps it when what
    /// it would answer may have changed for every object at once (a class gained a hook).
    public var hostGeneration: UInt32 = 1
    /// How many controllers are being dismissed now: with none, no presenter can be on
    /// its way out, and `present` need not walk a presentation chain that may be tens
    /// of thousands long (W15).
    var controllersBeingDismissed = 0
    /// The lint rules' state while linting (Simulation+Lint.swift); nil costs nothing.
    public internal(set) var linter: Linter?
    /// What the model holds for the script, for a host's memory limit.
    public let memory: MemoryMeter
    /// The table back-references are looked up in (Q56).
    public let objects = ObjectTable()
    /// Instances made of each class, for default names (`nameNumber(for:)`): the few classes
    /// named last first, most recent first, then the rest by name.
    var recentNameCounts: [(className: String, count: Int)] = []
    var nameCounters: [String: Int] = [:]
    /// The default-form names scripts gave (`noteGivenName`).
    var takenDefaultNames: Set<TakenName> = []
    var ignoringInteraction = 0
    /// The finger a held `ui.pan` keeps down; one at a time (Q21).
    public internal(set) var heldTouch: Touch?
    /// Instants a host asked to look at (Simulation+Stops.swift).
    var stops = InstantStops()
    /// The test scope's observer when this world was made: nil outside the tests. Read
    /// only in debug builds (the tests'): the TaskLocal is one object all threads share,
    /// and the release build counts references without atomics (Q55).
    #if DEBUG
    let endObserver = Simulation.observer
    #else
    let endObserver: (any SimulationObserver)? = nil
    #endif

    public init(device: Device = .iPhone15) {
        let memory = MemoryMeter()
        let clock = VirtualClock(memory: memory)
        self.memory = memory
        self.clock = clock
        self.trace = Trace(clock: clock, memory: memory)
        self.device = device
    }

    deinit { endObserver?.simulationWillEnd(self) }

    private func makeWindow() -> Window {
        let w = Window(simulation: self, frame: screen.bounds)
        createdWindow = w
        return w
    }

    /// n of `Class#n` for a new instance, counting instances of that class from 1,
    /// named ones too (README.md, The trace). The count is found among the last few
    /// classes named by a comparison that equal storage answers at once (a tree
    /// alternates controllers and views), before a dictionary's hash: every object made
    /// asks (docs/performance.md).
    func nameNumber(for className: String) -> Int { nextNumber(for: className) }

    /// A given name in the default form (`Menu#2`, `Menu#2.view`): the default names
    /// pass over its number, so that no name Nestbox chooses is one a script gave
    /// (README.md, The trace). By bytes, as the trace compares names; counted, as a
    /// script could give millions.
    func noteGivenName(_ name: String) {
        var text = name
        text.withUTF8 { bytes in
            guard let d = TraceNames.defaultParts(UnsafeRawBufferPointer(bytes)) else { return }
            if takenDefaultNames.insert(TakenName(base: Array(d.base), n: d.n)).inserted {
                memory.add(MemoryMeter.nameBytes + d.base.count)
            }
        }
    }

    /// The next number for a default name of `className`, past those given names took.
    func defaultNumber(for className: String) -> Int {
        var n = nextNumber(for: className)
        guard !takenDefaultNames.isEmpty else { return n }
        let base = Array(className.utf8)
        while let small = UInt32(exactly: n), takenDefaultNames.contains(TakenName(base: base, n: small)) {
            n = nextNumber(for: className)
        }
        return n
    }

    struct TakenName: Hashable {
        let base: [UInt8]
        let n: UInt32
    }

    private func nextNumber(for className: String) -> Int {
        for i in recentNameCounts.indices where recentNameCounts[i].className == className {
            recentNameCounts[i].count += 1
            let n = recentNameCounts[i].count
            if i > 0 { recentNameCounts.swapAt(i, 0) }
            return n
        }
        let n = (nameCounters.removeValue(forKey: className) ?? 0) + 1
        // At most four are kept in front, so the scan stays short whatever a script makes.
        if recentNameCounts.count == 4 {
            let oldest = recentNameCounts.removeLast()
            nameCounters[oldest.className] = oldest.count
        }
        recentNameCounts.insert((className, n), at: 0)
        return n
    }

    /// `className#n` and `suffix`, written in one buffer, each piece copied whole.
    static func name(_ className: String, _ n: Int, _ suffix: StaticString = "") -> String {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)      // room for an Int's 20 digits
        return withUnsafeMutableBytes(of: &digits) { d in
            var v = n.magnitude, k = d.count
            repeat { k -= 1; d[k] = UInt8(48 + v % 10); v /= 10 } while v > 0 && k > 0
            let tail = UnsafeRawBufferPointer(rebasing: d[k...])
            return suffix.withUTF8Buffer { more in
                func write(_ base: UnsafeRawBufferPointer) -> String {
                    String(unsafeUninitializedCapacity: base.count + 1 + tail.count + more.count) { out in
                        let raw = UnsafeMutableRawBufferPointer(out)
                        raw.copyMemory(from: base)
                        raw[base.count] = UInt8(ascii: "#")
                        UnsafeMutableRawBufferPointer(rebasing: raw[(base.count + 1)...]).copyMemory(from: tail)
                        UnsafeMutableRawBufferPointer(rebasing: raw[(base.count + 1 + tail.count)...]).copyMemory(from: UnsafeRawBufferPointer(more))
                        return base.count + 1 + tail.count + more.count
                    }
                }
                if let done = className.utf8.withContiguousStorageIfAvailable({ write(UnsafeRawBufferPointer($0)) }) { return done }
                return Array(className.utf8).withUnsafeBytes { write($0) }
            }
        }
    }

    /// Drops work that will never run because the world is going away. Pending
    /// completions capture the objects they report on (as UIKit's blocks do), which
    /// would otherwise keep the whole world alive in a cycle.
    public func discardPendingWork() {
        clock.discardAll()
        animator.discardAll()
    }

    // MARK: - Run loop

    /// One run-loop turn: work queued for "the next turn" runs, then a layout pass.
    public func turn() {
        clock.runQueued(until: isInterrupted)
        // Q79: a status bar change asked for during layout (a layout callback's
        // setNeedsStatusBarAppearanceUpdate) is asked and laid out in this turn too, a
        // few passes at most (an answer that flips at each pass would go on forever).
        // Q82: a presentation's or dismissal's end, or a new root, may turn the interface.
        if orientationNeedsUpdate { updateInterfaceOrientationAtTurnEnd() }
        var passes = 0
        repeat {
            if statusBarNeedsUpdate { updateStatusBar() }
            statusBarMovedInsets = false
            if window.isVisible { window.layoutIfNeeded() }
            passes += 1
        } while (statusBarNeedsUpdate || statusBarMovedInsets) && passes < 4
        if linter != nil { lintTurnEnded() }
    }

    /// The timers one instant may fire before the run loop gives up on it (a timer that
    /// reschedules itself with no delay), as many as the turns a settle may take.
    public static let maxTurns = 100_000

    /// Advances virtual time, running timers in order, each followed by a turn. Returns
    /// false when timers kept scheduling more at one instant past `maxTurns`.
    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        run(until: VirtualClock.later(clock.now, by: seconds))
    }

    /// Runs until nothing is pending. Returns false when still busy after `maxTurns`
    /// (a script that keeps scheduling work), so the caller can report it. Animations
    /// paused by an interaction controller are not pending: they wait for the script.
    @discardableResult
    public func settle(maxTurns: Int = Simulation.maxTurns) -> Bool {
        var turns = 0
        turn()
        while clock.hasPendingWork {
            turns += 1
            if turns > maxTurns { return false }
            if isInterrupted() { return true }
            if clock.hasQueued { turn(); continue }
            guard let due = clock.nextTimerTime else { break }
            if !run(until: due) { return false }
        }
        return true
    }

    /// Moves the clock to `target`, stopping at each timer (and, with frame sampling,
    /// at each 1/60 s while something animates). False: stuck at one instant.
    func run(until target: Double) -> Bool {
        turn()
        while true {
            var next = clock.nextTimerTime
            let sampling = samplesFrames && !animator.active.isEmpty
            // Past 2^53 / 60 s a 1/60 s step no longer moves the clock: such a run
            // samples at its timers only, rather than forever at one instant.
            let tick = (clock.now * 60 + 1e-9).rounded(.down) / 60 + 1.0 / 60
            if sampling, tick > clock.now { next = min(next ?? tick, tick) }
            // Stopped by a limit or a signal, the clock stays where the work did (the
            // REPL's Ctrl-C keeps the world): timers left are still ahead of it. Not a
            // failure of the run loop: the limit is the caller's to report.
            if isInterrupted() { return true }
            guard let t = next, t <= target + 1e-9 else { break }
            passStops(before: t)
            clock.now = max(clock.now, t)
            // A display refresh at this instant shows the frame before timers due now
            // (an animation's completion) run.
            let k = clock.now * 60
            if sampling, abs(k - k.rounded()) < 1e-6 { sampleFrames() }
            guard clock.runTimers(upTo: clock.now + 1e-9, limit: Self.maxTurns, until: isInterrupted) else { return false }
            turn()
        }
        passStops(before: target)
        clock.now = max(clock.now, target)
        turn()
        return true
    }

    /// One `animation` event per view in flight: its presentation frame and alpha.
    func sampleFrames() {
        for v in animator.viewsInFlight {
            let p = v.presentation
            trace.record(.animation, v, "frame", [("frame", .string(p.frame.description)), ("alpha", .number(p.alpha))])
        }
    }

    /// Records a UIKit console message.
    func warn(_ object: SimObject, _ message: String) {
        trace.record(.warning, object, "warning", message: message)
    }

    /// Records a Nestbox finding where UIKit is silent, outside the lint rules
    /// (Simulation+Lint.swift has the numbered ones).
    public func lint(_ object: SimObject, _ message: String) {
        trace.record(.lint, object, "lint", message: message)
    }
}
