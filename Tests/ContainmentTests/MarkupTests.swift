import Testing
import Containment
import InvariantChecking

/// The one escaper (Text/Markup.swift) and its character policy: what XML 1.0 cannot
/// carry becomes U+FFFD in every format, markup characters are escaped, an attribute
/// keeps its line breaks as references, a TAP line stays one line.
@Suite(.checksInvariants) struct MarkupTests {
    @Test("markup characters, controls and the non-characters U+FFFE and U+FFFF")
    func escaped() {
        #expect(Markup.escaped("a & b < c > \"d\"") == "a &amp; b &lt; c &gt; &quot;d&quot;")
        #expect(Markup.escaped("x\u{1}y\u{FFFE}z\u{FFFF}") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
        #expect(Markup.escaped("one\ntwo\tthree\r") == "one\ntwo\tthree\r")
        #expect(Markup.escaped("é ✓ \u{7F}") == "é ✓ \u{7F}", "what XML allows passes")
    }

    @Test("an attribute keeps tab, line feed and carriage return as references")
    func attribute() {
        #expect(Markup.escaped("one\ntwo\tthree\r\u{0}", attribute: true) == "one&#10;two&#9;three&#13;\u{FFFD}")
    }

    @Test("a line stays one line, under the same policy")
    func line() {
        #expect(Markup.line("a\nb\tc\r\u{FFFE}\u{2}") == "a b c \u{FFFD}\u{FFFD}")
    }
}
