import Containment

/// A colour with straight (not premultiplied) alpha, 0…1 each.
public struct Paint: Equatable, Sendable {
    public var r, g, b, a: Double
    public init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Drawn for a colour name Nestbox does not know, so the mistake shows (policy Q30).
    public static let unknown = Paint(r: 1, g: 0, b: 1, a: 1)
    public static let black = Paint(r: 0, g: 0, b: 0, a: 1)
    public static let white = Paint(r: 1, g: 1, b: 1, a: 1)

    /// A view's colour string: UIKit's names, "#RRGGBB" or "#RRGGBBAA" (Containment's one
    /// parser, which animations use too); nil for none, magenta for a name it does not know.
    public static func named(_ name: String?) -> Paint? {
        guard let name else { return nil }
        guard let c = RGBA.parse(name) else { return .unknown }
        return Paint(r: c.r, g: c.g, b: c.b, a: c.a)
    }

    /// Literal "#RRGGBB" colours of the picture's own chrome.
    static func hex(_ s: String, alpha: Double = 1) -> Paint {
        var p = named(s) ?? .unknown
        p.a *= alpha
        return p
    }

    func fading(_ alpha: Double) -> Paint { Paint(r: r, g: g, b: b, a: a * alpha) }
}

public enum TextAlignment: Sendable { case left, center, right }

/// One line of text placed in a box: vertically centred, aligned horizontally.
public struct TextRun: Equatable, Sendable {
    public var text: String
    public var box: Rect
    public var transform: Transform
    public var size: Double
    public var bold: Bool
    public var alignment: TextAlignment
    public var paint: Paint
}

/// What a back-end draws, in the picture's points. Every shape carries the absolute
/// transform from its own coordinates to the picture's, so SVG and PNG read the same
/// numbers and cannot disagree.
public enum DisplayOp: Equatable, Sendable {
    case fill(Rect, Transform, Paint)
    /// An outline `width` points wide, centred on the rectangle's edge.
    case stroke(Rect, Transform, Paint, width: Double)
    case text(TextRun)
    /// Clips what follows, up to the matching `unclip`, to the rectangle.
    case clip(Rect, Transform)
    case unclip
}

/// One drawing pass: a picture's size in points, its background and its shapes.
public struct DisplayList: Equatable, Sendable {
    public static func == (l: DisplayList, r: DisplayList) -> Bool {
        l.size == r.size && l.background == r.background && l.ops == r.ops
            && l.controllerBoxes.map(\.name) == r.controllerBoxes.map(\.name) && l.controllerBoxes.map(\.box) == r.controllerBoxes.map(\.box)
    }


    public var size: Size
    public var background: Paint?
    public var ops: [DisplayOp] = []
    /// With `Renderer.collectsControllerBoxes`: each controller whose view is drawn, and
    /// the box around that view in the picture's points (a report outlines its selection).
    public var controllerBoxes: [(name: String, box: Rect)] = []
    /// With `Renderer.collectsViews`: each view drawn, back to front, with its box in the
    /// picture's points and what a report's inspector shows of it.
    public var views: [ViewInfo] = []

    public init(size: Size, background: Paint?, ops: [DisplayOp] = []) {
        self.size = size; self.background = background; self.ops = ops
    }

    /// What the list holds in memory: its shapes and the texts too long to sit inline
    /// (as MemoryMeter counts a string). A filmstrip's frames count this toward the
    /// memory limit.
    public var approximateBytes: Int {
        var n = 64 + ops.count * MemoryLayout<DisplayOp>.stride + controllerBoxes.count * 64
        for case .text(let run) in ops { n += MemoryMeter.heapBytes(run.text) }
        return n
    }

    /// The same shapes moved by `t` (a frame placed in a filmstrip).
    func transformed(by t: Transform) -> [DisplayOp] {
        ops.map { op in
            switch op {
            case .fill(let r, let m, let p): return .fill(r, m.concatenating(t), p)
            case .stroke(let r, let m, let p, let w): return .stroke(r, m.concatenating(t), p, width: w)
            case .text(var run): run.transform = run.transform.concatenating(t); return .text(run)
            case .clip(let r, let m): return .clip(r, m.concatenating(t))
            case .unclip: return .unclip
            }
        }
    }

    /// Frames side by side, each under its virtual time ("0.050 s"), on a grey strip.
    public static func filmstrip(_ frames: [(time: Double, picture: DisplayList)]) -> DisplayList {
        var frames = frames
        return filmstrip(consuming: &frames)
    }

    static let gap = 16.0, caption = 24.0

