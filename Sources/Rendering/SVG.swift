import Containment

/// The SVG back-end: text that diffs well and is the same bytes on every run. Numbers
/// are written as the trace writes them (at most three decimals, no trailing zeros).
public enum SVG {
    /// nil when `interrupted` said stop (a run limit), or past `maxBytes` of text.
    public static func encode(_ list: DisplayList, scale: Double = 1, maxBytes: Int = .max,
                              interrupted: () -> Bool = { false }) -> [UInt8]? {
        var w = Writer()
        let size = list.size
        w.put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        w.num(size.width * scale); w.put("\" height=\""); w.num(size.height * scale)
        w.put("\" viewBox=\"0 0 "); w.num(size.width); w.put(" "); w.num(size.height)
        w.put("\" font-family=\"DejaVu Sans\">\n")
        if let bg = list.background {
            w.put("<rect width=\""); w.num(size.width); w.put("\" height=\""); w.num(size.height); w.put("\"")
            w.fill(bg); w.put("/>\n")
        }
        var clips = 0, open = 0
        for (i, op) in list.ops.enumerated() {
            if i & 1023 == 1023, interrupted() || w.out.count > maxBytes { return nil }
            switch op {
            case .fill(let r, let m, let p):
                w.rect(r, m); w.fill(p); w.put("/>\n")
            case .stroke(let r, let m, let p, let width):
                w.rect(r, m); w.put(" fill=\"none\" stroke=\""); w.color(p); w.put("\"")
                if p.a < 1 { w.put(" stroke-opacity=\""); w.num(p.a); w.put("\"") }
                w.put(" stroke-width=\""); w.num(width); w.put("\"/>\n")
            case .clip(let r, let m):
                clips += 1; open += 1
                w.put("<clipPath id=\"c\(clips)\">"); w.rect(r, m); w.put("/></clipPath><g clip-path=\"url(#c\(clips))\">\n")
            case .unclip:
                if open > 0 { open -= 1; w.put("</g>\n") }
            case .text(let run):
                w.text(run)
            }
        }
        for _ in 0..<open { w.put("</g>\n") }
        w.put("</svg>\n")
        return w.out.count > maxBytes ? nil : w.out
    }

    struct Writer {
        var out: [UInt8] = []

        mutating func put(_ s: String) { out.append(contentsOf: s.utf8) }
        mutating func num(_ v: Double) { put(formatNumber(v)) }

        mutating func color(_ p: Paint) {
            func byte(_ x: Double) -> String { hex(UInt32((min(1, max(0, x)) * 255).rounded()), width: 2, uppercase: true) }
            put("#" + byte(p.r) + byte(p.g) + byte(p.b))
        }

        mutating func fill(_ p: Paint) {
            put(" fill=\""); color(p); put("\"")
            if p.a < 1 { put(" fill-opacity=\""); num(p.a); put("\"") }
        }

        /// A translation folds into x and y; any other transform is a matrix.
        mutating func place(_ x: Double, _ y: Double, _ m: Transform) {
            let plain = m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1
            put(" x=\""); num(plain ? x + m.tx : x); put("\" y=\""); num(plain ? y + m.ty : y); put("\"")
            if !plain {
                put(" transform=\"matrix(")
                for (i, v) in [m.a, m.b, m.c, m.d, m.tx, m.ty].enumerated() { if i > 0 { put(" ") }; num(v) }
                put(")\"")
            }
        }

        mutating func rect(_ r: Rect, _ m: Transform) {
            put("<rect"); place(r.origin.x, r.origin.y, m)
            put(" width=\""); num(r.size.width); put("\" height=\""); num(r.size.height); put("\"")
        }

        mutating func text(_ run: TextRun) {
            let (x, anchor): (Double, String)
            switch run.alignment {
            case .left: (x, anchor) = (run.box.minX, "start")
            case .center: (x, anchor) = (run.box.midX, "middle")
            case .right: (x, anchor) = (run.box.maxX, "end")
            }
            put("<text"); place(x, TextLayout.baseline(run), run.transform)
            put(" font-size=\""); num(run.size); put("\"")
            if run.bold { put(" font-weight=\"bold\"") }
            if anchor != "start" { put(" text-anchor=\"\(anchor)\"") }
            fill(run.paint)
            put(" xml:space=\"preserve\">")
            put(Markup.escaped(TextLayout.line(run.text)))
            put("</text>\n")
        }
    }
}

/// Where both back-ends put a line of text, so they agree.
enum TextLayout {
    /// A label shows one line (UILabel's numberOfLines = 1): line breaks become spaces.
    static func line(_ s: String) -> String {
        String(s.map { $0.isNewline ? " " : $0 })
    }

    /// The baseline of text centred vertically in its box (DejaVu Sans: capitals reach
    /// about 0.73 of the size above the baseline; centring them puts it 0.35 below).
    static func baseline(_ run: TextRun) -> Double { run.box.midY + run.size * 0.35 }
}
