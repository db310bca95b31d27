import Containment

/// What a picture adds on top of the views (`overlays = {...}`, `--overlays`).
public struct Overlays: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Each controller's view outlined and labelled with the controller's trace name.
    public static let controllers = Overlays(rawValue: 1 << 0)
    /// The screen's safe area insets shaded (pictures of the window only).
    public static let safeArea = Overlays(rawValue: 1 << 1)
    /// Each view's trace name at its top-left corner.
    public static let names = Overlays(rawValue: 1 << 2)

    public static let byName: [(String, Overlays)] = [("controllers", .controllers), ("safeArea", .safeArea), ("names", .names)]

    /// "controllers,names" → the set; nil naming the first unknown word.
    public static func parse(_ words: [String]) -> Result<Overlays, RenderError> {
        var set: Overlays = []
        for w in words where !w.isEmpty {
            guard let o = byName.first(where: { $0.0 == w }) else {
                return .failure(RenderError("unknown overlay '\(w)' (\(byName.map(\.0).joined(separator: ", ")))"))
            }
            set.insert(o.1)
        }
        return .success(set)
    }
}

public struct RenderError: Error, Equatable, CustomStringConvertible {
    public let description: String
    /// The picture would pass what the memory limit leaves it (an exit as for the limit).
    public var isOverMemory = false
    public init(_ description: String, overMemory: Bool = false) { self.description = description; isOverMemory = overMemory }
}

/// The one drawing pass: a view tree, as it is on screen now, to a display list
/// (policy Q30). Views are read through their presentation values, so a picture taken
/// mid-animation shows where each view is.
public struct Renderer {
    public var overlays: Overlays = []
    /// A controller whose views the picture marks (a report's selection).
    public var highlight: ViewController?
    /// Fill the display list's `controllerBoxes` (`nestbox run --report`).
    public var collectsControllerBoxes = false
    /// Fill the display list's `views` (the report's inspector and its clicks).
    public var collectsViews = false
    /// What the memory limit leaves the picture (README.md, Pictures): a list that grows
    /// past it is counted in the model's meter as held, so the limit ends the run, and
    /// the picture is not taken. Drawing 100,000 labels holds 45 MB of shapes.
    public var maxBytes = Int.max

    public init(overlays: Overlays = [], highlight: ViewController? = nil) {
        self.overlays = overlays; self.highlight = highlight
    }

    /// The window: the screen behind it is white, as a Light Mode app's background.
    public func render(_ simulation: Simulation) -> DisplayList? {
        render(simulation.window)
    }

    /// `root` and what is inside it, in its own bounds (its own frame, transform and
    /// alpha are its superview's business and not drawn). nil when a run limit
    /// interrupted the walk.
    public func render(_ root: View) -> DisplayList? {
        var none: DrawnViews?
        return render(root, collecting: &none)
    }

