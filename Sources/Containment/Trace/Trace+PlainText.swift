/// The text trace written straight from the records (`RunReport`): a plain event's line
/// is its instant's text, its object's and its event's names and at most one argument,
/// each read from the storage's tables, where decoding a `TraceEvent` and formatting it
/// as a `String` cost about 8,000 instructions a line, three quarters of a large run's
/// `nestbox run` (docs/performance.md). Any other event (a message, a delegate's, a
/// wide entry) is decoded and formatted by `TraceEvent.text`, whose text the plain one
/// must equal byte for byte (`PlainTextTraceTests`).
extension TraceStorage {
    /// The shape of record `r` when its line is plain: `object.event()` or
    /// `object.event(label: value)` with the value inline; nil otherwise.
    func plainShape(_ r: TraceRecord) -> TraceShape? {
        let shape = shapes[Int(r.shape)]
        guard !shape.wide, shape.argc <= 1 else { return nil }
        switch TraceKind(index: shape.kind) {
        case .warning, .lint, .log, .mark, .error, .delegate: return nil
        case .lifecycle, .containment, .call, .view, .animation, .input: return shape
        }
    }

    /// Appends the line after its time prefix, as `TraceEvent.body` writes a call and
    /// `TraceValue.text` its argument.
    func appendPlainBody(_ r: TraceRecord, _ shape: TraceShape, to out: inout TextBuffer) {
        out.append(names.list[Int(r.object)])
        out.append(UInt8(ascii: "."))
        out.append(names.list[Int(shape.event)])
        out.append(UInt8(ascii: "("))
        if shape.argc == 1 {
            let label = names.list[Int(shape.label0)]
            if label != "_" {
                out.append(label)
                out.append(literal: ": ")
            }
            switch shape.tag0 {
            case 1: if r.payload != 0 { out.append(literal: "true") } else { out.append(literal: "false") }
            case 2: out.append(formatNumber(Double(Float(bitPattern: r.payload))))
            case 3:
                out.append(UInt8(ascii: "\""))
                out.append(strings[Int(r.payload)])
                out.append(UInt8(ascii: "\""))
            case 4: out.append(names.list[Int(r.payload)])
            default: out.append(literal: "nil")
            }
        }
        out.append(UInt8(ascii: ")"))
    }
}

extension RunReport {
    /// The text trace's lines of `events` that `filter` accepts, handed to `write` in
    /// pieces: how many were shown, and whether the deadline cut them short (checked
    /// every 1,024 lines, as for the other formats).
    func writeTextLines(_ events: TraceEvents, to write: (String) -> Void) -> (shown: Int, cut: Bool) {
        let storage = events.storage
        var text = TextBuffer()
        defer { if text.count > 0 { write(text.string) } }
        // Whether the filter takes a shape's events: 2 until asked (a shape's kind and
        // event name decide it, TraceFilter.accepts).
        var verdicts = [UInt8](repeating: 2, count: storage.shapes.count)
        var instant = UInt32.max, prefix = ""
        var shown = 0
        for i in 0..<events.endIndex {
            let r = storage.record(i)
            let plain = storage.plainShape(r)
            if let shape = plain {
                let s = Int(r.shape)
                if verdicts[s] == 2 {
                    let accepted = filter.accepts(kind: TraceKind(index: shape.kind), event: storage.names.list[Int(shape.event)])
                    verdicts[s] = accepted ? 1 : 0
                }
                guard verdicts[s] == 1 else { continue }
                if shown & 1023 == 1023, simulation.isInterrupted() { return (shown, true) }
                if r.instant != instant {
                    instant = r.instant
                    prefix = "[" + fixedPoint(storage.instants[Int(instant)]) + "] "
                }
                text.append(prefix)
                storage.appendPlainBody(r, shape, to: &text)
            } else {
                let e = events[i]
                guard filter.accepts(e) else { continue }
                if shown & 1023 == 1023, simulation.isInterrupted() { return (shown, true) }
                text.append(e.text)
            }
            text.append(UInt8(ascii: "\n"))
            shown += 1
            if text.count >= TextBuffer.pieceBytes {
                write(text.string)
                text.removeAll()
            }
        }
        return (shown, false)
    }
}
