import Containment
import NestboxLua
import Rendering

/// `nestbox bench`'s pictures: a window of 1,000 views drawn to SVG and to PNG, the
/// drawing pass and the back-end together, and 10,000 views to see the cost grow.
extension Bench {
    /// Views in a grid, every fourth one a label, some turned and faded: what a
    /// design's screen holds, many times over.
    static func renderSource(_ n: Int) -> String {
        """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        local colors = { "red", "systemBlue", "#34C759", "orange" }
        for i = 1, \(n) do
          local x, y = (i % 20) * 19, (i // 20) % 40 * 21
          local v
          if i % 4 == 0 then
            v = ui.Label{ text = "Label " .. i, frame = { x, y, 40, 20 } }
          else
            v = ui.View{ frame = { x, y, 18, 20 }, backgroundColor = colors[i % 4 + 1] }
          end
          if i % 7 == 0 then v.transform = ui.Transform.rotate(0.2); v.alpha = 0.6 end
          root.view:addSubview(v)
        end
        """
    }

    func renderRows() throws -> [Row] {
        let sizes = quick ? [100] : [1_000, 10_000]
        let runs = quick ? 1 : 7
        var sims: [Simulation] = []
        var runtimes: [LuaRuntime] = []      // each keeps its simulation's objects alive
        for n in sizes {
            let rt = try Self.runtime()
            _ = try Self.time(rt, Self.renderSource(n))
            runtimes.append(rt)
            sims.append(rt.simulation)
        }
        var failure: RenderError?
        func draw(_ sim: Simulation, _ format: PictureFormat) -> Double {
            Self.seconds(ContinuousClock().measure {
                guard let picture = Renderer().render(sim) else { return }
                if case .failure(let e) = format.encode(picture, scale: 1) { failure = e }
            })
        }
        // The SVG rows by turns, 1,000 then 10,000 views, for their growth (Bench+Growth).
        var svg: [[Double]] = [(0..<runs).map { _ in draw(sims[0], .svg) }]
        var growth: Double?
        if sims.count > 1 {
            let turns = Self.byTurns(runs, small: { draw(sims[0], .svg) }, large: { draw(sims[1], .svg) })
            svg = [turns.small, turns.large]
            growth = turns.growth
        }
        var rows: [Row] = []
        for (i, n) in sizes.enumerated() {
            for format in [PictureFormat.svg, .png] {
                let samples = format == .svg ? svg[i] : (0..<runs).map { _ in draw(sims[i], .png) }
                if let failure { throw BenchError(message: "render: \(failure)") }
                let s = Self.median(samples)
                let name = format == .svg ? "svg" : "png"
                var row = Row(name: "render-\(n >= 1_000 ? Self.count(n) : String(n))-views-\(name)", value: s * 1e3, unit: "ms")
                row.spread = Self.spread(samples)
                if n == 1_000 { row.judge(s, atMost: format == .svg ? 0.02 : 0.06, format == .svg ? "<= 20 ms" : "<= 60 ms") }
                if n == 10_000, format == .svg, let growth {
                    row.baseline = Self.median(svg[0]) * 1e3
                    row.ratio = growth
                    row.judge(growth, atMost: 12, "<= 12x (linear)")
                }
                rows.append(row)
            }
        }
        withExtendedLifetime(runtimes) {}
        return rows
    }
}
