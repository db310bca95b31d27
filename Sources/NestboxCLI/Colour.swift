#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Colour on a terminal, as command-line tools agree (no-color.org, bixense's CLICOLOR):
/// none when `NO_COLOR` is set to anything, or when the stream is not a terminal unless
/// `CLICOLOR_FORCE` is set to something other than 0. Each stream is judged on its own:
/// `nestbox test 2>log` keeps PASS green on the terminal and writes plain errors.
enum Colour {
    static func enabled(environment: [String: String], isTerminal: Bool) -> Bool {
        enabled(variable: { environment[$0] }, isTerminal: isTerminal)
    }

    static func enabled(variable: (String) -> String?, isTerminal: Bool) -> Bool {
        if let no = variable("NO_COLOR"), !no.isEmpty { return false }
        if let force = variable("CLICOLOR_FORCE"), !force.isEmpty, force != "0" { return true }
        return isTerminal
    }

    /// For the process's own standard output.
    static func forStandardOutput(_ output: Output) -> Bool {
        enabled(variable: Environment.value, isTerminal: output.ownsProcess && isatty(1) != 0)
    }

    /// For the process's own standard error.
    static var forStandardError: Bool {
        enabled(variable: Environment.value, isTerminal: isatty(2) != 0)
    }

    static let red = "31", yellow = "33", cyan = "36", dim = "2"

    static func paint(_ s: some StringProtocol, _ code: String) -> String { "\u{1b}[\(code)m\(s)\u{1b}[0m" }

    /// What standard error shows on a terminal: UIKit's console messages
    /// (`warning: …`) with the word in yellow, Nestbox's own complaints (`nestbox: …`)
    /// and a script's error (`file:line: …`) with the prefix in red, notes in cyan, and
    /// a traceback dimmed. The text is otherwise unchanged, so a copied line is the
    /// same words; lines of any other shape (the explorer's progress) pass as they are.
    static func standardError(_ text: String) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.offset > 0 { out += "\n" }
            out += painted(line.element)
        }
        return out
    }

    private static func painted(_ line: Substring) -> String {
        if line.hasPrefix("warning: ") { return paint("warning:", yellow) + line.dropFirst(8) }
        if line.hasPrefix("nestbox: note: ") { return paint("nestbox: note:", cyan) + line.dropFirst(14) }
        if line.hasPrefix("nestbox: ") { return paint("nestbox:", red) + line.dropFirst(8) }
        if line == "stack traceback:" || line.hasPrefix("\t") { return paint(line, dim) }
        if let end = locationEnd(line) { return paint(line[..<end], red) + line[end...] }
        return String(line)
    }

    /// The end of a leading `file:line:` (a Lua error's position), if the line has one.
    private static func locationEnd(_ line: Substring) -> Substring.Index? {
        guard let colon = line.firstIndex(of: ":"), colon > line.startIndex,
              !line[..<colon].contains(" ") else { return nil }
        let digits = line[line.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.endIndex < line.endIndex, line[digits.endIndex] == ":" else { return nil }
        return line.index(after: digits.endIndex)
    }
}
