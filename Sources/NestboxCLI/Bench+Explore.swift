#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `nestbox explore`'s speed (docs/explore.md, Speed): the sliding menu explored with
/// 10-input sequences on two processes, as a user runs it (the binary, its start and its
/// design's build included), in sequences per second.
extension Bench {
    func exploreRows() throws -> [Row] {
        let nestbox = Self.executableFolder() + "/nestbox"
        guard FileManager.default.isExecutableFile(atPath: nestbox) else {
            return [Row(name: "explore (skipped: build the nestbox product)", value: .nan, unit: "seq/s")]
        }
        let runs = quick ? 200 : 3_000
        let out = FileManager.default.temporaryDirectory.path + "/nestbox-bench-explore-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let args = ["explore", Self.exampleScript(), "--runs", "\(runs)", "--steps", "10", "-j", "2", "--out", out]
        let samples = try (0..<(quick ? 1 : 3)).map { _ in Double(runs) / (try Self.spawnAndWait(nestbox, args)) }
        var row = Row(name: "explore-sliding-menu-j2", value: Self.median(samples), unit: "seq/s", spread: Self.spread(samples))
        row.judge(row.value, atLeast: 1_000, ">= 1000 seq/s")
        return [row]
    }
}
