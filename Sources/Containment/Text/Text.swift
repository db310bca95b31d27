/// Small text helpers in place of Foundation's: the tool links FoundationEssentials
/// only, because Foundation and its ICU data add about 3.5 ms to every start
/// (docs/performance.md).
extension StringProtocol {
    /// The text without spaces, tabs and line breaks at either end.
    package var trimmed: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// Whether `word` occurs in the text, byte by byte. `contains(_:)` with a string goes
    /// through the string-processing library's generic searcher, about 30,000
    /// instructions a call on a trace line: most of an example's `expectTrace` (docs/performance.md).
    package func includes(_ word: String) -> Bool {
        let text = Array(utf8), w = Array(word.utf8)
        guard let first = w.first else { return false }   // as contains("")
        guard w.count <= text.count else { return false }
        for i in 0...(text.count - w.count) where text[i] == first && text[i..<(i + w.count)].elementsEqual(w) {
            return true
        }
        return false
    }
}

/// `v` in hexadecimal, zero-padded to `width` digits ("%02X", "%04x").
package func hex(_ v: UInt32, width: Int, uppercase: Bool = false) -> String {
    let digits = String(v, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// The part of a path after its last "/" removed ("a/b/c.lua" -> "a/b"; "c.lua" -> "").
package func parentFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// `s` with each scalar `escape` answers for written as that answer; `s` itself when no
/// byte is one `needs` (most text), so the common case builds nothing.
package func escaping(_ s: String, where needs: (UInt8) -> Bool, _ escape: (Unicode.Scalar) -> String?) -> String {
    guard s.utf8.contains(where: needs) else { return s }
    var out = ""
    for u in s.unicodeScalars {
        if let e = escape(u) { out += e } else { out.unicodeScalars.append(u) }
    }
    return out
}

/// Text within one line of a listing (the trace's strings, a view's text or title in
/// `--views`): a line break, tab or other control character written as its escape
/// (`\n`, `\t`, `\u{1b}`), so one event or one view stays one line.
package func oneLine(_ s: String) -> String {
    escaping(s, where: { $0 < 0x20 || $0 == 0x7f }) { u in
        switch u {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case _ where u.value < 0x20 || u.value == 0x7f: "\\u{" + String(u.value, radix: 16) + "}"
        default: nil
        }
    }
}
