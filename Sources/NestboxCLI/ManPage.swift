#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// docs/nestbox.1, written from ArgumentParser's own description of the commands (what
/// `--experimental-dump-help` prints), so the page and `--help` cannot disagree: one
/// declaration of each option. ManPageTests keeps the file current
/// (`NESTBOX_RECORD=1 swift test --filter ManPage` rewrites it).
public enum ManPage {
    struct Tool: Decodable { var command: Command }
    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }
    struct Argument: Decodable {
        var kind: String
        var names: [Name]?
        var valueName: String?
        var abstract: String?
        var isOptional: Bool
        var isRepeating: Bool
        var shouldDisplay: Bool
    }
    struct Name: Decodable { var kind: String; var name: String }

    /// What the page says beyond the options: where the rest is written.
    static let environment: [(String, String)] = [
        ("NO_COLOR", "When set to anything, no colour on either stream."),
        ("CLICOLOR_FORCE", "When set to something other than 0, colour even when a stream is not a terminal."),
        ("NESTBOX_HISTORY", "The REPL's history file (default: ~/.nestbox_history)."),
    ]

    /// The page, from the commands as this binary declares them.
    public static func page() -> String {
        var json = ""
        _ = Nestbox.main(["--experimental-dump-help"], output: Output(out: { json += $0 }, err: { _ in }))
        guard let tool = try? JSONDecoder().decode(Tool.self, from: Data(json.utf8)) else {
            return ".\\\" nestbox --experimental-dump-help printed nothing readable\n"
        }
        return render(tool.command)
    }

    static func render(_ root: Command) -> String {
        var out = [
            ".\\\" Generated from the command declarations (Sources/NestboxCLI/ManPage.swift); do not edit.",
            ".TH NESTBOX 1 \"\" \"nestbox \(Nestbox.version)\" \"User Commands\"",
            ".SH NAME", "nestbox \\- " + escape(root.abstract ?? ""),
            ".SH SYNOPSIS",
        ]
        let commands = (root.subcommands ?? []).filter { $0.shouldDisplay != false && $0.commandName != "help" }
        for c in commands { out += [".B nestbox \(c.commandName)", synopsis(c), ".br"] }
        out += [".B nestbox help", "[\\fIcommand\\fR]", ".br",
                ".B nestbox \\-\\-generate\\-completion\\-script", "\\fIbash\\fR|\\fIzsh\\fR|\\fIfish\\fR", ".br"]
        out += [".SH DESCRIPTION", escape(root.abstract ?? ""),
                "A script defines controllers, views and their hooks; Nestbox runs it on a virtual clock and prints",
                "the controller hierarchy, the view hierarchy and the event trace UIKit would produce.",
                "The README and the docs folder of the repository describe the Lua API and each policy."]
        out.append(".SH COMMANDS")
        for c in commands {
            out += [".SS nestbox \(c.commandName)", escape(c.abstract ?? "")]
            if let d = c.discussion, !d.isEmpty { out += preformatted(d) }
            for a in (c.arguments ?? []) where a.shouldDisplay && a.kind != "positional" {
                out += [".TP", item(a), escape(a.abstract ?? "")]
            }
        }
        out.append(".SH EXIT STATUS")
        out += preformatted(root.discussion ?? "")
        out.append(".SH ENVIRONMENT")
        for (name, what) in environment { out += [".TP", "\\fB\(name)\\fR", escape(what)] }
        out += [".SH SEE ALSO", "\\fBlua\\fR(1), \\fBbusted\\fR(1)"]
        return out.joined(separator: "\n") + "\n"
    }

    /// `FILE... [options]`: positionals by value name, bracketed when optional.
    static func synopsis(_ c: Command) -> String {
        var parts: [String] = []
        for a in c.arguments ?? [] where a.kind == "positional" && a.shouldDisplay {
            var p = "\\fI\(escape(a.valueName ?? "arg"))\\fR" + (a.isRepeating ? " ..." : "")
            if a.isOptional { p = "[" + p + "]" }
            parts.append(p)
        }
        parts.append("[\\fIoptions\\fR]")
        return parts.joined(separator: " ")
    }

    static func item(_ a: Argument) -> String {
        let names = (a.names ?? []).map { n in
            "\\fB" + (n.kind == "long" ? "\\-\\-" : "\\-") + escape(n.name) + "\\fR"
        }.joined(separator: ", ")
        return a.kind == "option" ? names + " \\fI\(escape(a.valueName ?? "value"))\\fR" : names
    }

    /// A discussion's paragraphs (blocks between blank lines) are filled as roff fills
    /// text; a block aligned by spaces (the exit-code table, an indented example) keeps
    /// its lines.
    static func preformatted(_ text: String) -> [String] {
        var out: [String] = []
        var block: [Substring] = []
        func flush() {
            guard !block.isEmpty else { return }
            if block.contains(where: { $0.hasPrefix(" ") || $0.contains("  ") }) {
                out += [".nf"] + block.map { escape(String($0)) } + [".fi"]
            } else {
                out += [".PP"] + block.map { escape(String($0)) }
            }
            block = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) { flush() } else { block.append(line) }
        }
        flush()
        return out
    }

    /// roff: a backslash is `\e`, a hyphen `\-` (so it is not a line-break hyphen), and a
    /// line that would start with a request character is guarded with `\&`.
    static func escape(_ s: String) -> String {
        var t = s.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if t.hasPrefix(".") || t.hasPrefix("'") { t = "\\&" + t }
        return t
    }
}
