import Containment
import NestboxLua

/// The input and timing models of docs/explore.md: what a user (or the outside world) could
/// do now, read from the world, and when, chosen to land inside the work in flight.
extension SequenceRun {
    /// One frame at 60 Hz, in the milliseconds every wait is written in.
    static let frame = 0.017

    /// None, one frame, an instant inside what is in flight, its last frame, or (at
    /// rest) a moment later; settling sometimes, so sequences reach rest and the
    /// script's invariants are checked between inputs.
    func chooseWait(_ rng: inout ExploreRandom) -> ExploreStep.Wait {
        let now = sim.clock.now
        if let due = sim.nextDue, due > now + 0.001 {
            let span = due - now
            switch rng.pick([25, 15, 30, 15, 15]) {
            case 0: return .none
            case 1: return .seconds(Self.frame)
            case 2: return .seconds(Self.milliseconds(max(0.001, span * rng.unit())))
            case 3: return .seconds(Self.milliseconds(max(0.001, span - 1.0 / 60)))
            default: return .settle
            }
        }
        switch rng.pick([45, 25, 30]) {
        case 0: return .none
        case 1: return .seconds(Self.frame)
        default: return sim.isAtRest ? .seconds(0.5) : .settle
        }
    }

    /// Down to whole milliseconds: the repro writes them exactly and reads clearly.
    static func milliseconds(_ s: Double) -> Double { (s * 1000).rounded(.down) / 1000 }

    /// To 1/8 point: exact in binary and in three decimals.
    static func eighth(_ v: Double) -> Double { (v * 8).rounded() / 8 }

    /// The input and what it reaches (for the repro's comment); nil: nothing can be done.
    func chooseInput(_ rng: inout ExploreRandom) -> (ScriptedInput, String)? {
        let taps = sim.tapTargets()
        // One finger at a time (Q21): a design that leaves one down gets no drags.
        let pans = sim.heldTouch?.isActive == true ? [] : sim.panTargets()
        let actions = runtime.actionNames
        // Weights: taps, drags, the script's actions, rotation, a memory warning.
        let weights = [taps.isEmpty ? 0 : 55, pans.isEmpty ? 0 : 15, actions.isEmpty ? 0 : 15, 7, 8]
        switch rng.pick(weights) {
        case 0:
            let t = taps[rng.below(taps.count)]
            return (.tap(Point(x: Self.eighth(t.point.x), y: Self.eighth(t.point.y))), t.view.objectDescription)
        case 1:
            let p = pans[rng.below(pans.count)]
            return (pan(p, &rng), p.view.objectDescription + (p.edge ? " (from the screen edge)" : ""))
        case 2:
            return (.action(actions[rng.below(actions.count)]), "")
        case 3:
            let others = ["portrait", "landscapeLeft", "landscapeRight"].filter { $0 != sim.screen.deviceOrientation }
            return (.rotate(others[rng.below(others.count)]), "")
        default:
            return (.memoryWarning, "")
        }
    }

    /// A drag from where the target takes it, along one of its directions, 20 to 90 % of
    /// its size either way (an edge pan goes right), slow, normal or a flick.
    private func pan(_ p: (view: View, from: Point, horizontal: Bool, vertical: Bool, edge: Bool),
                     _ rng: inout ExploreRandom) -> ScriptedInput {
        let frame = p.view.windowFrame
        let horizontal = p.horizontal && (!p.vertical || rng.below(2) == 0)
        let extent = horizontal ? frame.size.width : frame.size.height
        var distance = (extent * (0.2 + 0.7 * rng.unit())).rounded()
        if !p.edge, rng.below(2) == 0 { distance = -distance }
        let from = Point(x: Self.eighth(p.from.x), y: Self.eighth(p.from.y))
        // A finger stops at the screen's edge: the drag ends inside the window.
        let size = sim.window.bounds.size
        let to = horizontal ? Point(x: min(max(from.x + distance, 0), size.width - 1), y: from.y)
                            : Point(x: from.x, y: min(max(from.y + distance, 0), size.height - 1))
        let duration = [0.1, 0.25, 0.5][rng.below(3)]
        return .pan(from: from, to: to, duration: duration)
    }
}
