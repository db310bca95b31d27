/// The text trace and JSON Lines written straight from the records (`RunReport`): a
/// plain event's line is its instant's text, its object's and its event's names and at
/// most one argument, each read from the storage's tables, where decoding a `TraceEvent`
/// and formatting it as a `String` cost about 8,000 instructions a text line (three
/// quarters of a large run's `nestbox run`) and 37,000 a JSON one (docs/performance.md).
/// Any other event (a message, a delegate's, a wide entry) is decoded and formatted by
/// `TraceEvent.text` or `.json`, whose bytes the plain ones must equal
/// (`PlainTextTraceTests`).
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
        names.append(Int(r.object), to: &out)
        out.append(UInt8(ascii: "."))
        names.append(Int(shape.event), to: &out)
        out.append(UInt8(ascii: "("))
        if shape.argc == 1 {
            let label = names.text(Int(shape.label0))
            if label != "_" {
                out.append(label)
                out.append(literal: ": ")
            }
            switch shape.tag0 {
            case 1: if r.payload != 0 { out.append(literal: "true") } else { out.append(literal: "false") }
            case 2: out.append(formatNumber(Double(Float(bitPattern: r.payload))))
            case 3:
                out.append(UInt8(ascii: "\""))
                out.append(oneLine(strings[Int(r.payload)]))
                out.append(UInt8(ascii: "\""))
            case 4: names.append(Int(r.payload), to: &out)
            default: out.append(literal: "nil")
            }
        }
        out.append(UInt8(ascii: ")"))
    }
}

extension TraceStorage {
    /// The shape of record `r` when its JSON object is plain: at most one argument, inline,
    /// and nothing on the side (so no message, result, traceback or location).
    func plainJSONShape(_ r: TraceRecord) -> TraceShape? {
        let shape = shapes[Int(r.shape)]
        return !shape.wide && shape.argc <= 1 ? shape : nil
    }

    /// Appends the JSON object of record `r` as `TraceEvent.json` writes it: its number,
    /// its instant as `time` gives it, and the names quoted once each (`quoted`, by id).
    func appendPlainJSON(_ r: TraceRecord, _ shape: TraceShape, seq: Int, time: String, quoted: inout [String?],
                         to out: inout TextBuffer) {
        func name(_ id: UInt32) -> String {
            // A default name encoded in its id (TraceNames) is written where it is used.
            guard Int(id) < quoted.count else { return jsonString(names.text(Int(id))) }
            if let q = quoted[Int(id)] { return q }
            let q = jsonString(names.text(Int(id)))
            quoted[Int(id)] = q
            return q
        }
        func put(_ id: UInt32) {
            if !names.appendJSON(Int(id), to: &out) { out.append(name(id)) }
        }
        out.append(literal: "{\"seq\":")
        out.append(String(seq))
        out.append(literal: ",\"t\":")
        out.append(time)
        out.append(literal: ",\"kind\":\"")
        out.append(TraceKind(index: shape.kind).rawValue)    // plain words: nothing to escape
        out.append(literal: "\",\"object\":")
        put(r.object)
        out.append(literal: ",\"event\":")
        out.append(name(shape.event))
        out.append(literal: ",\"args\":{")
        if shape.argc == 1 {
            out.append(name(shape.label0))
            out.append(UInt8(ascii: ":"))
            switch shape.tag0 {
            case 1: if r.payload != 0 { out.append(literal: "true") } else { out.append(literal: "false") }
            case 2: out.append(jsonNumber(Double(Float(bitPattern: r.payload))))
            case 3: out.append(jsonString(strings[Int(r.payload)]))
            case 4: put(r.payload)
            default: out.append(literal: "null")
            }
        }
        out.append(literal: "}}")
    }
}

extension RunReport {
    /// The lines of `events` that `filter` accepts, as text or as JSON Lines, handed to
    /// `write` in pieces: how many were shown, and whether the deadline cut them short
    /// (checked every 1,024 lines, as for the other formats).
    func writeLines(_ events: TraceEvents, json: Bool, to write: (String) -> Void) -> (shown: Int, cut: Bool) {
        let storage = events.storage
        var text = TextBuffer()
        defer { if text.count > 0 { write(text.string) } }
        // Whether the filter takes a shape's events: 2 until asked (a shape's kind and
        // event name decide it, TraceFilter.accepts).
        var verdicts = [UInt8](repeating: 2, count: storage.shapes.count)
        var quoted = [String?](repeating: nil, count: json ? storage.names.count : 0)
        var instant = -1, time = ""
        var shown = 0
        for i in 0..<events.endIndex {
            let r = storage.record(i)
            if let shape = json ? storage.plainJSONShape(r) : storage.plainShape(r) {
                let s = Int(r.shape)
                if verdicts[s] == 2 {
                    let accepted = filter.accepts(kind: TraceKind(index: shape.kind), event: storage.names.text(Int(shape.event)))
                    verdicts[s] = accepted ? 1 : 0
                }
                guard verdicts[s] == 1 else { continue }
                if shown & 1023 == 1023, simulation.isInterrupted() { return (shown, true) }
                // The instants' starts rise with the records: the last one at or before i.
                var k = max(instant, 0)
                while k + 1 < storage.instantStarts.count, storage.instantStarts[k + 1] <= i { k += 1 }
                if k != instant {
                    instant = k
                    let t = storage.instants[k]
                    time = json ? jsonNumber(t) : "[" + fixedPoint(t) + "] "
                }
                if json {
                    storage.appendPlainJSON(r, shape, seq: storage.firstSeq + i, time: time, quoted: &quoted, to: &text)
                } else {
                    text.append(time)
                    storage.appendPlainBody(r, shape, to: &text)
                }
            } else {
                let e = events[i]
                guard filter.accepts(e) else { continue }
                if shown & 1023 == 1023, simulation.isInterrupted() { return (shown, true) }
                text.append(json ? e.json : e.text)
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
