/// Base of every simulated object: a class name for output, a trace name, the
/// simulation it lives in, and the slot an embedding uses to attach behaviour.
open class SimObject {
    /// The class name printed in descriptions (a script's subclass name, or the UIKit name).
    public let className: String
    /// The trace name: given at creation, else `Class#n` (with a part's suffix, for a
    /// controller's default view). A default name is kept as its class and number until
    /// it is first read as a string: it was a 64-byte string twice for every controller,
    /// a tenth of a large tree's memory, and the printers and the trace write it from
    /// its parts (docs/performance.md). Once read, it is kept written out (and counted),
    /// so a name read again and again (messages, a pushed controller's argument) is made
    /// once.
    public var name: String {
        if nameNumber == 0 { return nameText }
        let written = Simulation.name(nameText, Int(nameNumber), namePart.suffix)
        (nameText, nameNumber, namePart) = (written, 0, .none)
        let bytes = MemoryMeter.heapBytes(written)
        heldBytes += bytes
        memory.add(bytes)
        return written
    }
    /// The name; for a numbered one not yet read, the class its `Class#n` names.
    private(set) var nameText: String
    /// This object's name's id in its trace's storage of `traceNameEpoch` (Trace.record).
    var traceNameID: UInt32 = 0
    /// This object's slot in `objects`, taken when the first link to it is made.
    /// (Fields are laid out in the order written: the 4-byte ones side by side.)
    var slot = UInt32.max
    var traceNameEpoch: UInt64 = 0
    /// Not retained: no script can collect the Simulation. Its embedding (the Lua
    /// runtime) owns it and closes the Lua state, releasing every object a script
    /// reached, before the Simulation goes; a plain pointer keeps hot paths free of
    /// refcounting, and a strong one would be a cycle through the window.
    public unowned(unsafe) let simulation: Simulation
    /// Behaviour attached by an embedding (the Lua binding): hooks and lifetime.
    public final var host: ObjectHost?
    /// The host's answer to "which overrides do you have", and its own state bits:
    /// laid out, whole, in `HostCache` (Hosting/HostCache.swift).
    public final var hostCache: UInt64 = 0
    /// The host's index for this object's script value (0: none yet): scratch like
    /// `hostCache`, which the core never reads. A stale index is the host's to detect.
    public final var hostSlot: UInt32 = 0
    /// The generation of `hostCache`'s answer (HostCache).
    public final var hostCacheGeneration: UInt32 = 0
    /// Retained, unlike `simulation`: a deinit must reach it whatever goes first.
    let memory: MemoryMeter
    /// Where back-references to this object are looked up (Q56); retained for the
    /// same reason as `memory`.
    let objects: ObjectTable
    /// Counted in `memory` for this object: its own size and the strings it holds.
    private var heldBytes: Int
    /// n of `Class#n`, 0 for a given name; and the part's suffix after it.
    private(set) var nameNumber: UInt32
    private(set) var namePart: NamePart
    var wasOwned = false
    /// Whether this object's class acts on callbacks itself (`actsOnCallbacks`), read
    /// once at creation: `notify` skips the call only when neither it nor the host would.
    private var modelActs = false

    public init(simulation: Simulation, className: String, name: String? = nil) {
        self.simulation = simulation
        self.className = className
        (nameText, nameNumber, namePart) = Self.naming(simulation, className, name, nil, .none)
        memory = simulation.memory
        objects = simulation.objects
        heldBytes = MemoryMeter.objectBytes + MemoryMeter.heapBytes(nameText)
        memory.add(heldBytes)
        modelActs = Self.actsOnCallbacks
    }

    /// An object named as a part of `owner`: its name and `part`'s suffix (`menu.view`,
    /// `ViewController#3.view`, the latter kept as the owner's class and number).
    public init(simulation: Simulation, className: String, partOf owner: SimObject, part: NamePart) {
        self.simulation = simulation
        self.className = className
        (nameText, nameNumber, namePart) = Self.naming(simulation, className, nil, owner, part)
        memory = simulation.memory
        objects = simulation.objects
        heldBytes = MemoryMeter.objectBytes + MemoryMeter.heapBytes(nameText)
        memory.add(heldBytes)
        modelActs = Self.actsOnCallbacks
    }

