/// Options of `ui.animate` (UIView.AnimationOptions, the ones Nestbox models).
public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 0)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 1)
}

/// One `animate` call: the property animations it made share its timing and completion.
public final class AnimationGroup {
    public let id: Int
    public let duration: Double
    public let delay: Double
    public let curve: TimingCurve
    public let options: AnimationOptions
    let startTime: Double
    var completion: ((Bool) -> Void)?
    public internal(set) var views: [View] = []
    var animationCount = 0
    public internal(set) var isDone = false
    /// Interactive driving: a fixed fraction while paused…
    var pausedFraction: Double?
    /// …then a timed run from one fraction to another (finish, or a cancel's reverse).
    var segment: (start: Double, from: Double, to: Double, duration: Double)?
    /// Set when a cancelled interactive group must put the start values back.
    var restoresOnEnd = false
    /// Run back, it still leaves the values it set (a transition coordinator's alongside
    /// animations: UIKit's model keeps them, and a completion restores them, Q80).
    var keepsValuesWhenReversed = false
    /// A view transition's style (`UIView.transition`): its views show the transition
    /// rather than property animations.
    public internal(set) var transition: ViewTransitionStyle?

    init(id: Int, duration: Double, delay: Double, curve: TimingCurve, options: AnimationOptions,
         startTime: Double, completion: ((Bool) -> Void)?) {
        self.id = id; self.duration = duration; self.delay = delay; self.curve = curve
        self.options = options; self.startTime = startTime; self.completion = completion
    }

    /// Linear time fraction 0…1 at `now`.
    func timeFraction(_ now: Double) -> Double {
        if let f = pausedFraction { return f }
        if let s = segment {
            let k = s.duration > 0 ? min(1, max(0, (now - s.start) / s.duration)) : 1
            return s.from + (s.to - s.from) * k
        }
        guard duration > 0 else { return 1 }
        return min(1, max(0, (now - startTime) / duration))
    }

    /// Curve progress at `now` (a spring may pass 1).
    func progress(_ now: Double) -> Double {
        curve.value(at: timeFraction(now), duration: duration)
    }

    /// The same, for a report that draws the frames between events itself (README.md,
    /// The HTML report): a view's presentation is its model plus each of its animations'
    /// delta × (1 − its group's progress).
    public func progress(at now: Double) -> Double { progress(now) }
}

/// A property of one view moving: presentation = model + delta × (1 − progress).
final class PropertyAnimation {
    let group: AnimationGroup
    let property: AnimatableProperty
    let delta: AnimationValue
    init(group: AnimationGroup, property: AnimatableProperty, delta: AnimationValue) {
        self.group = group; self.property = property; self.delta = delta
    }
}

/// Runs UIView-style block animations on the virtual clock.
public final class Animator {
    /// Unowned: the Simulation owns its animator and dies with it; no script can
    /// collect either (a strong reference would be a cycle).
    unowned(unsafe) let simulation: Simulation
    var recording: [(group: AnimationGroup, changes: [(View, AnimatableProperty, AnimationValue)])] = []
    public internal(set) var active: [AnimationGroup] = []
    var nextID = 1
    /// Groups of view transitions in flight (Animator+Transition.swift): hit-testing asks
    /// only while there are some.
    var transitions: [AnimationGroup] = []
    /// Interaction controllers collecting the animations an animator starts.
    var capturing: [PercentDrivenInteractiveTransition] = []

    init(simulation: Simulation) { self.simulation = simulation }

    public var isRecording: Bool { !recording.isEmpty }

    func discardAll() {
        // A view and its in-flight animations point at each other through the group.
        for group in active + recording.map(\.group) {
            group.completion = nil
            for view in group.views { view.animations.removeAll() }
            group.views.removeAll()
        }
        active.removeAll()
        transitions.removeAll()
        recording.removeAll()
        capturing.removeAll()
    }

