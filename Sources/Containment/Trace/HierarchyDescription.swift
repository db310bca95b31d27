/// The two printers, UIKit's `_printHierarchy` and `recursiveDescription` with Nestbox's
/// descriptions, returning text.

/// `   | ` per level, as UIKit prints; past 64 levels the depth is written as a number,
/// so a very deep tree prints in linear space.
/// Appended literal by literal rather than taken from a stored table of strings: a global
/// table would be shared, and reference-counted, by every simulation's thread (Q55).
func appendIndentation(to text: inout String, _ depth: Int) {
    for _ in 0..<min(depth, 64) { text += "   | " }
    if depth > 64 { text += "(\(depth)) " }
}
extension ViewController {
    /// UIKit's `_printHierarchy`: one line per controller, `   | ` per level.
    public func hierarchyDescription() -> String {
        var text = TextBuffer()
        appendHierarchy(to: &text, depth: 0)
        return text.string
    }

    /// The same text handed to `write` in pieces of about 64 KB, each whole lines' worth
    /// of whole pieces: a run's report streams it rather than holding a tree's lines
    /// three times over (the buffer, its string and the report's) at its peak.
    public func writeHierarchy(to write: (String) -> Void) {
        var text = TextBuffer()
        // An optional closure parameter escapes by type; this one is only called here.
        withoutActuallyEscaping(write) { appendHierarchy(to: &text, depth: 0, drain: $0) }
        write(text.string)
    }

    /// `   | ` per level; a presented controller's own line ends in `   + ` (UIKit).
    /// Iterative, so a deep tree cannot overflow the stack. With `drain`, the text so far
    /// goes to it whenever it reaches `TextBuffer.pieceBytes`.
    func appendHierarchy(to text: inout TextBuffer, depth: Int, drain: ((String) -> Void)? = nil) {
        var stack: [(ViewController, Int, Bool)] = [(self, depth, false)]
        let sim = simulation
        var lines = 0
        while let (vc, d, presented) = stack.popLast() {
            lines += 1
            if lines & 1023 == 0, sim.isInterrupted() { return }
            if lines > 1 { text.append(literal: "\n") }
            if let drain, text.count >= TextBuffer.pieceBytes {
                drain(text.string)
                text.removeAll()
            }
            text.indent(presented ? max(0, d - 1) : d)
            if presented { text.append(literal: "   + ") }
            text.append(literal: "<"); text.append(vc.className); text.append(literal: ": "); text.appendName(of: vc)
            text.append(literal: ">, state: "); text.append(vc.appearanceState.rawValue); text.append(literal: ", view: ")
            if let v = vc._view { text.append(literal: "<"); text.append(v.className); text.append(literal: ": "); text.appendName(of: v); text.append(literal: ">") }
            else { text.append(literal: "(view not loaded)") }
            if presented { text.append(literal: ", presented with: "); text.append(vc.activeStyle.rawValue) }
            if let p = vc.presentedHere { stack.append((p, d + 1, true)) }
            for c in vc.children.reversed() { stack.append((c, d + 1, false)) }
        }
    }
}

extension View {
    /// UIKit's `recursiveDescription`.
    public func recursiveDescription() -> String {
        var lines: [String] = []
        appendDescription(to: &lines, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// Iterative, so a deep tree cannot overflow the stack.
    func appendDescription(to lines: inout [String], depth: Int) {
        var stack: [(View, Int)] = [(self, depth)]
        let sim = simulation
        while let (v, d) = stack.popLast() {
            if lines.count & 1023 == 1023, sim.isInterrupted() { return }
            var line = ""
            appendIndentation(to: &line, d)
            line += v.viewDescription
            lines.append(line)
            for s in v.subviews.reversed() { stack.append((s, d + 1)) }
        }
    }

    /// `<View: menu.view; frame = (0 0; 390 844); autoresize = W+H; owner = menu>`
    public var viewDescription: String {
        var parts = ["\(className): \(name)", "frame = \(frame)"]
        if !transform.isIdentity {
            let t = transform
            parts.append("transform = [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(formatNumber).joined(separator: ", "))]")
        }
        if isHidden { parts.append("hidden = YES") }
        if alpha != 1 { parts.append("alpha = \(formatNumber(alpha))") }
        if !isUserInteractionEnabled { parts.append("userInteractionEnabled = NO") }
        if tag != 0 { parts.append("tag = \(tag)") }
        if !autoresizingMask.isEmpty { parts.append("autoresize = \(autoresizingMask.shortDescription)") }
        if let c = backgroundColor { parts.append("backgroundColor = \(c)") }
        if let label = self as? Label, let text = label.text { parts.append("text = '\(oneLine(text))'") }
        if let button = self as? Button {
            if let title = button.title { parts.append("title = '\(oneLine(title))'") }
            if button.isSelected { parts.append("selected = YES") }
            if !button.isEnabled { parts.append("enabled = NO") }
        }
        if let owner = owningViewController { parts.append("owner = \(owner.name)") }
        return "<" + parts.joined(separator: "; ") + ">"
    }
}

extension Simulation {
    /// The window's controller tree, or a note that there is none.
    public func hierarchyDescription() -> String {
        window.rootViewController?.hierarchyDescription() ?? "(no root view controller)"
    }

    /// The same, in pieces (`ViewController.writeHierarchy`).
    public func writeHierarchy(to write: (String) -> Void) {
        guard let root = window.rootViewController else { return write("(no root view controller)") }
        root.writeHierarchy(to: write)
    }
}