    /// How a filmstrip of `count` frames of `frame` points is laid out for pictures of
    /// at most `maxSide` pixels a side and `maxPixels` in all at `scale` (PNG's limits):
    /// one row when it fits; otherwise rows of `columns` (a contact sheet about as wide
    /// as it is tall), the whole sheet drawn at `shrink` of its size when even that
    /// would not fit. The limits stay; the frames get smaller.
    public static func sheetLayout(count: Int, frame: Size, scale: Double,
                                   maxSide: Int, maxPixels: Int) -> (columns: Int, shrink: Double) {
        guard count > 0, frame.width > 0, frame.height > 0, scale > 0 else { return (max(count, 1), 1) }
        func fits(_ s: Size, _ f: Double) -> Bool {
            let w = s.width * f * scale, h = s.height * f * scale
            return w <= Double(maxSide) && h <= Double(maxSide) && w * h <= Double(maxPixels)
        }
        if fits(sheetSize(count: count, columns: count, frame: frame), 1) { return (count, 1) }
        let cell = Size(width: frame.width + gap, height: frame.height + caption + gap)
        let columns = min(count, max(1, Int((Double(count) * cell.height / cell.width).squareRoot().rounded())))
        let size = sheetSize(count: count, columns: columns, frame: frame)
        return (columns, fit(size, scale: scale, maxSide: maxSide, maxPixels: maxPixels))
    }

    /// The largest of 1, 0.99, 0.98, … at which `size` at `scale` stays within the limits.
    public static func fit(_ size: Size, scale: Double, maxSide: Int, maxPixels: Int) -> Double {
        func fits(_ f: Double) -> Bool {
            let w = size.width * f * scale, h = size.height * f * scale
            return w <= Double(maxSide) && h <= Double(maxSide) && w * h <= Double(maxPixels)
        }
        guard !fits(1), size.width > 0, size.height > 0, scale > 0 else { return 1 }
        let area = size.width * size.height * scale * scale
        var f = min(1, (Double(maxPixels) / area).squareRoot(), Double(maxSide) / (max(size.width, size.height) * scale))
        f = (f * 100).rounded(.down) / 100
        while f > 0.01, !fits(f) { f -= 0.01 }
        return max(f, 0.01)
    }

    public static func sheetSize(count: Int, columns: Int, frame: Size) -> Size {
        let rows = (count + columns - 1) / columns
        return Size(width: gap + Double(columns) * (frame.width + gap),
                    height: Double(rows) * (caption + frame.height + gap))
    }

    /// As `filmstrip`, emptying each frame once placed, so a strip of many frames never
    /// holds their shapes twice (they count toward the memory limit); in rows of
    /// `columns`, drawn at `shrink` of its size (`sheetLayout`).
    public static func filmstrip(consuming frames: inout [(time: Double, picture: DisplayList)],
                                 columns: Int? = nil, shrink: Double = 1, captions: [String]? = nil) -> DisplayList {
        let w = frames.map(\.picture.size.width).max() ?? 0
        let h = frames.map(\.picture.size.height).max() ?? 0
        let columns = max(1, min(columns ?? frames.count, max(frames.count, 1)))
        let size = sheetSize(count: max(frames.count, 1), columns: columns, frame: Size(width: w, height: h))
        var strip = DisplayList(size: Size(width: size.width * shrink, height: size.height * shrink), background: .hex("systemGray6"))
        strip.ops.reserveCapacity(frames.reduce(0) { $0 + $1.picture.ops.count + 5 })
        let sheet = Transform.scale(shrink, shrink)
        for i in frames.indices {
            let x = gap + Double(i % columns) * (w + gap), y = Double(i / columns) * (caption + h + gap)
            let place = Transform.translate(x, y + caption).concatenating(sheet)
            let frame = frames[i]
            frames[i].picture = DisplayList(size: frame.picture.size, background: nil)
            let area = Rect(x: 0, y: 0, width: frame.picture.size.width, height: frame.picture.size.height)
            let label = captions.map { i < $0.count ? $0[i] : "" } ?? fixedPoint(frame.time) + " s"
            strip.ops.append(.text(TextRun(text: label, box: Rect(x: x, y: y, width: frame.picture.size.width, height: caption),
                                           transform: sheet, size: 13, bold: true, alignment: .center, paint: .black)))
            strip.ops.append(.clip(area, place))
            if let bg = frame.picture.background { strip.ops.append(.fill(area, place, bg)) }
            strip.ops.append(contentsOf: frame.picture.transformed(by: place))
            strip.ops.append(.unclip)
            strip.ops.append(.stroke(area, place, .hex("systemGray3"), width: 1))
        }
        return strip
    }
}

/// A view as a report's inspector shows it (README.md, The HTML report): its box on
/// screen (presentation values, where it is drawn) and its model values.
public struct ViewInfo: Sendable {
    public var name: String
    public var className: String
    public var box: Rect
    public var frame: Rect
    public var bounds: Rect
    public var alpha: Double
    public var safeArea: EdgeInsets
    /// The nearest controller up the tree, and its appearance state.
    public var controller: String?
    public var controllerState: String?

    /// All but the box: what a report writes once for as long as it stays the same.
    public func hasSameProperties(as o: ViewInfo) -> Bool {
        name == o.name && className == o.className && frame == o.frame && bounds == o.bounds
            && (alpha == o.alpha || alpha.isNaN && o.alpha.isNaN) && safeArea == o.safeArea
            && controller == o.controller && controllerState == o.controllerState
    }
}
