import Containment

/// How each kind of view looks (policy Q30): its background, then what it shows. The
/// bars, tables and cells draw UIKit's default chrome when the script set no colour.
extension Renderer {
    func draw(_ v: View, _ p: Presentation, _ box: Rect, _ m: Transform, _ alpha: Double, into ops: inout [DisplayOp]) {
        let background = p.backgroundColor == "tintColor" ? tint(of: v) : Paint.named(p.backgroundColor)
        if let bg = background ?? Self.defaultBackground(v), bg.a > 0 {
            ops.append(.fill(box, m, bg.fading(alpha)))
        }
        let hairline = Paint.hex("#C6C6C8").fading(alpha)
        switch v {
        case let label as Label:
            guard let text = label.text, !text.isEmpty else { return }
            var run = TextRun(text: text, box: box, transform: m, size: label.fontSize,
                              bold: ["semibold", "bold", "heavy", "black"].contains(label.fontWeight),
                              alignment: Self.alignment(label.textAlignment),
                              paint: (label.textColor == "tintColor" ? tint(of: label) : Paint.named(label.textColor) ?? .black).fading(alpha))
            if let button = label.superview as? TabBarButton {
                // UIKit's tab titles: 10 points, the tint when selected, grey otherwise.
                run.size = 10
                run.paint = (button.isSelected ? tint(of: button) : .hex("systemGray")).fading(alpha)
            } else if label.superview is NavigationBar {
                run.bold = true
            }
            clipped(run, into: &ops)
        case let button as Button:
            guard let title = button.title, !title.isEmpty else { return }
            let paint = button.isEnabled ? tint(of: button) : .hex("systemGray3")
            clipped(TextRun(text: title, box: box, transform: m, size: 17, bold: false, alignment: .center,
                            paint: paint.fading(alpha)), into: &ops)
        case is NavigationBar:
            ops.append(.fill(Self.bottomLine(box), m, hairline))
        case is TabBar:
            ops.append(.fill(Self.topLine(box), m, hairline))
        case is TableViewCell:
            ops.append(.fill(Self.cellLine(box), m, hairline))
        default:
            guard v.className == "TabBarSwappableImageView", let button = v.superview as? TabBarButton,
                  let item = button.item else { return }
            let image = button.isSelected ? item.selectedImage ?? item.image : item.image
            if let image { placeholder(image, box, m, alpha, into: &ops) }
        }
    }

    /// The hairlines in a view's box: a navigation bar's bottom edge, a tab bar's top
    /// edge, a cell's separator (inset 16 points). The report's page works them out
    /// from the box of each tick the same way (ReportSegment.Shape).
    static func bottomLine(_ b: Rect) -> Rect { Rect(x: b.origin.x, y: b.origin.y + b.size.height - 0.5, width: b.size.width, height: 0.5) }
    static func topLine(_ b: Rect) -> Rect { Rect(x: b.origin.x, y: b.origin.y, width: b.size.width, height: 0.5) }
    static func cellLine(_ b: Rect) -> Rect {
        Rect(x: b.origin.x + 16, y: b.origin.y + b.size.height - 0.5, width: max(0, b.size.width - 16), height: 0.5)
    }

    /// UIKit's defaults where Nestbox draws chrome: bars' translucent white, tables and
    /// cells white. Every other view is clear until a script colours it.
    static func defaultBackground(_ v: View) -> Paint? {
        switch v {
        case is NavigationBar, is TabBar: return .hex("#F9F9F9", alpha: 0.94)
        case is TableView, is TableViewCell: return .white
        default: return nil
        }
    }

    static func alignment(_ name: String) -> TextAlignment {
        switch name {
        case "center": return .center
        case "right": return .right
        default: return .left      // natural and left, in a left-to-right language
        }
    }

    /// The nearest tintColor up the tree, else UIKit's default blue.
    func tint(of view: View) -> Paint {
        var v: View? = view
        while let cur = v {
            // A view whose tint is UIColor.tintColor takes its superview's (UIKit's inheritance).
            if let t = cur.tintColor, t != "tintColor" { return Paint.named(t) ?? .unknown }
            v = cur.superview
        }
        return .hex("systemBlue")
    }

    /// A label's text never leaves the label.
    func clipped(_ run: TextRun, into ops: inout [DisplayOp]) {
        ops.append(.clip(run.box, run.transform))
        ops.append(.text(run))
        ops.append(.unclip)
    }

    /// An image Nestbox does not load: a grey box with the image's name.
    func placeholder(_ name: String, _ box: Rect, _ m: Transform, _ alpha: Double, into ops: inout [DisplayOp]) {
        ops.append(.fill(box, m, .hex("systemGray5").fading(alpha)))
        ops.append(.stroke(box, m, .hex("systemGray").fading(alpha), width: 1))
        clipped(TextRun(text: name, box: box, transform: m, size: 8, bold: false, alignment: .center,
                        paint: .hex("#3C3C43").fading(alpha)), into: &ops)
    }
}
