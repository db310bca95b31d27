import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// docs/api.md is the registry rendered (`ApiReference.markdown()`), and the registry
/// is complete: every entry has a signature and a doc, and mistakes in it are refused.
/// `NESTBOX_RECORD=1 swift test --filter ApiReference` rewrites the file; the test then
/// fails once, so a recording never passes silently.
@Suite(.checksInvariants) struct ApiReferenceTests {
    static let file = repositoryRoot.appendingPathComponent("docs/api.md")

    @Test func docsApiIsCurrent() throws {
        let generated = ApiReference.markdown()
        if ProcessInfo.processInfo.environment["NESTBOX_RECORD"] != nil {
            try generated.write(to: Self.file, atomically: true, encoding: .utf8)
            Issue.record("recorded docs/api.md; run again without NESTBOX_RECORD")
            return
        }
        let current = (try? String(contentsOf: Self.file, encoding: .utf8)) ?? ""
        if current != generated {
            let diff = unifiedDiff(diffLines(current), diffLines(generated))
                .filter { !$0.hasPrefix("  ") }.prefix(40).joined(separator: "\n")
            Issue.record("docs/api.md is stale (NESTBOX_RECORD=1 swift test --filter ApiReference rewrites it):\n\(diff)")
        }
    }

    /// docs/extending.md shows ScrollView+Lua.swift as it is.
    @Test func theExtendingExampleIsTheFile() throws {
        let doc = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/extending.md"), encoding: .utf8)
        let file = try String(contentsOf: repositoryRoot.appendingPathComponent("Sources/NestboxLua/Bindings/ScrollView+Lua.swift"),
                              encoding: .utf8)
        let block = try #require(doc.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == file, "docs/extending.md's example differs from ScrollView+Lua.swift")
    }

    @Test func everyEntryHasASignatureAndADoc() {
        let entries = BindingSurface.entries
        #expect(entries.count > 240, "\(entries.count) entries")
        for e in entries {
            #expect(!e.doc.isEmpty, "\(e.path) has no doc")
            #expect(e.doc.hasSuffix(".") && !e.doc.contains("\n"), "\(e.path): one sentence-ended line: \(e.doc)")
            if e.isFunction {
                #expect(LuaSignature(e.signature) != nil, "\(e.path): malformed signature \(e.signature)")
            } else {
                #expect(!e.signature.isEmpty && !e.signature.contains("->"),
                        "\(e.path): a property's type, not a signature: \(e.signature)")
            }
        }
    }

    /// Every type a signature names is a Lua type, a bound type, a table the registry
    /// documents, or one of the shapes api.md explains.
    @Test func signaturesNameKnownTypes() {
        let known: Set<String> = Set(["number", "integer", "string", "boolean", "table", "any", "nil", "Rect", "Point", "Size",
                                      "Insets", "Transform", "TraitCollection", "Presentation", "TraceEvent"])
            .union(BindingSurface.all.map(\.type)).union(BindingSurface.protocols)
        var unknown: Set<String> = []
        for e in BindingSurface.entries {
            for word in e.signature.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }) {
                let w = String(word)
                // Argument and field names start lower-case and precede a colon; types do not.
                guard w.first?.isUppercase == true || ["number", "integer", "string", "boolean", "table", "any", "nil"].contains(w)
                else { continue }
                if !known.contains(w) { unknown.insert("\(e.path): \(w)") }
            }
        }
        #expect(unknown.isEmpty, "\(unknown.sorted())")
    }

    @Test func signaturesParse() {
        let s = LuaSignature("(view: View, position: integer|{below: View?, above: View?}) -> boolean")
        #expect(s?.arguments == [LuaArgument(name: "view", type: "View"),
                                 LuaArgument(name: "position", type: "integer|{below: View?, above: View?}")])
        #expect(s?.results == ["boolean"])
        #expect(LuaSignature("(fn: fun(x: number)?)")?.arguments.first?.isOptional == true)
        #expect(LuaSignature("(name: string) -> string?, string")?.results == ["string?", "string"])
        #expect(LuaSignature("()")?.arguments == [])
        #expect(LuaSignature("(view View)") == nil)
        #expect(LuaSignature("(a: {b: number)") == nil)
        #expect(LuaSignature("(a: number) boolean") == nil)
    }

    /// The hooks the host looks up by name (the override table and a presentation
    /// controller's overrides) are the ones the registry documents; a recognizer's or a
    /// bar button item's `action` is their target-action, not an override.
    @Test func hooksAreTheHostsHooks() {
        let documented = Set(BindingSurface.hooks).subtracting(["action"])
        let host = Set(BindingSurface.hostHookNames)
        #expect(documented == host, "documented only: \(documented.subtracting(host).sorted()); run only: \(host.subtracting(documented).sorted())")
        #expect(BindingSurface.hooks.filter { $0 == "action" }.count == 2)
    }
}

