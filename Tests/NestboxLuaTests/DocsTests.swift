import Foundation
import Testing
import InvariantChecking
import Containment

/// The documentation stays inside the repository and complete: no file cites a
/// document a reader of the repository cannot open, every policy, message and scenario
/// number cited has its heading in docs/, and the links in the Markdown files lead to
/// files that exist.
@Suite(.checksInvariants) struct DocsTests {
    /// The folders (and files) whose text is checked, relative to the repository.
    static let checked = ["Sources", "Tests", "scripts", "Fuzz", "docs", "README.md", "Package.swift"]

    /// Every regular file under `checked`, skipping build products, as (path, text).
    /// Bytes that are not UTF-8 (the hostile corpus has some) are replaced, not fatal.
    static let files: [(path: String, text: String)] = {
        var found: [(String, String)] = []
        let fm = FileManager.default
        for entry in checked {
            let url = repositoryRoot.appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            var urls = [url]
            if isFolder.boolValue {
                urls = []
                let walker = fm.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
                while let next = walker?.nextObject() as? URL {
                    if next.lastPathComponent.hasPrefix(".build") || next.lastPathComponent == ".swiftpm" {
                        walker?.skipDescendants()
                        continue
                    }
                    if (try? next.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { urls.append(next) }
                }
            }
            // Pictures are not prose: a PNG's bytes can spell a scenario number.
            for u in urls where !["png", "svg"].contains(u.pathExtension) {
                guard let data = fm.contents(atPath: u.path) else { continue }
                let relative = String(u.path.dropFirst(repositoryRoot.path.count + 1))
                found.append((relative, String(decoding: data, as: UTF8.self)))
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }()

    static func text(of path: String) -> String {
        files.first { $0.path == path }?.text ?? ""
    }

    @Test("the checked files were found")
    func filesFound() {
        #expect(Self.files.count > 200, "\(Self.files.count) files")
        for doc in ["README.md", "docs/README.md", "docs/policies.md", "docs/uikit-messages.md", "docs/scenarios.md",
                    "docs/layout.md", "docs/containment.md", "Sources/Containment/Controllers/ViewController.swift"] {
            #expect(Self.files.contains { $0.path == doc }, "missing \(doc)")
        }
    }

    /// Spelled in pieces, so that this file does not cite them itself.
    static let outsideDocuments = ["DESIGN" + ".md", "../" + "shared", "reference" + " §",
                                   "lua-embedding" + ".md", "uikit-semantics" + ".md"]

    @Test("no file cites a document outside the repository")
    func noOutsideDocuments() {
        var offenders: [String] = []
        for (path, text) in Self.files {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for name in Self.outsideDocuments where line.contains(name) {
                    offenders.append("\(path):\(n + 1): \(name)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    /// An issue tracker's numbers mean nothing to a reader of the repository: the docs'
    /// headings (Q, W, S, L) and their pages are what a comment or a document cites.
    @Test("no file cites an issue by number")
    func noIssueNumbers() {
        var offenders: [String] = []
        let word = Array("issue".unicodeScalars)
        for (path, text) in Self.files {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let s = Array(line.lowercased().unicodeScalars)
                var i = 0
                while i + word.count < s.count {
                    defer { i += 1 }
                    guard Array(s[i..<(i + word.count)]) == word else { continue }
                    var j = i + word.count
                    if j < s.count, s[j] == "s" { j += 1 }
                    guard j < s.count, s[j] == " " else { continue }
                    j += 1
                    if j < s.count, s[j] == "#" { j += 1 }
                    if j < s.count, ("0"..."9").contains(Character(s[j])) { offenders.append("\(path):\(n + 1)") }
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    /// The README is the user's manual (development and performance have their pages in
    /// docs/), and a source file that grows past a screenful of screens is asking to be
    /// split. A generated file (its first line says so: the precompiled bytecode) is data,
    /// not a file anyone reads, and is not held to it.
    @Test("README.md is at most 600 lines, and no file in Sources over 450")
    func sizes() {
        let readme = Self.text(of: "README.md").split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(readme <= 600, "README.md has \(readme) lines")
        for (path, text) in Self.files where path.hasPrefix("Sources/") && path.hasSuffix(".swift") && !text.hasPrefix("// Generated by") {
            let n = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(n <= 450, "\(path) has \(n) lines")
        }
    }

    // MARK: - Numbers cited and their headings

    /// Which docs file defines the numbers of each letter.
    static let definedIn: [Character: String] = ["Q": "docs/policies.md", "W": "docs/uikit-messages.md",
                                                 "S": "docs/scenarios.md", "L": "docs/lints.md"]

    /// The numbers a text cites: `Q4`, `Q15b`, `W19`, `S07` (a scenario has two digits),
    /// standing alone (not inside a longer word); a range such as `S30–S34` or `W14–W18`
    /// cites every number in it.
    static func citations(in text: String) -> Set<String> {
        let s = Array(text.unicodeScalars)
        func isWord(_ i: Int) -> Bool {
            guard s.indices.contains(i) else { return false }
            let c = s[i]
            return c == "_" || CharacterSet.alphanumerics.contains(c)
        }
        func digits(from start: Int) -> (Int, Int)? {
            var j = start, value = 0
            while j < s.count, let d = Int(String(s[j])), s[j].isASCII, j - start < 3 {
                value = value * 10 + d
                j += 1
            }
            return j > start ? (value, j) : nil
        }
        var found = Set<String>()
        var i = 0
        while i < s.count {
            defer { i += 1 }
            let letter = Character(s[i])
            guard definedIn[letter] != nil, !isWord(i - 1), let (number, end) = digits(from: i + 1) else { continue }
            if letter == "S" && end - (i + 1) != 2 { continue }
            var j = end
            var suffix = ""
            if j < s.count, ("a"..."z").contains(Character(s[j])), !isWord(j + 1) {
                suffix = String(s[j])
                j += 1
            }
            guard !isWord(j) else { continue }
            let name = { (n: Int) in letter == "S" ? String(format: "S%02d", n) : "\(letter)\(n)" }
            found.insert(name(number) + suffix)
            // A range: `–` and the last number, with or without the letter again.
            if suffix.isEmpty, j < s.count, s[j] == "\u{2013}" {
                var k = j + 1
                if k < s.count, Character(s[k]) == letter { k += 1 }
                if let (last, after) = digits(from: k), !isWord(after), last > number, last - number < 50 {
                    for n in number...last { found.insert(name(n)) }
                }
            }
        }
        return found
    }

    /// The numbers a docs file gives a heading: `## Q4 — addChild of …` defines Q4.
    static func headings(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("## "), let dash = line.range(of: " — ") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<dash.lowerBound])
        }
    }

    @Test("the citation scanner finds numbers, suffixes and ranges, and nothing inside words")
    func scanner() {
        #expect(Self.citations(in: "policy Q4, (Q15b) and W19; S07/S08 and S30–S32, W14–W16.")
                == ["Q4", "Q15b", "W19", "S07", "S08", "S30", "S31", "S32", "W14", "W15", "W16"])
        #expect(Self.citations(in: "W+H, S3, MSW1, Q4x2, S123, i386, UTF8") == [])
        #expect(Self.headings(in: "# Title\n## Q4 — a\ntext Q9\n## Q5b — b\n### Q6 — c\n") == ["Q4", "Q5b"])
    }

    /// A range the docs state in words ("the policies Q1 to Q57") ends at the last
    /// heading of its page, so a new policy, message, scenario or lint cannot leave it
    /// stale.
    @Test("every \"Q1 to Qn\" range stated in README.md and docs/ ends at the last heading")
    func statedRanges() throws {
        let range = try Regex(#"\b(Q1|W1|S01|L1)\s+to\s+([QWSL])(\d+)\b"#, as: (Substring, Substring, Substring, Substring).self)
        var checked = 0
        for (path, text) in Self.files where path == "README.md" || path.hasPrefix("docs/") {
            for match in text.matches(of: range) {
                let letter = Character(String(match.output.2))
                guard String(match.output.1).first == letter, let page = Self.definedIn[letter] else { continue }
                let last = Self.headings(in: Self.text(of: page)).filter { $0.first == letter && $0.allSatisfy { $0.isNumber || $0 == letter } }
                    .compactMap { Int($0.dropFirst()) }.max()
                #expect(Int(match.output.3) == last, "\(path): \(match.output.0), but \(page) ends at \(letter)\(last ?? 0)")
                checked += 1
            }
        }
        #expect(checked >= 5, "\(checked) ranges found")
    }

    @Test("docs/lints.md has a heading per lint rule, L1 to the last")
    func lintHeadings() {
        #expect(Self.headings(in: Self.text(of: "docs/lints.md")) == LintRule.allCases.map(\.id))
    }

    @Test("every Q-, W-, S- and L-number cited has a heading in its docs file, and none is defined twice")
    func everyCitationIsDefined() {
        var defined: [Character: Set<String>] = [:]
        for (letter, doc) in Self.definedIn {
            let names = Self.headings(in: Self.text(of: doc))
            #expect(!names.isEmpty, "no headings in \(doc)")
            #expect(Set(names).count == names.count, "a number defined twice in \(doc): \(names)")
            #expect(names.allSatisfy { $0.first == letter }, "\(doc) defines \(names.filter { $0.first != letter })")
            defined[letter] = Set(names)
        }
        var missing: [String] = []
        for (path, text) in Self.files {
            for name in Self.citations(in: text).sorted() {
                guard let letter = name.first, defined[letter]?.contains(name) != true else { continue }
                missing.append("\(path) cites \(name), which \(Self.definedIn[letter] ?? "?") does not define")
            }
        }
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }

    @Test("docs/scenarios.md has all 49 scenarios, and the tests it names exist")
    func scenariosAndTheirTests() throws {
        let doc = Self.text(of: "docs/scenarios.md")
        #expect(Self.headings(in: doc) == (1...49).map { String(format: "S%02d", $0) })
        let swiftTests = Self.files.filter { $0.path.hasPrefix("Tests/ContainmentTests/") }.map(\.text).joined()
        var wrong: [String] = []
        for line in doc.split(separator: "\n") where line.contains("Tests: ") {
            let named = line.components(separatedBy: "Tests: ").last ?? ""
            for (n, part) in named.components(separatedBy: "`").enumerated() where n % 2 == 1 {
                if part.hasSuffix(".lua") {
                    if !Self.files.contains(where: { $0.path == "Tests/Scenarios/\(part)" }) { wrong.append(part) }
                } else if let dot = part.firstIndex(of: "."), !part.contains(" "), !part.hasSuffix(".swift") {
                    let suite = part[..<dot], function = part[part.index(after: dot)...]
                    if !swiftTests.contains("struct \(suite) ") || !swiftTests.contains("func \(function)(") { wrong.append(part) }
                }
            }
        }
        #expect(wrong.isEmpty, "named in docs/scenarios.md but not found: \(wrong)")
    }

    // MARK: - Links

    @Test("the Markdown files link only to files that exist in the repository")
    func linksStayInside() {
        let root = repositoryRoot.standardizedFileURL.path
        var wrong: [String] = []
        for (path, text) in Self.files where path.hasSuffix(".md") {
            let folder = repositoryRoot.appendingPathComponent(path).deletingLastPathComponent()
            for piece in text.components(separatedBy: "](").dropFirst() {
                guard let close = piece.firstIndex(of: ")") else { continue }
                let target = String(piece[..<close].split(separator: "#", omittingEmptySubsequences: false).first ?? "")
                if target.isEmpty { continue }   // a link within the same page
                let resolved = folder.appendingPathComponent(target).standardizedFileURL.path
                if target.contains(":") || target.hasPrefix("/") || !resolved.hasPrefix(root + "/")
                    || !FileManager.default.fileExists(atPath: resolved) {
                    wrong.append("\(path): \(target)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }
}
