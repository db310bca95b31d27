import NestboxLua

/// A page view controller paged through `n` pages by swipes, tracing on: each turn must
/// cost the same however far into the book it is (docs/page.md, Views), so ten times the
/// pages should take about ten times as long.
extension Bench {
    /// The pages are made by the data source as the swipes ask and dropped as they leave.
    static func pagingSource(_ n: Int) -> String {
        """
        local function page(i) local vc = ui.ViewController{}; vc.number = i; return vc end
        local book = ui.PageViewController{ name = "book", interPageSpacing = 8, dataSource = {
          viewControllerBefore = function(_, vc) if vc.number > 1 then return page(vc.number - 1) end end,
          viewControllerAfter = function(_, vc) if vc.number < \(n) then return page(vc.number + 1) end end } }
        book:setViewControllers({ page(1) })
        ui.window.rootViewController = book
        ui.window:makeKeyAndVisible()
        for i = 2, \(n) do
          ui.pan{ from = { 300, 400 }, to = { 60, 400 }, steps = 4, duration = 0.1 }
          ui.settle()
          -- Events are recorded, but the trace is emptied every 1,000 pages: its memory
          -- growing with the run (about 35 events a page) is the trace's cost, not paging's.
          if i % 1000 == 0 then ui.trace.clear() end
        end
        assert(book.viewControllers[1].number == \(n), "paged to " .. book.viewControllers[1].number)
        """
    }

    func pagingRows() throws -> [Row] {
        let (small, large) = quick ? (100, 1_000) : (1_000, 10_000)
        func book(_ n: Int) throws -> Double { try Self.time(try Self.runtime(), Self.pagingSource(n)) }
        // The small book more often than the large (its time is short and the ratio
        // divides by it): three runs before the turns, four among them.
        let warm = quick ? [] : try (0..<3).map { _ in try book(small) }
        let turns = try Self.byTurns(quick ? 1 : 3, small: { try book(small) }, large: { try book(large) })
        var rows: [Row] = []
        for (n, samples) in [(small, warm + turns.small), (large, turns.large)] {
            var row = Row(name: "paging-\(n < 1000 ? "\(n)" : Self.count(n))", value: Self.median(samples) * 1e3, unit: "ms")
            row.spread = Self.spread(samples)
            rows.append(row)
        }
        var row = Row(name: "paging-growth", value: turns.growth, unit: "x")
        row.judge(turns.growth, atMost: 12, "<= 12x")
        rows.append(row)
        return rows
    }
}
