import Foundation
import Testing

/// The source is written for macOS as well as Linux (README.md, macOS), though only Linux
/// builds and tests it: these rules, checked here on Linux, keep it so. A Linux-only
/// import, C call, linker flag or library file name needs its platform condition.
@Suite struct PortabilityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func files(_ extensions: Set<String>) throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var out: [(String, String)] = []
        for case let relative as String in walker where extensions.contains((relative as NSString).pathExtension) {
            let path = sources.appendingPathComponent(relative).path
            out.append(("Sources/" + relative, try String(contentsOfFile: path, encoding: .utf8)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// Each line with the conditions of the `#if`/`#ifdef` blocks around it (an `#else`
    /// branch as `!(condition)`), for Swift and C alike.
    static func conditioned(_ text: String) -> [(line: Int, text: String, conditions: [String])] {
        var stack: [String] = []
        var out: [(Int, String, [String])] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let t = raw.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("#if") {
                stack.append(String(t.dropFirst(t.hasPrefix("#ifdef") ? 6 : t.hasPrefix("#ifndef") ? 0 : 3)))
            } else if t.hasPrefix("#elif") || t.hasPrefix("#elseif") {
                if let last = stack.popLast() { stack.append("!(\(last)) && " + t.drop { $0 != " " }) }
            } else if t.hasPrefix("#else") {
                if let last = stack.popLast() { stack.append("!(\(last))") }
            } else if t.hasPrefix("#endif") {
                _ = stack.popLast()
            } else {
                out.append((i + 1, t, stack))
            }
        }
        return out
    }

    static let linuxOnlyModules = ["FoundationEssentials", "Glibc", "Musl"]

    @Test("Swift: Glibc and FoundationEssentials only under canImport, with Darwin or Foundation beside them")
    func swiftImports() throws {
        var problems: [String] = []
        for (path, text) in try Self.files(["swift"]) {
            for (line, t, conditions) in Self.conditioned(text) {
                if t.contains("Glibc."), !t.hasPrefix("//"), !conditions.contains(where: { $0.contains("canImport(Glibc)") }) {
                    problems.append("\(path):\(line): Glibc. named outside #if canImport(Glibc)")
                }
                guard t.hasPrefix("import "), let module = t.split(separator: " ").last.map(String.init),
                      Self.linuxOnlyModules.contains(module) else { continue }
                if !conditions.contains(where: { $0.contains("canImport(\(module))") }) {
                    problems.append("\(path):\(line): import \(module) without #if canImport(\(module))")
                }
            }
            if text.contains("import Glibc"), !text.contains("import Darwin") {
                problems.append("\(path): imports Glibc with no Darwin branch")
            }
            if text.contains("import FoundationEssentials"), !text.contains("import Foundation\n") {
                problems.append("\(path): imports FoundationEssentials with no Foundation branch")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Calls and headers glibc or Linux has and macOS does not.
    static let linuxOnlyC = ["prctl(", "<sys/prctl.h>", "malloc_trim(", "<malloc.h>", "pthread_condattr_setclock(",
                             "mallinfo", "malloc_usable_size("]

    @Test("C: Linux-only calls and headers only under __linux__, __GLIBC__ or the #else of __APPLE__")
    func cCalls() throws {
        var problems: [String] = []
        for (path, text) in try Self.files(["c", "h"]) {
            for (line, t, conditions) in Self.conditioned(text) where !t.hasPrefix("//") && !t.hasPrefix("/*") && !t.hasPrefix("*") {
                guard let call = Self.linuxOnlyC.first(where: { t.contains($0) }) else { continue }
                let guarded = conditions.contains { $0.contains("__linux__") || $0.contains("__GLIBC__") || $0.contains("!(defined(__APPLE__))") || $0.contains("!( defined(__APPLE__))") }
                if !guarded { problems.append("\(path):\(line): \(call) outside a Linux condition") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("shared-library file names only in CLibraryLoader.h's table, one branch per platform")
    func libraryNames() throws {
        var problems: [String] = []
        let soName = try Regex("lib[A-Za-z0-9_+.-]*\\.(so|dylib)\\b")
        let table = "Sources/CLibraryLoader/include/CLibraryLoader.h"
        for (path, text) in try Self.files(["swift", "c", "h"]) {
            for (line, t, conditions) in Self.conditioned(text) where t.contains(soName) {
                if path != table { problems.append("\(path):\(line): a library file name outside \(table)"); continue }
                let isDefinition = t.hasPrefix("#define NB_LIB")
                if isDefinition, t.contains(".dylib") != conditions.contains(where: { $0 == " defined(__APPLE__)" || $0 == "defined(__APPLE__)" }) {
                    problems.append("\(path):\(line): a file name in the other platform's branch")
                }
            }
        }
        let header = try String(contentsOf: Self.root.appendingPathComponent(table), encoding: .utf8)
        for name in ["NB_LIBCAIRO_FILES", "NB_LIBEDIT_FILES"] {
            #expect(header.components(separatedBy: "#define \(name) ").count == 3, "\(name) defined once per platform")
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("Package.swift: Linux-only flags under .linux, and each system library from apt or Homebrew")
    func packageManifest() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let linuxOnlyFlags = ["-static-stdlib", "-l_Foundation", "-use-ld=lld", "--no-export-dynamic", "pack-relative-relocs"]
        var problems: [String] = []
        // Each `.unsafeFlags(...)` expression whole, to its closing parenthesis.
        var rest = manifest[...]
        while let start = rest.range(of: ".unsafeFlags(") {
            var depth = 0, end = start.upperBound
            for i in rest[start.lowerBound...].indices {
                if rest[i] == "(" { depth += 1 } else if rest[i] == ")" { depth -= 1; if depth == 0 { end = i; break } }
            }
            let expression = rest[start.lowerBound...end]
            let line = manifest[..<start.lowerBound].count { $0 == "\n" } + 1
            if let flag = linuxOnlyFlags.first(where: { expression.contains($0) }), !expression.contains("platforms: [.linux]") {
                problems.append("Package.swift:\(line): \(flag) without .when(platforms: [.linux], ...)")
            }
            if expression.contains("-I/opt/homebrew"), !expression.contains("platforms: [.macOS]") {
                problems.append("Package.swift:\(line): Homebrew's headers without .when(platforms: [.macOS])")
            }
            rest = rest[rest.index(after: end)...]
        }
        #expect(manifest.contains(".unsafeFlags([\"-static-stdlib\""), "the manifest was read")
        for line in manifest.split(separator: "\n") where line.contains(".systemLibrary(") {
            if !(line.contains(".apt(") && line.contains(".brew(")) { problems.append("a system library without apt and Homebrew providers: \(line)") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The rules catch what they are for: a bare import, a bare call, a stray name.
    @Test func theRulesSeeWhatTheyLookFor() {
        let bare = Self.conditioned("import Glibc\n#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif")
        #expect(bare.map(\.conditions.count) == [0, 1, 1])
        #expect(bare[2].conditions == ["!( canImport(Glibc)) &&  canImport(Darwin)"])
        let c = Self.conditioned("#ifdef __linux__\nprctl(1);\n#else\nx();\n#endif\n#if defined(__APPLE__)\na();\n#else\nmalloc_trim(0);\n#endif")
        #expect(c.map(\.conditions) == [[" __linux__"], ["!( __linux__)"], [" defined(__APPLE__)"], ["!( defined(__APPLE__))"]])
    }
}
