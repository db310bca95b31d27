import CCairo
import Containment

/// The PNG back-end: the same display list rasterised by cairo, text in DejaVu Sans
/// through cairo's "toy" text API. No hinting and greyscale antialiasing, so the pixels
/// depend on the font file and cairo alone; cairo's PNG writer adds no time stamp, so
/// the same picture is the same bytes.
///
/// cairo is opened on the first PNG, not linked (Sources/CCairo): a run that draws none
/// never maps it or the libraries it needs (docs/performance.md). Without libcairo2 installed, PNG
/// output fails with `unavailable`'s message; SVG needs no cairo.
public enum PNG {
    /// The largest picture Nestbox makes: cairo's surfaces stop at 32,767 pixels a side,
    /// and a script's `scale` must not become gigabytes of memory (16 million pixels
    /// are a 64 MiB surface, freed when the file is written).
    public static let maxSide = 16_384
    public static let maxPixels = 16_000_000

    /// The picture's size in pixels at `scale`, or why it cannot be made.
    public static func pixelSize(_ size: Size, scale: Double) -> Result<(Int, Int), RenderError> {
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        guard w.isFinite, h.isFinite, w <= Double(maxSide), h <= Double(maxSide), w * h <= Double(maxPixels) else {
            return .failure(RenderError("picture too large: \(formatNumber(w)) × \(formatNumber(h)) pixels (at most \(maxSide) on a side and \(maxPixels / 1_000_000) million in all)"))
        }
        guard w >= 1, h >= 1 else {
            return .failure(RenderError("nothing to draw: the view is \(formatNumber(size.width)) × \(formatNumber(size.height)) points"))
        }
        return .success((Int(w), Int(h)))
    }

    public static func encode(_ list: DisplayList, scale: Double = 1, interrupted: () -> Bool = { false }) -> Result<[UInt8], RenderError> {
        let (w, h): (Int, Int)
        switch pixelSize(list.size, scale: scale) {
        case .success(let s): (w, h) = s
        case .failure(let e): return .failure(e)
        }
        if let failure = unavailable { return .failure(failure) }
        guard let surface = nb_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else {
            return .failure(RenderError("cairo could not make a \(w) × \(h) surface"))
        }
        defer { nb_cairo_surface_destroy(surface) }
        guard nb_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = nb_cairo_create(surface) else {
            return .failure(RenderError("cairo could not make a \(w) × \(h) surface"))
        }
        defer { nb_cairo_destroy(cr) }
        let options = nb_cairo_font_options_create()
        nb_cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        nb_cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        nb_cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        nb_cairo_set_font_options(cr, options)
        nb_cairo_font_options_destroy(options)
        if let bg = list.background {
            set(cr, bg)
            nb_cairo_paint(cr)
        }
        var depth = 0
        for (i, op) in list.ops.enumerated() {
            if i & 1023 == 1023, interrupted() { return .failure(RenderError("interrupted")) }
            switch op {
            case .fill(let r, let m, let p):
                path(cr, r, m, scale)
                set(cr, p)
                nb_cairo_fill(cr)
            case .stroke(let r, let m, let p, let width):
                // Stroked under the shape's transform: the width is in its own units,
                // as SVG's stroke-width is.
                path(cr, r, m, scale)
                set(cr, p)
                nb_cairo_set_line_width(cr, width)
                nb_cairo_stroke(cr)
            case .clip(let r, let m):
                nb_cairo_save(cr)
                depth += 1
                path(cr, r, m, scale)
                nb_cairo_clip(cr)
            case .unclip:
                if depth > 0 { depth -= 1; nb_cairo_restore(cr) }
            case .text(let run):
                text(cr, run, scale)
            }
        }
        for _ in 0..<depth { nb_cairo_restore(cr) }
        nb_cairo_surface_flush(surface)
        let sink = ByteSink()
        let status = nb_cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes
                .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            return .failure(RenderError("cairo could not encode the PNG: \(String(cString: nb_cairo_status_to_string(status)))"))
        }
        return .success(sink.bytes)
    }

    /// The package that brings cairo, named in the message when it is missing.
    #if os(macOS)
    static let cairoPackage = "cairo (brew install cairo)"
    #else
    static let cairoPackage = "libcairo2"
    #endif

    /// Why PNG output is impossible (cairo could not be opened), or nil once it is open.
    /// The first call opens it; the outcome is kept for the process.
    public static var unavailable: RenderError? {
        guard let reason = nb_cairo_load() else { return nil }
        return RenderError("PNG output needs \(Self.cairoPackage) (\(String(cString: reason)))")
    }

    private final class ByteSink { var bytes: [UInt8] = [] }

    private static func apply(_ cr: OpaquePointer, _ m: Transform, _ scale: Double) {
        var matrix = cairo_matrix_t(xx: m.a * scale, yx: m.b * scale, xy: m.c * scale, yy: m.d * scale,
                                    x0: m.tx * scale, y0: m.ty * scale)
        nb_cairo_set_matrix(cr, &matrix)
    }

    /// The rectangle under the shape's transform (a path keeps the device coordinates
    /// it was built in; a stroke's width reads the transform when it is drawn).
    private static func path(_ cr: OpaquePointer, _ r: Rect, _ m: Transform, _ scale: Double) {
        apply(cr, m, scale)
        nb_cairo_new_path(cr)
        nb_cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height)
    }

    private static func set(_ cr: OpaquePointer, _ p: Paint) {
        nb_cairo_set_source_rgba(cr, p.r, p.g, p.b, p.a)
    }

    private static func text(_ cr: OpaquePointer, _ run: TextRun, _ scale: Double) {
        let line = TextLayout.line(run.text)
        apply(cr, run.transform, scale)
        nb_cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, run.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        nb_cairo_set_font_size(cr, run.size)
        var extents = cairo_text_extents_t()
        line.withCString { nb_cairo_text_extents(cr, $0, &extents) }
        let x: Double
        switch run.alignment {
        case .left: x = run.box.minX
        case .center: x = run.box.midX - extents.x_advance / 2
        case .right: x = run.box.maxX - extents.x_advance
        }
        nb_cairo_move_to(cr, x, TextLayout.baseline(run))
        set(cr, run.paint)
        line.withCString { nb_cairo_show_text(cr, $0) }
        nb_cairo_new_path(cr)
    }
}
