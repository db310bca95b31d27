import Testing
import Containment

/// A controller whose callbacks run a closure: the Swift side of "hooks".
final class Probe: ViewController {
    var onHook: ((Probe, Hook) -> Void)?
    var notes: [String] = []

    init(_ sim: Simulation, _ name: String, onHook: ((Probe, Hook) -> Void)? = nil) {
        self.onHook = onHook
        super.init(simulation: sim, className: "ViewController", name: name)
    }

    override class var actsOnCallbacks: Bool { true }
    override func handle(_ hook: Hook) { onHook?(self, hook) }
}

/// Compares the lifecycle/containment/delegate lines since the last mark.
func expectTrace(_ sim: Simulation, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let diff = traceMismatch(expected: expected, actual: sim.trace.sinceMark) {
        Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
}

func lines(_ sim: Simulation, _ kind: TraceKind) -> [String] {
    sim.trace.sinceMark.filter { $0.kind == kind }.map(\.body)
}

/// A simulation whose window shows `root`, with the trace marked after it appeared.
func onScreen(_ root: ViewController) throws -> Simulation {
    let sim = root.simulation
    try sim.window.setRootViewController(root)
    sim.window.makeKeyAndVisible()
    sim.trace.mark(nil)
    return sim
}

/// A host that records what the core sends it (controls' and gestures' target-actions)
/// and, as a scroll view's delegate, its scrolls.
final class RecordingHost: ObjectHost, ScrollViewDelegate {
    var log: [String] = []
    func run(_ hook: Hook, _ override: Override, on object: SimObject) {}
    func send(_ action: TargetAction, from sender: SimObject) {
        switch action {
        case .control(let e): log.append("\(sender.name).\(e.rawValue)")
        case .action:
            if let g = sender as? GestureRecognizer {
                log.append("\(g.name).\(g.state.rawValue) \(formatNumber(g.translation.x)),\(formatNumber(g.translation.y))")
            }
        }
    }
    func didScroll(_ scrollView: ScrollView) { log.append("\(scrollView.name).didScroll") }
    func loadView(for controller: ViewController) -> Bool { false }
    func ownershipChanged(of object: SimObject, owned: Bool) {}
    func size(forChild child: ViewController, of parent: ViewController, parentSize: Size) -> Size? { nil }
}

/// Adds `child` to `parent` by the containment protocol: addChild, addSubview, didMove.
func embed(_ child: ViewController, in parent: ViewController, frame: Rect? = nil) throws {
    try parent.addChild(child)
    if let frame { child.view.frame = frame }
    try parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
}
