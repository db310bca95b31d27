/// How a cost grows with size, from runs taken by turns.
extension Bench {
    /// Runs `small` and `large` by turns, small first and last (small, large, small, …,
    /// small: `turns` large runs), and returns every sample of each and the growth: the
    /// median, over the large runs, of each one's time over the mean of the small runs on
    /// either side of it. This VM's speed changes in phases that last seconds (the same
    /// binary's 10k tree took 80 or 160 ms from one minute to the next): a ratio of two
    /// medians taken a minute apart measured those phases as much as the growth, and
    /// one binary's tree growth moved between 9× and 20× from run to run.
    static func byTurns(_ turns: Int, small: () throws -> Double,
                        large: () throws -> Double) rethrows -> (small: [Double], large: [Double], growth: Double) {
        var smalls = [try small()]
        var larges: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<max(turns, 1) {
            let l = try large()
            let s = try small()
            ratios.append(l / ((smalls[smalls.count - 1] + s) / 2))
            larges.append(l)
            smalls.append(s)
        }
        return (smalls, larges, median(ratios))
    }
}