    /// The name's parts: n counts every instance of the class, named or not (README.md,
    /// The trace), passing over a number a given name took; a number past 32 bits is
    /// written out.
    private static func naming(_ simulation: Simulation, _ className: String, _ name: String?,
                               _ owner: SimObject?, _ part: NamePart) -> (String, UInt32, NamePart) {
        if let name {
            _ = simulation.nameNumber(for: className)
            simulation.noteGivenName(name)
            return (name, 0, .none)
        }
        if let owner {
            _ = simulation.nameNumber(for: className)
            if owner.nameNumber != 0, owner.namePart == .none { return (owner.nameText, owner.nameNumber, part) }
            return (owner.name + part.suffix.description, 0, .none)
        }
        let n = simulation.defaultNumber(for: className)
        if let small = UInt32(exactly: n) { return (className, small, .none) }
        return (Simulation.name(className, n), 0, .none)
    }

    deinit {
        memory.add(-heldBytes)
        // Q56: from here no link resolves to this object.
        if slot != .max { objects.vacate(slot) }
    }

    /// The storage in `slot`, made on first use and counted for the rest of this
    /// object's life (ViewExtras, ControllerExtras).
    final func extras<E: ObjectExtras>(_ slot: inout E?) -> E {
        if let made = slot { return made }
        let made = E()
        slot = made
        heldBytes += E.bytes
        memory.add(E.bytes)
        return made
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

    /// The method whose override, or the hook, the host is running on this object, if
    /// any: its super call (the bound method, called from the override) then runs
    /// UIKit's implementation as the model would have, not as a script's own call; a
    /// hook's super call does nothing more, as the model ran UIKit's part before the
    /// hook (policy Q76).
    public final internal(set) var overriding: Override?

    /// Hands `call` to the script's override, if its class has one; false if not.
    func runsOverride(_ call: MethodCall) -> Bool {
        let override = call.override
        if HostCache.declines(override, self, generation: simulation.hostGeneration) { return false }
        guard let host else { return false }
        let outer = overriding
        overriding = override
        defer { overriding = outer }
        return host.override(call, on: self)
    }

    /// Whether the class overrides `handle` to act on callbacks itself (a container
    /// laying out its chrome): every class that overrides `handle` says so, and
    /// `CallbackGateTests` checks that each in the model does. A subclass elsewhere (a
    /// test's double) must say so too: one that does not never has its `handle` called.
    open class var actsOnCallbacks: Bool { false }

    /// A callback from the model: `handle` when the object's class acts on callbacks;
    /// else straight to the host, unless its answer declines. Most callbacks have
    /// neither, and the open call with the `Hook` it carries was about fifty
    /// instructions each, seventeen a containment cycle; a hook's call through `handle`
    /// asked the host's answer twice (docs/performance.md).
    @inline(__always)
    final func notify(_ hook: Hook) {
        if modelActs { return handle(hook) }
        let override = hook.override
        if HostCache.declines(override, self, generation: simulation.hostGeneration) { return }
        callHost(hook, override)
    }

    /// The host's run of a hook, with `overriding` saying which hook runs (Q76: a call
    /// of the bound method of that name on this object, from the hook, is its super
    /// call).
    final func callHost(_ hook: Hook, _ override: Override) {
        guard let host else { return }
        running(override) { host.run(hook, override, on: self) }
    }

    /// `body` with `overriding` saying `override` runs (Q76), as a hook the host is asked
    /// for (`loadView`, `sizeForChildContentContainer`) runs.
    @inline(__always)
    final func running<T>(_ override: Override, _ body: () -> T) -> T {
        let outer = overriding
        overriding = override
        defer { overriding = outer }
        return body()
    }

    /// The override point for callbacks: runs after UIKit's own work. The default
    /// hands the callback to the host (the Lua binding); Swift subclasses override,
    /// and say so (`actsOnCallbacks`).
    open func handle(_ hook: Hook) {
        // A callback the host has said it does not want is not handed to it: most
        // callbacks have no hook, and the call into the host for them was about a
        // seventh of a containment cycle (docs/performance.md).
        let override = hook.override
        if HostCache.declines(override, self, generation: simulation.hostGeneration) { return }
        callHost(hook, override)
    }
}

/// Fields of an object that most instances keep at their defaults, made when one is
/// set (`SimObject.extras`).
protocol ObjectExtras: AnyObject {
    init()
    /// The size as the memory cap counts it: the object as allocated.
    static var bytes: Int { get }
}

/// What follows a numbered name for an object named as a part of another
/// (`SimObject.init(partOf:)`): the one part Nestbox makes for every controller.
public enum NamePart: UInt8, Sendable {
    case none, view

    var suffix: StaticString {
        switch self {
        case .none: ""
        case .view: ".view"
        }
    }
}
