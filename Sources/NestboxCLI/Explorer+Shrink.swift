import NestboxLua

/// Shrinking (docs/explore.md): a failing sequence is made smaller while it still fails
/// the same way (the same kind and name), as Hypothesis shrinks: first fewer steps
/// (halves, quarters, … down to single steps, each removal kept when it still fails),
/// then inputs that only let time pass (made a settle), then simpler waits (none, then one frame, then a settle for a long wait), then
/// simpler drags. Every candidate is replayed from the settled world in a child, in a
/// fixed order, so the result is the same on every run and whatever `-j`.
extension Explorer {
    /// Replays at most this many candidates: a long sequence still shrinks in seconds.
    static let maxShrinkReplays = 400

    func shrink(_ steps: [ExploreStep], _ failure: ExploreFailure) -> ([ExploreStep], ExploreFailure) {
        var best = steps
        var bestFailure = failure
        var replays = 0

        /// Keeps `candidate` when it fails the same way; the steps after its failure go.
        func tryCandidate(_ candidate: [ExploreStep]) -> Bool {
            // After a stop signal a replay would start interrupted: the best so far stands.
            guard replays < Self.maxShrinkReplays, candidate != best, StopSignal.received == 0 else { return false }
            replays += 1
            let r = runOne(job: -1_000_000 - replays, replay: candidate)
            guard let f = r.failure, f.identity == failure.identity, Self.size(r.steps).lexicographicallyPrecedes(Self.size(best)) else { return false }
            best = r.steps
            bestFailure = f
            return true
        }

        var changed = true
        while changed, replays < Self.maxShrinkReplays, StopSignal.received == 0 {
            changed = false
            // Fewer steps: remove a run of `size` steps, from the largest runs down.
            var size = max(1, best.count / 2)
            while size >= 1 {
                var i = 0
                while i + size <= best.count {
                    var candidate = best
                    candidate.removeSubrange(i..<i + size)
                    if tryCandidate(candidate) { changed = true } else { i += 1 }
                }
                size /= 2
            }
            // An input that only let time pass: its step becomes a settle alone.
            for i in best.indices where i < best.count && best[i].input != nil {
                var candidate = best
                candidate[i].input = nil
                candidate[i].note = ""
                candidate[i].wait = .settle
                if tryCandidate(candidate) { changed = true }
            }
            // Simpler waits, each step from the first.
            for i in best.indices {
                for simpler in Self.simplerWaits(than: best[i].wait) where i < best.count {
                    var candidate = best
                    candidate[i].wait = simpler
                    if tryCandidate(candidate) { changed = true; break }
                }
            }
            // Simpler drags: the normal duration.
            for i in best.indices where i < best.count {
                guard case .pan(let from, let to, let d)? = best[i].input, d != 0.25 else { continue }
                var candidate = best
                candidate[i].input = .pan(from: from, to: to, duration: 0.25)
                if tryCandidate(candidate) { changed = true }
            }
        }
        return (best, bestFailure)
    }

    /// What shrinking makes smaller, in order: inputs, steps, then how long and how
    /// complex the waits are, then the drags' durations off the normal one.
    static func size(_ steps: [ExploreStep]) -> [Int] {
        var waits = 0, drags = 0
        let inputs = steps.count { $0.input != nil }
        for s in steps {
            switch s.wait {
            case .none: break
            case .seconds(let t): waits += t <= SequenceRun.frame ? 1 : 2
            case .settle: waits += 3
            }
            if case .pan(_, _, let d)? = s.input, d != 0.25 { drags += 1 }
        }
        return [inputs, steps.count, waits, drags]
    }

    /// Waits simpler than `wait`, simplest first.
    static func simplerWaits(than wait: ExploreStep.Wait) -> [ExploreStep.Wait] {
        switch wait {
        case .none: return []
        case .seconds(let s) where s <= SequenceRun.frame: return [.none]
        case .seconds: return [.none, .seconds(SequenceRun.frame)]
        case .settle: return [.none, .seconds(SequenceRun.frame)]
        }
    }
}