/// Mistakes in the registry are named, not renumbered silently.
@Suite(.checksInvariants) struct RegistryTests {
    @Test func theRegistryIsValid() {
        #expect(BindingSurface.problems.isEmpty, "\(BindingSurface.problems)")
    }

    @Test func aChildBeforeItsParentIsRefused() {
        #expect(BindingSurface.problems(binding: [("Label", Label.self), ("View", View.self)])
                == ["Label comes before its parent View in LuaTypes.all (at 1 and 2)"])
    }

    @Test func aClassBoundTwiceIsRefused() {
        #expect(BindingSurface.problems(binding: [("View", View.self), ("Label", Label.self), ("Text", Label.self)])
                == ["Text binds Label, which Label binds already"])
    }

    @Test func moreTypesThanTagBitsAreRefused() {
        let many = (0..<33).map { ("T\($0)", View.self as SimObject.Type) }
        #expect(BindingSurface.problems(binding: many).first == "33 bound types, but a tag has 32 bits")
    }

    /// A type's ID is its position, its parent the nearest bound superclass, its tag its
    /// own bit with its parent's.
    @Test func idsParentsAndTagsComeFromTheRegistry() {
        let all = BindingSurface.all
        let layout = BindingSurface.layout
        #expect(layout.map(\.type) == all.map(\.type))
        for (i, entry) in layout.enumerated() {
            let ownBit: UInt32 = 1 << UInt32(i)
            let parentTag = entry.parent.map { layout[$0].tag } ?? 0
            #expect(entry.tag == ownBit | parentTag, "\(entry.type)")
            if let p = entry.parent { #expect(p < i, "\(entry.type)'s parent comes first") }
        }
        func parent(_ t: String) -> String? { layout.first { $0.type == t }?.parent.map { layout[$0].type } }
        #expect(parent("Label") == "View")
        #expect(parent("TableView") == "ScrollView")
        #expect(parent("NavigationController") == "ViewController")
        #expect(parent("TapGestureRecognizer") == "GestureRecognizer")
        #expect(parent("Screen") == nil)
    }

    /// Objects made in Swift get their class's binding, or their nearest bound
    /// superclass's (a navigation bar, a table cell are Views to scripts).
    @Test func swiftObjectsFindTheirBinding() throws {
        let rt = try LuaRuntime()
        let (outcome, out, _) = try runLua("""
            local nav = ui.NavigationController{ root = ui.ViewController{} }
            local t = ui.TableView{ rows = { "a" }, frame = { 0, 0, 100, 100 } }
            t:layoutIfNeeded()
            local edge = nav.view.gestureRecognizers[1]
            print(tostring(nav), tostring(nav.navigationBar), tostring(t:cellForRow(1)), tostring(edge))
            print(nav.navigationBar.bounds ~= nil, rawequal(edge.edges, "left"), ui.window.isKeyWindow)
            """)
        _ = rt
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.contains("<ScreenEdgePanGestureRecognizer"), "\(out)")
        #expect(out.hasSuffix("true\ttrue\tfalse\n"), "\(out)")
    }
}
