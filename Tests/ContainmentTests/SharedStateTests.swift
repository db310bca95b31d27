import Foundation
import Testing
import Containment
import InvariantChecking

/// Policy Q55: the release build of Containment counts references without atomics, which
/// is sound only while no object is reachable from two simulations' threads. So no
/// global or static stored property in Containment may hold anything reference-counted
/// (arrays, dictionaries, sets, heap strings, class instances, closures). CI runs debug
/// builds, where a race would not show; this scan is the guard instead.
@Suite(.checksInvariants) struct SharedStateTests {
    /// Value types vetted as holding no reference, with what `_isPOD` says of each, so
    /// adding a String or an array to one of them fails here.
    static let trivialTypes: [String: Bool] = [
        "Int": _isPOD(Int.self), "UInt32": _isPOD(UInt32.self), "Double": _isPOD(Double.self), "Bool": _isPOD(Bool.self),
        "Point": _isPOD(Point.self), "Size": _isPOD(Size.self), "Rect": _isPOD(Rect.self),
        "EdgeInsets": _isPOD(EdgeInsets.self), "Transform": _isPOD(Transform.self),
        "AutoresizingMask": _isPOD(AutoresizingMask.self), "RectEdge": _isPOD(RectEdge.self),
        "AnimationOptions": _isPOD(AnimationOptions.self),
    ]

    /// Stored globals that hold a reference-counted value, each with why it is safe.
    static let vetted: [String: String] = [
        "Simulation+Invariants.swift: observer":
            "a TaskLocal (one shared object), read only in debug builds (`#if DEBUG` in Simulation.swift); never created in release",
    ]

    /// A stored global or static property the scan cannot show to be free of references:
    /// Its allow-list key ("File.swift: name") and where it is ("File.swift:line: source").
    static func unsafeGlobals(in text: String, file: String) throws -> [(key: String, at: String)] {
        let modifiers = #"(?:(?:public|package|internal|private|fileprivate)(?:\(set\))?\s+|nonisolated\(unsafe\)\s+)*"#
        let declaration = try Regex(#"^(\s*)(?:@\w+\s+)?"# + modifiers + #"(static\s+)?"# + modifiers + #"(let|var)\s+(\w+)(.*)$"#,
                                     as: (Substring, Substring, Substring?, Substring, Substring, Substring).self)
        var found: [(key: String, at: String)] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let m = try? declaration.wholeMatch(in: line) else { continue }
            // Globals start at column 0; inside a type only `static` ones are shared.
            guard m.output.1.isEmpty || m.output.2 != nil else { continue }
            let rest = m.output.5
            let head = rest.split(separator: "{", maxSplits: 1, omittingEmptySubsequences: false).first ?? rest
            let assigns = head.replacing("==", with: "").contains("=")
            // `var x: T { ... }` is computed: each use makes its own value.
            if m.output.3 == "var" && !assigns && rest.contains("{") { continue }
            if isTrivial(rest) { continue }
            found.append((key: "\(file): \(m.output.4)", at: "\(file):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))"))
        }
        return found
    }

    /// `: T` with a vetted T, `= T(...)` with a vetted T, or a number literal.
    static func isTrivial(_ rest: Substring) -> Bool {
        if let a = try? #/^\s*:\s*(\w+)\s*(=.*)?$/#.wholeMatch(in: rest) { return trivialTypes[String(a.output.1)] != nil }
        guard let v = try? #/^\s*=\s*(.*)$/#.wholeMatch(in: rest) else { return false }
        let value = v.output.1.trimmingCharacters(in: .whitespaces)
        if (try? #/-?[0-9][0-9_]*(\.[0-9_]+)?/#.wholeMatch(in: value)) != nil { return true }
        if let call = try? #/(\w+)\(.*/#.wholeMatch(in: value) { return trivialTypes[String(call.output.1)] != nil }
        return false
    }

    @Test("the vetted value types hold no references")
    func vettedTypesArePlain() {
        #expect(Self.trivialTypes.filter { !$0.value }.keys.sorted() == [])
    }

    @Test("no global or static stored property in Containment holds anything reference-counted (Q55)")
    func noSharedReferences() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Containment")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var unsafe: [String] = []
        var seen = Set<String>()
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for g in try Self.unsafeGlobals(in: text, file: URL(fileURLWithPath: file).lastPathComponent) {
                if Self.vetted[g.key] != nil { seen.insert(g.key) } else { unsafe.append(g.at) }
            }
        }
        #expect(files.count > 40)
        #expect(unsafe == [])
        #expect(seen == Set(Self.vetted.keys), "an allow-list entry no longer matches a declaration")
    }

    @Test("every trace kind reads back as recorded (the index switch that replaced a stored table)")
    func kindsReadBack() {
        let sim = Simulation()
        sim.trace.clear()
        for k in TraceKind.allCases { sim.trace.record(k, "o", k.rawValue) }
        #expect(sim.trace.events.map(\.kind) == TraceKind.allCases)
        #expect(sim.trace.events.map(\.event) == TraceKind.allCases.map(\.rawValue))
    }

    @Test("the scan flags stored tables, class instances and heap strings; passes numbers, plain values and computed ones")
    func scanFlags() throws {
        let source = """
            private let indentations = (0...64).map { String(repeating: "   | ", count: $0) }
            struct A {
                static let names = ["a", "b"]
                public static var cache: [String: Int] = [:]
                static let preset = Device(name: "x")
                @TaskLocal package static var observer: (any SimulationObserver)?
                private static var count: Int = 0
                public private(set) static var table = [1]
                static let delay = 0.35
                public static let limit = 1_000
                static let zero = Point(x: 0, y: 0)
                public static let all: RectEdge = [.top, .left]
                static var names2: [String] { ["a"] }
                static var same: Bool { a == b }
                let instance = ["not shared"]
                func f() {
                    let local = ["not shared"]
                }
            }
            """
        #expect(try Self.unsafeGlobals(in: source, file: "F.swift").map(\.key) == [
            "F.swift: indentations", "F.swift: names", "F.swift: cache", "F.swift: preset", "F.swift: observer", "F.swift: table",
        ])
    }
}
