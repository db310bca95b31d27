import CCairo
import Containment
import Foundation
import Rendering

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A decoded PNG: straight RGBA at a pixel, read back through cairo's own PNG reader.
struct Pixels {
    let width: Int, height: Int
    private let data: [UInt32]

    init(png: [UInt8]) throws {
        final class Source { var bytes: [UInt8]; var at = 0; init(_ b: [UInt8]) { bytes = b } }
        let source = Source(png)
        if let failure = PNG.unavailable { throw failure }
        let surface = nb_cairo_image_surface_create_from_png_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let s = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
            guard s.at + Int(length) <= s.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            for i in 0..<Int(length) { data[i] = s.bytes[s.at + i] }
            s.at += Int(length)
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())
        defer { nb_cairo_surface_destroy(surface) }
        guard nb_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw RenderError("not a PNG") }
        width = Int(nb_cairo_image_surface_get_width(surface))
        height = Int(nb_cairo_image_surface_get_height(surface))
        let stride = Int(nb_cairo_image_surface_get_stride(surface)) / 4
        let base = nb_cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * height) { $0 }
        var d: [UInt32] = []
        for y in 0..<height { for x in 0..<width { d.append(base[y * stride + x]) } }
        data = d
    }

    /// (r, g, b, a) as bytes, un-premultiplied.
    subscript(x x: Int, y y: Int) -> (Int, Int, Int, Int) {
        let v = data[y * width + x]
        let a = Int(v >> 24), r = Int(v >> 16 & 255), g = Int(v >> 8 & 255), b = Int(v & 255)
        guard a > 0 else { return (0, 0, 0, 0) }
        return (r * 255 / a, g * 255 / a, b * 255 / a, a)
    }
}

/// A world whose window shows the views `build` adds to it.
func window(_ build: (Simulation, Window) throws -> Void) rethrows -> Simulation {
    let sim = Simulation()
    sim.window.makeKeyAndVisible()
    try build(sim, sim.window)
    return sim
}

func view(_ sim: Simulation, _ frame: Rect, _ color: String? = nil) -> View {
    let v = View(simulation: sim, frame: frame)
    v.backgroundColor = color
    return v
}

func png(_ sim: Simulation, scale: Double = 1, overlays: Overlays = []) throws -> Pixels {
    guard let list = Renderer(overlays: overlays).render(sim) else { throw RenderError("interrupted") }
    return try Pixels(png: PNG.encode(list, scale: scale).get())
}

func svg(_ list: DisplayList) -> String {
    String(decoding: SVG.encode(list) ?? [], as: UTF8.self)
}
