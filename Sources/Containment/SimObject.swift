/// Base of every simulated object: a class name for output, a trace name, the
/// simulation it lives in, and the slot an embedding uses to attach behaviour.
open class SimObject {
    /// The class name printed in descriptions (a script's subclass name, or the UIKit name).
    public let className: String
    /// The trace name: given at creation, else `Class#n`.
    public internal(set) var name: String { didSet { traceNameEpoch = 0 } }
    /// This object's name's id in its trace's storage of `traceNameEpoch` (Trace.record).
    var traceNameID: UInt32 = 0
    var traceNameEpoch: UInt64 = 0
    /// Not retained: no script can collect the Simulation. Its embedding (the Lua
    /// runtime) owns it and closes the Lua state, releasing every object a script
    /// reached, before the Simulation goes; a plain pointer keeps hot paths free of
    /// refcounting, and a strong one would be a cycle through the window.
    public unowned(unsafe) let simulation: Simulation
    /// Behaviour attached by an embedding (the Lua binding): hooks and lifetime.
    public var host: ObjectHost?
    /// Scratch space owned by the host (the binding caches which hooks exist here).
    /// One part of it the core reads (`handle`): while `hostCacheValid` is set and the
    /// upper 32 bits equal `simulation.hostGeneration`, bit n says whether the host
    /// wants the callback of ordinal n.
    public var hostCache: UInt64 = 0
    public static var hostCacheValid: UInt64 { 1 << 30 }
    /// The host's index for this object's script value (0: none yet): scratch like
    /// `hostCache`, which the core never reads. A stale index is the host's to detect.
    public var hostSlot: UInt32 = 0
    var wasOwned = false
    /// Retained, unlike `simulation`: a deinit must reach it whatever goes first.
    let memory: MemoryMeter
    /// Where back-references to this object are looked up (Q56); retained for the
    /// same reason as `memory`.
    let objects: ObjectTable
    /// This object's slot in `objects`, taken when the first link to it is made.
    var slot = UInt32.max
    /// Counted in `memory` for this object: its own size and the strings it holds.
    private var heldBytes: Int

    public init(simulation: Simulation, className: String, name: String? = nil) {
        self.simulation = simulation
        self.className = className
        // n counts every instance of the class, named or not (README.md, The trace).
        let generated = simulation.makeName(for: className)
        self.name = name ?? generated
        memory = simulation.memory
        objects = simulation.objects
        heldBytes = MemoryMeter.objectBytes + MemoryMeter.heapBytes(self.name)
        memory.add(heldBytes)
    }

    deinit {
        memory.add(-heldBytes)
        // Q56: from here no link resolves to this object.
        if slot != .max { objects.vacate(slot) }
    }

    /// `new`, a string this object keeps in place of `old` (a label's text, a title):
    /// its bytes count toward a host's memory limit for as long as the object has it.
    @inline(__always)
    public final func hold(_ new: String?, replacing old: String?) -> String? {
        let delta = MemoryMeter.heapBytes(new) - MemoryMeter.heapBytes(old)
        if delta != 0 {
            heldBytes += delta
            memory.add(delta)
        }
        return new
    }

    @inline(__always)
    public final func hold(_ new: String, replacing old: String) -> String {
        _ = hold(Optional(new), replacing: Optional(old))
        return new
    }

    /// `<Class: name>`, UIKit's `<Class: 0xADDR>` made deterministic.
    public var objectDescription: String { "<\(className): \(name)>" }

    /// Whether something in the simulated world holds this object (a parent, a
    /// superview, a window). Subclasses say what counts.
    open var isOwned: Bool { false }

    /// Tells the host when the object gains or loses its last owner, so a binding can
    /// keep script-side state alive exactly as long as the simulated world needs it.
    func ownershipMayHaveChanged() {
        let owned = isOwned
        if owned != wasOwned {
            wasOwned = owned
            host?.ownershipChanged(of: self, owned: owned)
        }
    }

    @inline(__always) var trace: Trace { simulation.trace }

    /// The override point for callbacks: runs after UIKit's own work. The default
    /// hands the callback to the host (the Lua binding); Swift subclasses override.
    open func handle(_ hook: Hook) {
        // A callback the host has said it does not want is not handed to it: most
        // callbacks have no hook, and the call into the host for them was about a
        // seventh of a containment cycle (issue 18).
        if let bit = hook.hostCacheBit {
            let c = hostCache
            if c & (bit | SimObject.hostCacheValid) == SimObject.hostCacheValid,
               UInt32(truncatingIfNeeded: c >> 32) == simulation.hostGeneration { return }
        }
        host?.run(hook, on: self)
    }
}

