/// What UITapGestureRecognizer, UIPanGestureRecognizer and
/// UIScreenEdgePanGestureRecognizer share; one subclass per kind (below), so each kind
/// is a class of its own, as in UIKit.
public class GestureRecognizer: SimObject {
    public enum Kind: String, Sendable { case tap, pan, screenEdgePan }
    public enum State: String, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// Where a recognition attempt ends (Apple's page for `reset()`).
        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    public let kind: Kind
    /// For screen-edge pans: "left" or "right". Set, it is the edge, also for the
    /// built-in interactive pop's, which follows the layout direction until then.
    public var edges = "left" { didSet { leadingEdge = false } }
    /// The built-in interactive pop's: the leading edge, the right one right to left (Q74).
    var leadingEdge = false
    /// The edge a screen-edge pan starts from now.
    public var effectiveEdges: String {
        guard leadingEdge else { return edges }
        return view?.isRightToLeft == true ? "right" : "left"
    }
    /// Apple's page for isEnabled: turned off while it recognizes, the recognizer goes to
    /// `cancelled` (its action runs), and the finger's later moves reach it no more.
    public var isEnabled = true {
        didSet {
            guard !isEnabled, state == .began || state == .changed else { return }
            // Turned off from its own action (or from what the action sets off, as a
            // pop's viewWillAppear): the cancel follows once that action returns, so a
            // behaviour begun by it (the pop's transition) is in place to be cancelled.
            if sending { cancelWhenSent = true } else { send(.cancelled) }
        }
    }
    private var sending = false
    private var resetPending = false
    private var cancelWhenSent = false
    public internal(set) var state = State.possible
    public internal(set) var translation = Point.zero
    public internal(set) var velocity = Point.zero
    public internal(set) var location = Point.zero
    /// Weak, as UIKit's is unretained: a script can keep a recognizer whose view is
    /// collected. The view's deinit also clears it, so the recognizer hears of it.
    public internal(set) weak var view: View?
    /// A scroll view's own pan (`ScrollView.panGestureRecognizer`): the scroll view
    /// drives it, and a pan finds the scroll view rather than it (Q64).
    var isScrollViewPan = false
    /// A built-in behaviour (a navigation controller's edge swipe), run before the host's.
    var onAction: ((GestureRecognizer) -> Void)?
    /// A built-in delegate's gestureRecognizerShouldBegin: false and the recognizer does
    /// not take the touch, which goes on to the views below (a navigation controller's
    /// edge swipe with only its root, or while a transition runs).
    var shouldBegin: (() -> Bool)?

    init(simulation: Simulation, kind: Kind, className: String? = nil, name: String? = nil) {
        self.kind = kind
        let className = className ?? ["tap": "TapGestureRecognizer", "pan": "PanGestureRecognizer",
                                      "screenEdgePan": "ScreenEdgePanGestureRecognizer"][kind.rawValue] ?? "GestureRecognizer"
        super.init(simulation: simulation, className: className, name: name)
    }

    public override var isOwned: Bool { view != nil }

    /// Moves to `state` and runs the action, as UIKit does on each state change.
    func send(_ newState: State) {
        state = newState
        simulation.trace.record(.input, self, newState.rawValue,
                                [("translation", .string("(\(formatNumber(translation.x)) \(formatNumber(translation.y)))"))])
        let outer = sending
        sending = true
        onAction?(self)
        host?.send(.action, from: self)
        sending = outer
        if !outer, cancelWhenSent {
            cancelWhenSent = false
            if state == .began || state == .changed { send(.cancelled) }
        }
        if state.isTerminal { scheduleReset() }
    }

    /// Apple's pages for `reset()` and `recognized`: after a terminal state the
    /// recognizer returns to `possible`, at the end of the run-loop turn, its
    /// translation and velocity cleared, ready for the next gesture (one that began
    /// meanwhile keeps its state).
    private func scheduleReset() {
        guard !resetPending else { return }
        resetPending = true
        simulation.clock.enqueue { [weak self] in
            guard let self else { return }
            self.resetPending = false
            guard self.state.isTerminal else { return }
            self.state = .possible
            self.translation = .zero
            self.velocity = .zero
        }
    }
}

public final class TapGestureRecognizer: GestureRecognizer {
    public init(simulation: Simulation, className: String? = nil, name: String? = nil) {
        super.init(simulation: simulation, kind: .tap, className: className, name: name)
    }
}

public final class PanGestureRecognizer: GestureRecognizer {
    public init(simulation: Simulation, className: String? = nil, name: String? = nil) {
        super.init(simulation: simulation, kind: .pan, className: className, name: name)
    }
}

public final class ScreenEdgePanGestureRecognizer: GestureRecognizer {
    public init(simulation: Simulation, className: String? = nil, name: String? = nil) {
        super.init(simulation: simulation, kind: .screenEdgePan, className: className, name: name)
    }
}

extension View {
    public func addGestureRecognizer(_ g: GestureRecognizer) {
        g.view?.gestureRecognizers.removeAll { $0 === g }
        gestureRecognizers.append(g)
        g.view = self
        g.ownershipMayHaveChanged()
    }

    public func removeGestureRecognizer(_ g: GestureRecognizer) {
        guard g.view === self else { return }
        gestureRecognizers.removeAll { $0 === g }
        g.view = nil
        g.ownershipMayHaveChanged()
    }
}