    /// As `render(_:)`, and with `drawn` non-nil the views drawn and which of them each
    /// shape belongs to (a report's frames between events, ReportSegment).
    func render(_ root: View, collecting drawn: inout DrawnViews?) -> DisplayList? {
        let sim = root.simulation
        let b = root.presentation.bounds
        var list = DisplayList(size: Size(width: abs(b.size.width), height: abs(b.size.height)),
                               background: root is Window ? .white : nil)
        var marks: [Mark] = []
        // An explicit stack, not recursion: a view tree may be 20,000 levels deep.
        // With `collectsViews`, each view's safe area and controller come down the walk
        // from its parent's, not up the tree from each view (a tree may be 20,000 deep).
        let rootInsets = collectsViews ? root.safeAreaInsets : .zero
        var stack: [Step] = [.enter(root, .translate(-b.origin.x, -b.origin.y), 1, false, rootInsets,
                                    collectsViews ? root.nearestViewController : nil, -1, false)]
        var visited = 0
        while let step = stack.popLast() {
            switch step {
            case .unclip:
                list.ops.append(.unclip)
                drawn?.opViews.append(-1)
            case .enter(let v, let parentMatrix, let parentAlpha, let highlighted, let insets, let parentController, let parent,
                        let animatedAbove):
                visited += 1
                // Every run limit reaches a long walk (README.md, `nestbox run`).
                if visited & 255 == 0 {
                    if list.ops.count &* MemoryLayout<DisplayOp>.stride > maxBytes { sim.memory.hold(list.approximateBytes) }
                    if sim.isInterrupted() { return nil }
                }
                if v.isHidden { continue }
                let p = v.presentation
                let alpha = parentAlpha * max(0, min(1, p.alpha.isNaN ? 0 : p.alpha))
                let m = v === root ? parentMatrix : Self.matrix(p, in: parentMatrix)
                // Nothing to see, or nothing a back-end can draw (a scale of 0, NaN).
                guard alpha > 0, Self.isDrawable(m), Self.isDrawable(p.bounds) else {
                    // An animation of its own or above it may bring it into sight (an
                    // alpha that underflowed in the product, a scale that made the matrix
                    // singular): the page could not draw that.
                    if animatedAbove || v.hasAnimationsInFlight || v === root { drawn?.complete = false }
                    continue
                }
                let box = Rect(origin: p.bounds.origin, size: Size(width: abs(p.bounds.size.width), height: abs(p.bounds.size.height)))
                let lit = highlighted || (highlight != nil && v.owningViewController === highlight)
                let opsBefore = list.ops.count
                draw(v, p, box, m, alpha, into: &list.ops)
                if lit && !highlighted { marks.append(.highlight(box, m)) }
                if overlays.contains(.controllers), let vc = v.owningViewController { marks.append(.controller(vc.name, box, m)) }
                if collectsControllerBoxes, let vc = v.owningViewController, vc.viewIfLoaded === v {
                    list.controllerBoxes.append((vc.name, Self.boundingBox(box, m)))
                }
                let vc = v.owningViewController ?? parentController
                if collectsViews {
                    list.views.append(ViewInfo(name: v.name, className: v.className, box: Self.boundingBox(box, m),
                                               frame: v.frame, bounds: v.bounds, alpha: v.alpha, safeArea: insets,
                                               controller: vc?.name, controllerState: vc?.appearanceState.rawValue))
                }
                if overlays.contains(.names) { marks.append(.name(v.name, box, m)) }
                if v.clipsToBounds {
                    list.ops.append(.clip(box, m))
                    stack.append(.unclip)
                }
                var index: Int32 = -1
                if drawn != nil {
                    index = Int32(drawn!.views.count)
                    drawn!.views.append(v)
                    drawn!.parents.append(parent)
                    drawn!.opViews.append(contentsOf: repeatElement(index, count: list.ops.count - opsBefore))
                }
                let animated = drawn != nil && (animatedAbove || v.hasAnimationsInFlight)
                for s in v.subviews.reversed() {
                    stack.append(.enter(s, m, alpha, lit, collectsViews ? s.safeAreaInsets(inheriting: insets) : .zero,
                                        collectsViews ? vc : nil, index, animated))
                }
            }
        }
        if overlays.contains(.safeArea), root is Window { drawSafeArea(sim.screen.safeAreaInsets, list.size, into: &list.ops) }
        drawMarks(marks, into: &list.ops)
        // What the overlays draw is placed by more than one view's geometry.
        if list.ops.count != drawn?.opViews.count ?? list.ops.count { drawn?.complete = false }
        return list
    }

    private enum Step {
        /// A view, its superview's matrix and alpha, whether it is highlighted, and (with
        /// `collectsViews`) its safe area and its superview's nearest controller, and
        /// (collecting `DrawnViews`) its superview's index among the views drawn and
        /// whether a view above it has animations in flight.
        case enter(View, Transform, Double, Bool, EdgeInsets, ViewController?, Int32, Bool)
        case unclip
    }

    private enum Mark {
        case controller(String, Rect, Transform)
        case name(String, Rect, Transform)
        case highlight(Rect, Transform)
    }

    /// A view's coordinates to its superview's: UIKit's layer geometry, the transform
    /// applied about the centre of the bounds (anchor point 0.5, 0.5), the bounds
    /// origin scrolling the content.
    static func matrix(_ p: Presentation, in parent: Transform) -> Transform {
        let mid = Point(x: p.bounds.origin.x + p.bounds.size.width / 2, y: p.bounds.origin.y + p.bounds.size.height / 2)
        return Transform.translate(-mid.x, -mid.y).concatenating(p.transform)
            .concatenating(.translate(p.center.x, p.center.y)).concatenating(parent)
    }