/// What an embedding attaches to an object. The core calls it after doing UIKit's
/// own work, so a hook never replaces the base behaviour (README.md, The Lua API).
public protocol ObjectHost: AnyObject {
    func run(_ hook: Hook, on object: SimObject)
    /// Runs a replacing `loadView` if the script defines one; returns false if not.
    func loadView(for controller: ViewController) -> Bool
    func ownershipChanged(of object: SimObject, owned: Bool)
    /// A replacing `sizeForChildContentContainer`, if the script defines one.
    func size(forChild child: ViewController, of parent: ViewController, parentSize: Size) -> Size?
}

/// The callbacks UIKit makes on controllers and views.
public enum Hook {
    case viewDidLoad
    case viewWillAppear(animated: Bool)
    case viewIsAppearing(animated: Bool)
    case viewDidAppear(animated: Bool)
    case viewWillDisappear(animated: Bool)
    case viewDidDisappear(animated: Bool)
    case viewWillLayoutSubviews
    case viewDidLayoutSubviews
    case willMove(toParent: ViewController?)
    case didMove(toParent: ViewController?)
    case didReceiveMemoryWarning
    case viewWillTransition(size: Size, coordinator: TransitionCoordinator)
    case traitCollectionDidChange(previous: TraitCollection)
    case willTransitionToTraits(TraitCollection, coordinator: TransitionCoordinator)
    case viewSafeAreaInsetsDidChange
    // views
    case layoutSubviews
    case didMoveToSuperview
    case didMoveToWindow
    case safeAreaInsetsDidChange
    // controls, gesture recognizers, scroll views (looked up by the host directly)
    case controlEvent(String)
    case gestureAction
    case didScroll
    case didSelectItem(TabBarItem)
    case didSelectRow(Int)

    /// A small stable number per callback (for hosts that cache which hooks exist).
    public var ordinal: Int {
        switch self {
        case .viewDidLoad: return 0
        case .viewWillAppear: return 1
        case .viewIsAppearing: return 2
        case .viewDidAppear: return 3
        case .viewWillDisappear: return 4
        case .viewDidDisappear: return 5
        case .viewWillLayoutSubviews: return 6
        case .viewDidLayoutSubviews: return 7
        case .willMove: return 8
        case .didMove: return 9
        case .didReceiveMemoryWarning: return 10
        case .layoutSubviews: return 11
        case .didMoveToSuperview: return 12
        case .didMoveToWindow: return 13
        case .viewWillTransition: return 14
        case .traitCollectionDidChange: return 15
        case .controlEvent: return 16
        case .gestureAction: return 17
        case .didScroll: return 18
        case .didSelectItem: return 19
        case .didSelectRow: return 20
        case .willTransitionToTraits: return 21
        case .viewSafeAreaInsetsDidChange: return 22
        case .safeAreaInsetsDidChange: return 23
        }
    }

    /// The callback's bit in `SimObject.hostCache`; nil for the callbacks a host looks
    /// up by other means (controls' actions, gestures, delegates), which always reach it.
    public var hostCacheBit: UInt64? {
        switch self {
        case .controlEvent, .gestureAction, .didScroll, .didSelectItem, .didSelectRow: return nil
        default: return 1 << UInt64(ordinal)
        }
    }

    /// Every hook name, indexed by `ordinal`. Computed: a stored array would be shared by
    /// every simulation's thread (Q55).
    public static var names: [String] { (0..<count).map(name(ordinal:)) }
    static let count = 24

    public var name: String { Hook.name(ordinal: ordinal) }

    /// A switch, not a table: literals only, nothing reference-counted (Q55).
    public static func name(ordinal: Int) -> String {
        switch ordinal {
        case 0: "viewDidLoad"
        case 1: "viewWillAppear"
        case 2: "viewIsAppearing"
        case 3: "viewDidAppear"
        case 4: "viewWillDisappear"
        case 5: "viewDidDisappear"
        case 6: "viewWillLayoutSubviews"
        case 7: "viewDidLayoutSubviews"
        case 8: "willMove"
        case 9: "didMove"
        case 10: "didReceiveMemoryWarning"
        case 11: "layoutSubviews"
        case 12: "didMoveToSuperview"
        case 13: "didMoveToWindow"
        case 14: "viewWillTransition"
        case 15: "traitCollectionDidChange"
        case 16: "controlEvent"
        case 17: "gestureAction"
        case 18: "didScroll"
        case 19: "didSelectItem"
        case 20: "didSelectRow"
        case 21: "willTransition"
        case 22: "viewSafeAreaInsetsDidChange"
        default: "safeAreaInsetsDidChange"
        }
    }
}

