/// The one escaper for the text Nestbox writes into other formats: SVG, the HTML report,
/// JUnit XML, and TAP's one-line titles. One character policy for all of them
/// (docs/policies.md, Other choices): characters XML 1.0 cannot carry (C0 controls other
/// than tab, line feed and carriage return, and the non-characters U+FFFE and U+FFFF)
/// become U+FFFD, visible, so a name that had one does not lose it silently or make a
/// file its readers reject.
public enum Markup {
    /// `u` under the policy: itself, or U+FFFD.
    @inline(__always)
    static func allowed(_ u: Unicode.Scalar) -> Unicode.Scalar {
        let v = u.value
        return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0xFFFE || v == 0xFFFF ? "\u{FFFD}" : u
    }

    /// Text for an XML or HTML element or a double-quoted attribute: `& < > "` escaped.
    /// In an attribute (`attribute: true`) tab, line feed and carriage return are written
    /// as character references, which a parser keeps (it turns them into spaces otherwise).
    public static func escaped(_ s: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            case "\r" where attribute: out += "&#13;"
            default: out.unicodeScalars.append(allowed(u))
            }
        }
        return out
    }

    /// Text that must stay on one line (a TAP test line): the policy, then tab, line feed
    /// and carriage return as spaces.
    public static func line(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            out.unicodeScalars.append(u == "\t" || u == "\n" || u == "\r" ? " " : allowed(u))
        }
        return out
    }
}
