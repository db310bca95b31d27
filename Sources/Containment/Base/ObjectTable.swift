import CSwiftRuntime

/// A back-reference (a view's superview, a controller's parent, a view's owning
/// controller) that keeps no count on its target and never dangles (Q56).
///
/// UIKit's back-pointers are unretained, and a script can let Lua collect a parent
/// while it keeps the child, so the link must answer nil once the target is gone. A
/// `weak` reference does that, but the first one formed to an object moves the
/// object's counts into a side table for good, and every retain and release after
/// that takes the runtime's slow path: about a third of a containment cycle (the profile
/// in docs/performance.md). A link names a slot of the simulation's `ObjectTable` and the slot's
/// generation instead; the table holds the only unretained pointers, and the one place
/// that empties a slot is the target's own deinit.
public struct ObjectLink<Target: SimObject> {
    fileprivate var slot = ObjectTable.noSlot
    fileprivate var generation: UInt32 = 0

    public init() {}
}

/// The simulation's table of objects that back-references point to (Q56).
///
/// Why a pointer in it never dangles: an object gets a slot only when a link to it is
/// made, and `SimObject.deinit`, which every object runs, empties that slot and bumps
/// its generation, so every link made before then stops matching. An object whose
/// deinit has begun (its subclasses' deinits run before `SimObject`'s) is answered as
/// nil, as a weak reference would be, using the runtime's own test. Each object holds
/// its table strongly (as it holds its `MemoryMeter`), so a deinit reaches it whatever
/// goes first; the table is used on the simulation's one thread only.
public final class ObjectTable {
    fileprivate static let noSlot: UInt32 = .max

    private struct Entry {
        var object: Unmanaged<SimObject>?
        var generation: UInt32
    }

    private var entries: ContiguousArray<Entry> = []
    private var vacant: [UInt32] = []

    init() {}

    /// A link to `target`, giving it a slot on first use. A target of another
    /// simulation gets no link (a script reaches one simulation only).
    func link<T: SimObject>(to target: T?) -> ObjectLink<T> {
        guard let target, target.objects === self else { return ObjectLink() }
        if target.slot == Self.noSlot { target.slot = occupy(target) }
        guard target.slot != Self.noSlot else { return ObjectLink() }
        var link = ObjectLink<T>()
        link.slot = target.slot
        link.generation = entries[Int(target.slot)].generation
        return link
    }

    /// The target, or nil once its deinit has begun.
    @inline(__always)
    func resolve<T: SimObject>(_ link: ObjectLink<T>) -> T? {
        let i = Int(link.slot)
        guard i < entries.count else { return nil }
        let entry = entries[i]
        guard entry.generation == link.generation, let object = entry.object,
              !swift_isDeallocating(object.toOpaque()) else { return nil }
        // The generation matched, so this is the very object `link(to:)` was given,
        // and that was a `T`. Cast from the pointer: `takeUnretainedValue` made the
        // retain of the result an atomic one, which single-threaded counting leaves
        // alone (docs/performance.md).
        return unsafeBitCast(object.toOpaque(), to: T.self)
    }

    /// Called by `SimObject.deinit` only.
    func vacate(_ slot: UInt32) {
        let i = Int(slot)
        guard i < entries.count else { return }
        entries[i].object = nil
        // A slot whose generation would wrap is retired rather than reused, so an old
        // link can never match a new object.
        guard entries[i].generation < UInt32.max - 1 else { return }
        entries[i].generation += 1
        vacant.append(slot)
    }

    private func occupy(_ object: SimObject) -> UInt32 {
        let unmanaged = Unmanaged.passUnretained(object)
        if let slot = vacant.popLast() {
            entries[Int(slot)].object = unmanaged
            return slot
        }
        // Four billion live objects would exhaust any memory limit first; past that a
        // target simply gets no slot, and links to it read as nil.
        guard entries.count < Int(Self.noSlot) else { return Self.noSlot }
        entries.append(Entry(object: unmanaged, generation: 0))
        return UInt32(entries.count - 1)
    }

    /// Slots in use, for the tests' invariant checks.
    package var occupiedCount: Int { entries.count - vacant.count - retiredCount }
    private var retiredCount: Int { entries.lazy.filter { $0.object == nil && $0.generation >= UInt32.max - 1 }.count }
}
