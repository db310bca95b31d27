/// The layout of `SimObject.hostCache`, whole: 64 bits a host keeps per object so the
/// core can skip, in a few instructions, a callback the object has no override for
/// (most callbacks: docs/performance.md), and the generation that answer is of.
///
///     bits 0 ..< Override.count   the host has an override of that ordinal
///     bits 56, 57, 58             the host's own state (`hostBit(0...2)`)
///     bit  59                     `valid`: the override bits are an answer
///     `SimObject.hostCacheGeneration`: the `Simulation.hostGeneration` the answer is of
///
/// The generation has its own field (it packs beside `hostSlot`, so no object grows):
/// inside the word it left room for 26 overrides, and a shorter one would wrap after
/// few enough class changes for a script to make a stale answer look current.
/// The core reads only the override bits, `valid` and the generation; the host's bits
/// are the host's. `HostCacheLayoutTests` fails when the override bits would reach the
/// host's bits, or the parts overlap.
public enum HostCache {
    /// The first of the host's own bits: the override bits must stay below it.
    public static var firstHostBit: Int { 56 }
    public static var hostBitCount: Int { 3 }
    @inlinable public static var valid: UInt64 { 1 << 59 }

    /// The bit that says the host has `override`.
    @inlinable
    public static func bit(_ override: Override) -> UInt64 { 1 << UInt64(override.ordinal) }

    /// The host's own bit `n` (0 ..< hostBitCount).
    public static func hostBit(_ n: Int) -> UInt64 { 1 << UInt64(firstHostBit + n) }

    /// Every override bit.
    public static var overrideBits: UInt64 { (1 << UInt64(Override.count)) - 1 }

    /// A valid answer with `overrides` set, keeping `cache`'s host bits.
    @inline(__always)
    public static func answer(_ overrides: UInt64, keeping cache: UInt64) -> UInt64 {
        (cache & hostBits) | (overrides & overrideBits) | valid
    }

    /// Stores a valid answer of `generation` with `overrides` set in `object`, keeping
    /// its host bits; returns the word.
    @inline(__always)
    @discardableResult
    public static func store(_ overrides: UInt64, in object: SimObject, generation: UInt32) -> UInt64 {
        let word = answer(overrides, keeping: object.hostCache)
        object.hostCache = word
        object.hostCacheGeneration = generation
        return word
    }

    /// Whether `object`'s answer is valid and of `generation`.
    @inline(__always)
    public static func isCurrent(_ object: SimObject, generation: UInt32) -> Bool {
        object.hostCache & valid != 0 && object.hostCacheGeneration == generation
    }

    /// Whether `object`'s answer says, for `generation`, that the host has no `override`.
    @inline(__always)
    static func declines(_ override: Override, _ object: SimObject, generation: UInt32) -> Bool {
        object.hostCache & (bit(override) | valid) == valid && object.hostCacheGeneration == generation
    }

    static var hostBits: UInt64 { ((1 << UInt64(hostBitCount)) - 1) << UInt64(firstHostBit) }
}
