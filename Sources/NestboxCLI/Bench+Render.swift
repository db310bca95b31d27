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
        var rows: [Row] = []
        var svgAt: [Int: Double] = [:]
        for n in sizes {
            let rt = try Self.runtime()
            _ = try Self.time(rt, Self.renderSource(n))
            let sim = rt.simulation
            for format in [PictureFormat.svg, .png] {
                var failure: RenderError?
                let samples = (0..<runs).map { _ -> Double in
                    Self.seconds(ContinuousClock().measure {
                        guard let picture = Renderer().render(sim) else { return }
                        if case .failure(let e) = format.encode(picture, scale: 1) { failure = e }
                    })
                }
                if let failure { throw BenchError(message: "render: \(failure)") }
                let s = Self.median(samples)
                let name = format == .svg ? "svg" : "png"
                var row = Row(name: "render-\(n >= 1_000 ? Self.count(n) : String(n))-views-\(name)", value: s * 1e3, unit: "ms")
                row.spread = Self.spread(samples)
                if n == 1_000 { row.judge(s, atMost: format == .svg ? 0.02 : 0.06, format == .svg ? "<= 20 ms" : "<= 60 ms") }
                if format == .svg { svgAt[n] = s }
                if n == 10_000, format == .svg, let small = svgAt[1_000] {
                    row.baseline = small * 1e3
                    row.ratio = s / small
                    row.judge(s / small, atMost: 12, "<= 12x (linear)")
                }
                rows.append(row)
            }
        }
        return rows
    }
}
