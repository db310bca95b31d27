/// The layout of `SimObject.hostCache`, whole: 64 bits a host keeps per object so the
/// core can skip, in a few instructions, a callback the object has no override for
/// (most callbacks: docs/performance.md).
///
///     bits 0 ..< Override.count   the host has an override of that ordinal
///     bits 26, 27, 28             the host's own state (`hostBit(0...2)`)
///     bit  30                     `valid`: the override bits are an answer
///     bits 32 ..< 64              the `Simulation.hostGeneration` the answer is of
///
/// The core reads only the override bits, `valid` and the generation; the host's bits
/// are the host's. `HostCacheLayoutTests` fails when the override bits would reach the
/// host's bits (with 26 overrides today, a 27th would), or anything leaves the word.
public enum HostCache {
    /// The first of the host's own bits: the override bits must stay below it.
    public static var firstHostBit: Int { 26 }
    public static var hostBitCount: Int { 3 }
    public static var valid: UInt64 { 1 << 30 }
    public static var generationShift: UInt64 { 32 }

    /// The bit that says the host has `override`.
    @inline(__always)
    public static func bit(_ override: Override) -> UInt64 { 1 << UInt64(override.ordinal) }

    /// The host's own bit `n` (0 ..< hostBitCount).
    public static func hostBit(_ n: Int) -> UInt64 { 1 << UInt64(firstHostBit + n) }

    /// Every override bit.
    public static var overrideBits: UInt64 { (1 << UInt64(Override.count)) - 1 }

    /// A valid answer of `generation` with `overrides` set, keeping `cache`'s host bits.
    @inline(__always)
    public static func answer(_ overrides: UInt64, keeping cache: UInt64, generation: UInt32) -> UInt64 {
        (cache & hostBits) | (overrides & overrideBits) | valid | (UInt64(generation) << generationShift)
    }

    /// Whether `cache` is a valid answer of `generation`.
    @inline(__always)
    public static func isCurrent(_ cache: UInt64, generation: UInt32) -> Bool {
        cache & valid != 0 && UInt32(truncatingIfNeeded: cache >> generationShift) == generation
    }

    /// Whether `cache` says, for `generation`, that the host has no `override`.
    @inline(__always)
    static func declines(_ override: Override, _ cache: UInt64, generation: UInt32) -> Bool {
        cache & (bit(override) | valid) == valid && UInt32(truncatingIfNeeded: cache >> generationShift) == generation
    }

    static var hostBits: UInt64 { ((1 << UInt64(hostBitCount)) - 1) << UInt64(firstHostBit) }
}
