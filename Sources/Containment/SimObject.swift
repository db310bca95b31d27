/// Base of every simulated object: a class name for output, a trace name, the
/// simulation it lives in, and the slot an embedding uses to attach behaviour.
open class SimObject {
    /// The class name printed in descriptions (a script's subclass name, or the UIKit name).
    public let className: String
    /// The trace name: given at creation, else `Class#n`.
    public internal(set) var name: String
    public private(set) weak var simulation: Simulation?
    /// Behaviour attached by an embedding (the Lua binding): hooks and lifetime.
    public weak var host: ObjectHost?
    var wasOwned = false

    public init(simulation: Simulation, className: String, name: String? = nil) {
        self.simulation = simulation
        self.className = className
        // n counts every instance of the class, named or not (DESIGN.md §2).
        let generated = simulation.makeName(for: className)
        self.name = name ?? generated
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

    var trace: Trace? { simulation?.trace }

    /// The override point for callbacks: runs after UIKit's own work. The default
    /// hands the callback to the host (the Lua binding); Swift subclasses override.
    open func handle(_ hook: Hook) {
        host?.run(hook, on: self)
    }
}

/// What an embedding attaches to an object. The core calls it after doing UIKit's
/// own work, so a hook never replaces the base behaviour (DESIGN.md §3.1).
public protocol ObjectHost: AnyObject {
    func run(_ hook: Hook, on object: SimObject)
    /// Runs a replacing `loadView` if the script defines one; returns false if not.
    func loadView(for controller: ViewController) -> Bool
    func ownershipChanged(of object: SimObject, owned: Bool)
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
    // views
    case layoutSubviews
    case didMoveToSuperview
    case didMoveToWindow

    public var name: String {
        switch self {
        case .viewDidLoad: return "viewDidLoad"
        case .viewWillAppear: return "viewWillAppear"
        case .viewIsAppearing: return "viewIsAppearing"
        case .viewDidAppear: return "viewDidAppear"
        case .viewWillDisappear: return "viewWillDisappear"
        case .viewDidDisappear: return "viewDidDisappear"
        case .viewWillLayoutSubviews: return "viewWillLayoutSubviews"
        case .viewDidLayoutSubviews: return "viewDidLayoutSubviews"
        case .willMove: return "willMove"
        case .didMove: return "didMove"
        case .didReceiveMemoryWarning: return "didReceiveMemoryWarning"
        case .layoutSubviews: return "layoutSubviews"
        case .didMoveToSuperview: return "didMoveToSuperview"
        case .didMoveToWindow: return "didMoveToWindow"
        }
    }
}