    /// `UIView.animate`: the model changes inside `animations` at once; the views'
    /// presentation follows the curve; `completion(finished)` runs at the end (on the
    /// next run-loop turn when nothing animates). `interactive` starts it paused at 0,
    /// for an interaction controller to drive.
    @discardableResult
    public func animate(duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut,
                        options: AnimationOptions = [], interactive: Bool = false,
                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) -> AnimationGroup {
        let sim = simulation
        let group = AnimationGroup(id: nextID, duration: max(0, duration), delay: max(0, delay), curve: curve,
                                   options: options, startTime: sim.clock.now + max(0, delay), completion: completion)
        nextID += 1
        let driver = capturing.last
        let interactive = interactive || driver != nil
        if interactive { group.pausedFraction = driver?.percentComplete ?? 0 }
        recording.append((group, []))
        animations()
        let changes = recording.removeLast().changes
        if group.duration > 0 || interactive {
            for (view, property, old) in changes { add(view, property, from: old, in: group) }
        }
        if group.animationCount == 0 {
            // Nothing moves: UIKit still calls the completion, asynchronously.
            group.isDone = true
            sim.clock.enqueue { completion?(true) }
            return group
        }
        active.append(group)
        sim.trace.record(.animation, "animation#\(group.id)", "begin",
                         [("duration", .number(group.duration)), ("curve", .string(curve.name)),
                          ("views", .string(group.views.map(\.name).joined(separator: ", ")))])
        if let driver {
            driver.groups.append(group)
        } else if !interactive {
            sim.clock.schedule(after: group.delay + group.duration) { self.finish(group, finished: true) }
        }
        return group
    }

    /// Called by a view before an animatable property changes.
    func willChange(_ view: View, _ property: AnimatableProperty) {
        guard !recording.isEmpty else { return }
        let i = recording.count - 1
        if recording[i].changes.contains(where: { $0.0 === view && $0.1 == property }) { return }
        recording[i].changes.append((view, property, view.animationValue(property)))
    }

    private func add(_ view: View, _ property: AnimatableProperty, from old: AnimationValue, in group: AnimationGroup) {
        let new = view.animationValue(property)
        guard old != new else { return }
        var from = old
        if group.options.contains(.beginFromCurrentState) {
            // Policy: with beginFromCurrentState the new animation starts where the
            // view is on screen and replaces the ones in flight (their completions get
            // finished = false). Without it animations add up, as UIKit's have since
            // iOS 8: the view keeps moving smoothly toward the newest model value.
            from = view.presentationValue(property, model: old)
            let replaced = view.animations.filter { $0.property == property }
            view.animations.removeAll { $0.property == property }
            for a in replaced {
                a.group.animationCount -= 1
                if a.group.animationCount == 0 && !a.group.isDone { finish(a.group, finished: false) }
            }
        }
        view.animations.append(PropertyAnimation(group: group, property: property, delta: from - new))
        group.animationCount += 1
        if !group.views.contains(where: { $0 === view }) { group.views.append(view) }
    }

    /// Ends a group: its animations leave their views, then the completion runs.
    func finish(_ group: AnimationGroup, finished: Bool) {
        guard !group.isDone else { return }
        group.isDone = true
        for v in group.views {
            if group.restoresOnEnd {
                for a in v.animations where a.group === group {
                    v.setAnimationValue(a.property, v.animationValue(a.property) + a.delta)
                }
            }
            v.animations.removeAll { $0.group === group }
        }
        active.removeAll { $0 === group }
        if group.transition != nil { transitions.removeAll { $0 === group } }
        simulation.trace.record(.animation, "animation#\(group.id)", "end", [("finished", .bool(finished))])
        let completion = group.completion
        group.completion = nil
        completion?(finished)
    }

    // MARK: - Interactive driving (UIPercentDrivenInteractiveTransition's engine)

    public func setFraction(_ group: AnimationGroup, _ f: Double) {
        guard !group.isDone else { return }
        group.pausedFraction = min(1, max(0, f))
    }

    /// Runs the rest of the group at its own speed from where it stands.
    public func resume(_ group: AnimationGroup, reversed: Bool) {
        guard !group.isDone else { return }
        let now = simulation.clock.now
        let f = group.timeFraction(now)
        group.pausedFraction = nil
        let target = reversed ? 0.0 : 1.0
        let remaining = abs(target - f) * group.duration
        group.segment = (now, f, target, remaining)
        group.restoresOnEnd = reversed && !group.keepsValuesWhenReversed
        simulation.clock.schedule(after: remaining) { self.finish(group, finished: true) }
    }

    /// Views with animations in flight at `now`.
    public var viewsInFlight: [View] {
        var seen = Set<ObjectIdentifier>(), views: [View] = []
        for g in active where !g.isDone {
            for v in g.views where seen.insert(ObjectIdentifier(v)).inserted { views.append(v) }
        }
        return views
    }
}