    /// The upright box around `r` drawn through `m`.
    static func boundingBox(_ r: Rect, _ m: Transform) -> Rect {
        let corners = [Point(x: r.origin.x, y: r.origin.y), Point(x: r.origin.x + r.size.width, y: r.origin.y),
                       Point(x: r.origin.x, y: r.origin.y + r.size.height),
                       Point(x: r.origin.x + r.size.width, y: r.origin.y + r.size.height)].map(m.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x = xs.min() ?? 0, y = ys.min() ?? 0
        return Rect(x: x, y: y, width: (xs.max() ?? 0) - x, height: (ys.max() ?? 0) - y)
    }

    static func isDrawable(_ m: Transform) -> Bool {
        let det = m.a * m.d - m.b * m.c
        return [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) && det != 0 && det.isFinite
    }

    static func isDrawable(_ r: Rect) -> Bool {
        [r.origin.x, r.origin.y, r.size.width, r.size.height].allSatisfy(\.isFinite)
    }

    // MARK: - Overlays

    /// Outlines and labels above every view; labels that would land on one another
    /// (a container and its child share a corner) step down.
    private func drawMarks(_ marks: [Mark], into ops: inout [DisplayOp]) {
        var taken: [Point] = []
        var colorIndex = 0
        func tag(_ text: String, at corner: Point, _ paint: Paint, size: Double) {
            var at = corner
            while taken.contains(where: { abs($0.x - at.x) < 1 && abs($0.y - at.y) < 1 }) { at.y += size + 5 }
            taken.append(at)
            let width = Double(text.count) * size * 0.62 + 8
            let box = Rect(x: at.x, y: at.y, width: width, height: size + 4)
            ops.append(.fill(box, .identity, paint))
            ops.append(.text(TextRun(text: text, box: Rect(x: at.x + 4, y: at.y, width: width - 8, height: size + 4),
                                     transform: .identity, size: size, bold: true, alignment: .left, paint: .white)))
        }
        for mark in marks {
            switch mark {
            case .highlight(let r, let m):
                ops.append(.fill(r, m, .hex("systemYellow", alpha: 0.35)))
                ops.append(.stroke(r, m, .hex("systemOrange"), width: 3))
            case .controller(let name, let r, let m):
                let paint = Self.palette[colorIndex % Self.palette.count]
                colorIndex += 1
                ops.append(.stroke(Rect(x: r.origin.x + 1, y: r.origin.y + 1, width: max(0, r.size.width - 2), height: max(0, r.size.height - 2)),
                                   m, paint, width: 2))
                tag(name, at: m.apply(r.origin), paint, size: 11)
            case .name(let name, let r, let m):
                tag(name, at: m.apply(r.origin), .hex("#555555", alpha: 0.8), size: 8)
            }
        }
    }

    static let palette: [Paint] = ["#E6194B", "#3CB44B", "#4363D8", "#F58231", "#911EB4", "#0099A8", "#F032E6", "#9A6324"].map { .hex($0) }

    private func drawSafeArea(_ i: EdgeInsets, _ size: Size, into ops: inout [DisplayOp]) {
        let shade = Paint.hex("systemOrange", alpha: 0.25)
        let bands = [Rect(x: 0, y: 0, width: size.width, height: i.top),
                     Rect(x: 0, y: size.height - i.bottom, width: size.width, height: i.bottom),
                     Rect(x: 0, y: i.top, width: i.left, height: size.height - i.top - i.bottom),
                     Rect(x: size.width - i.right, y: i.top, width: i.right, height: size.height - i.top - i.bottom)]
        for band in bands where band.size.width > 0 && band.size.height > 0 { ops.append(.fill(band, .identity, shade)) }
        ops.append(.stroke(Rect(x: i.left, y: i.top, width: size.width - i.left - i.right, height: size.height - i.top - i.bottom),
                           .identity, .hex("systemOrange"), width: 1))
    }
}
